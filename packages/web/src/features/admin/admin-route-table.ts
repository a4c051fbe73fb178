import type { RouteObject } from 'react-router';
import { loadChunk } from '../../lib/lazy.js';
import { StaffFallback } from '../../ui/staff-fallback.js';

/**
 * The staff app's routes (docs/box-office.md): top-level, beside the storefront's tree, each screen
 * a chunk of its own, so none of it loads with the storefront. Other staff screens (the door at
 * /admin/door) are siblings of these, registered next to them in app/router.tsx.
 */
export const adminRoutes: RouteObject[] = [
  { path: '/admin/set-password', HydrateFallback: StaffFallback, lazy: () => loadChunk(() => import('./set-password-page.js')) },
  {
    path: '/admin',
    HydrateFallback: StaffFallback,
    lazy: () => loadChunk(() => import('./admin-layout.js')),
    children: [
      { index: true, lazy: () => loadChunk(() => import('./find-page.js')) },
      { path: 'orders/:id', lazy: () => loadChunk(() => import('./order-page.js')) },
      { path: 'members', lazy: () => loadChunk(() => import('./members-page.js')) },
      { path: 'sessions', lazy: () => loadChunk(() => import('./sessions-page.js')) },
      { path: 'payment-links', lazy: () => loadChunk(() => import('./payment-links-page.js')) },
      { path: 'audit', lazy: () => loadChunk(() => import('./audit-page.js')) },
      { path: 'reports', lazy: () => loadChunk(() => import('./reports-page.js')) },
    ],
  },
];
