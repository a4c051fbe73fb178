import { redirect, type LoaderFunctionArgs, type RouteObject, type ShouldRevalidateFunctionArgs } from 'react-router';
import { configQuery } from '../api/queries.js';
import { RootError, RouteError } from './error-pages.js';
import { NotFoundPage } from '../ui/not-found-page.js';
import { loadChunk } from '../lib/lazy.js';
import { startEventPage } from '../features/events/detail/start-event-page.js';
import { queryClient } from '../api/query-client.js';
import { Shell, ShellFallback } from './shell.js';
import { StaffFallback } from '../ui/staff-fallback.js';
import { configuredRedirect } from './route-guards.js';
import { takeExpressFlag } from '../lib/express-flags.js';
import { EXPRESS_PARAMS, withoutTrailingSlash } from '@foyer/contracts/rules';
import { adminRoutes } from '../features/admin/admin-route-table.js';

/** Strips a trailing slash, then makes sure the configuration is loaded before anything renders. */
export async function rootLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const stripped = withoutTrailingSlash(url.pathname);
  if (stripped) throw redirect(stripped + url.search);
  const withoutExpress = takeExpressFlag(url);
  if (withoutExpress !== null) throw redirect(withoutExpress);
  const config = await queryClient.query({ ...configQuery(), staleTime: 'static' });
  const target = configuredRedirect(config.entries, url.pathname);
  if (target) throw redirect(target);
  return null;
}

function rootShouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // The guards look at every address: a trailing slash, an express flag, a configured redirect.
  return withoutTrailingSlash(nextUrl.pathname) !== null || currentUrl.pathname !== nextUrl.pathname || EXPRESS_PARAMS.some((p) => nextUrl.searchParams.has(p)) || defaultShouldRevalidate;
}

/** The route table of docs/routes.md#route-table. Feature pages are code-split. The staff app (/admin) sits beside the storefront, outside its shell. */
export const routes: RouteObject[] = [
  ...adminRoutes,
  {
    id: 'root',
    path: '/',
    loader: rootLoader,
    shouldRevalidate: rootShouldRevalidate,
    Component: Shell,
    ErrorBoundary: RootError,
    HydrateFallback: ShellFallback,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, lazy: () => loadChunk(() => import('../features/home/home-page.js')) },
          { path: 'events', lazy: () => loadChunk(() => import('../features/events/listing/events-page.js')) },
          { path: 'events/:id', lazy: () => (typeof window !== 'undefined' && startEventPage(window.location.pathname), loadChunk(() => import('../features/events/detail/event-page.js'))) },
          { path: 'events/:id/:action', lazy: () => loadChunk(() => import('../features/events/detail/event-page.js')) },
          { path: 'transfer-cart/:cartId', lazy: () => loadChunk(() => import('../features/transfer-cart/transfer-cart-page.js')) },
          { path: 'checkout', lazy: () => loadChunk(() => import('../features/checkout/checkout-page.js')) },
          { path: 'checkout/complete', lazy: () => loadChunk(() => import('../features/checkout/complete-page.js')) },
          { path: 'checkout/tickets/:orderId', lazy: () => loadChunk(() => import('../features/checkout/tickets-page.js')) },
          { path: 'checkout/pending/:cartId', lazy: () => loadChunk(() => import('../features/checkout/pending-page.js')) },
          { path: 'checkout/:cartId', lazy: () => loadChunk(() => import('../features/checkout/checkout-page.js')) },
          { path: 'membership/redeem', lazy: () => loadChunk(() => import('../features/membership/redeem/redeem-page.js')) },
          { path: 'membership', lazy: () => loadChunk(() => import('../features/placeholders/membership.js')) },
          { path: 'membership/:action', lazy: () => loadChunk(() => import('../features/placeholders/membership.js')) },
          {
            path: 'my',
            children: [
              { index: true, lazy: () => loadChunk(() => import('../features/my-account/my-account-index.js')) },
              { path: 'membership', lazy: () => loadChunk(() => import('../features/membership/my-membership-page.js')) },
              { path: 'profile', lazy: () => loadChunk(() => import('../features/my-account/profile-page.js')) },
              { path: 'upcoming', lazy: () => loadChunk(() => import('../features/my-account/upcoming-page.js')) },
              { path: 'upcoming/session/:id', lazy: () => loadChunk(() => import('../features/my-account/upcoming-session-page.js')) },
              { path: 'orders', lazy: () => loadChunk(() => import('../features/manage/my-orders-page.js')) },
              { path: 'orders/:id', lazy: () => loadChunk(() => import('../features/manage/my-order-page.js')) },
            ],
          },
          { path: 'user/forgot-membership', lazy: () => loadChunk(() => import('../features/account/forgot-membership-page.js')) },
          { path: 'user/forgot-password', lazy: () => loadChunk(() => import('../features/account/forgot-password-page.js')) },
          { path: 'user/reset-password', lazy: () => loadChunk(() => import('../features/account/reset-password-page.js')) },
          { path: 'user/set-email-address', lazy: () => loadChunk(() => import('../features/account/set-email-page.js')) },
          { path: 'resend', lazy: () => loadChunk(() => import('../features/account/resend-page.js')) },
          { path: 'manage/:ticketOrderId/cancel-auto-renew', id: 'manage-cancel-auto-renew', lazy: () => loadChunk(() => import('../features/membership/auto-renew/cancel-auto-renew-page.js')) },
          { path: 'manage/:orderId/reschedule/:sessionId', id: 'manage-reschedule', lazy: () => loadChunk(() => import('../features/manage/self-edit/reschedule-page.js')) },
          { path: 'manage/:orderId/confirm', id: 'manage-confirm', lazy: () => loadChunk(() => import('../features/manage/self-edit/confirm-page.js')) },
          { path: 'manage/:orderId/pay', id: 'manage-pay', lazy: () => loadChunk(() => import('../features/manage/instalments/instalment-pay-page.js')) },
          { path: 'manage/:id', id: 'manage', lazy: () => loadChunk(() => import('../features/manage/manage-page.js')) },
          { path: 'auth0-login', lazy: () => loadChunk(() => import('../features/account/external-login-pages.js')) },
          { path: 'auth0-callback', lazy: () => loadChunk(() => import('../features/account/login-callback-route.js')) },
          { path: 'logout', lazy: () => loadChunk(() => import('../features/account/logout-page.js')) },
          // docs/routes.md#route-table: the component viewer exists in development builds only (the production build drops it, e2e/stories-absent.e2e.ts).
          ...(import.meta.env.DEV ? [{ path: '_stories', lazy: () => loadChunk(() => import('../features/stories/stories-page.js')) }] : []),
          { path: '404', id: 'not-found', Component: NotFoundPage },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
  // The door screen (docs/door.md): staff only, its own full screen outside the storefront's shell, loaded only here.
  { path: '/admin/door', ErrorBoundary: RootError, HydrateFallback: StaffFallback, lazy: () => loadChunk(() => import('../features/door/door-page.js')) },
];
