import { matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { INLINE_ROUTER_ID } from '@foyer/contracts/constants';

/**
 * A server-rendered page (docs/server-rendering.md) starts its router from the data the server
 * rendered it with, and with the first address's route modules already loaded: its first render is
 * then the page the server drew, not the loading fallback, and hydrates in place.
 */

/** The routes' data the server rendered this page with (its data block), or null: the page was not server-rendered. */
export function serverRouterData(doc: Document = document): HydrationState | null {
  const text = doc.getElementById(INLINE_ROUTER_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<HydrationState> | null;
    return data && typeof data === 'object' && data.loaderData && typeof data.loaderData === 'object' ? data : null;
  } catch {
    return null;
  }
}

/** What a lazy route's module may give its route (React Router's route properties). */
const ROUTE_KEYS = ['Component', 'ErrorBoundary', 'HydrateFallback', 'loader', 'action', 'handle', 'shouldRevalidate'] as const;

/** Loads the lazy modules of the routes this address matches and puts them on the routes, as the router would. */
export async function resolveLazyRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = (await route.lazy()) as Record<string, unknown>;
      const target = route as Record<string, unknown>;
      for (const key of ROUTE_KEYS) if (module[key] !== undefined && target[key] === undefined) target[key] = module[key];
      delete route.lazy;
    }),
  );
}
