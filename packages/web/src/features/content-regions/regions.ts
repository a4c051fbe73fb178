// Custom content regions (docs/routes.md#route-table): the seller's HTML blocks, placed in named regions, on or off per route name and role.
import { CONFIG } from '@foyer/contracts/constants';
import type { TConfigEntry } from '@foyer/contracts';
import { configValue } from '../../config/config.js';

/** The regions of every page: above and below its content. */
export const REGION_NAMES = ['page_top', 'page_bottom'] as const;
export type RegionName = (typeof REGION_NAMES)[number];
/** docs/events.md#members-only-events: 'anonymous' means no logged-in user. */
export type RegionRole = 'anonymous' | 'member';

export interface ContentBlock {
  region: RegionName;
  html: string;
  /** Route names it shows on; none listed: every route. */
  routes: string[] | null;
  /** Roles it shows for; none listed: everyone. */
  roles: RegionRole[] | null;
}

const ROUTE_NAMES: [RegExp, string][] = [
  [/^\/$/, 'home'],
  [/^\/events$/, 'events'],
  [/^\/events\/[^/]+(\/[^/]+)?$/, 'event'],
  [/^\/checkout\/complete$/, 'checkout_complete'],
  [/^\/checkout\/pending\/[^/]+$/, 'checkout_pending'],
  [/^\/checkout(\/[^/]+)?$/, 'checkout'],
  [/^\/transfer-cart\/[^/]+$/, 'transfer_cart'],
  [/^\/membership(\/.*)?$/, 'membership'],
  [/^\/my(\/.*)?$/, 'my_account'],
  [/^\/manage\/.+$/, 'manage'],
  [/^\/resend$/, 'resend'],
  [/^\/user\/.+$/, 'user'],
];

/** The route name of a path (docs/catalog.md lists them); 'other' for the rest (the 404 page). */
export function routeName(pathname: string): string {
  return ROUTE_NAMES.find(([re]) => re.test(pathname))?.[1] ?? 'other';
}

const names = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').map((x) => x.trim()).filter(Boolean) : null);

/** web.content_regions: a list of `{ region, html, routes?, roles?, enabled? }`; malformed or disabled blocks are left out. */
export function contentBlocks(entries: readonly TConfigEntry[]): ContentBlock[] {
  const value = configValue(CONFIG.contentRegions, entries);
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw): ContentBlock[] => {
    if (!raw || typeof raw !== 'object') return [];
    const r = raw as Record<string, unknown>;
    if (r.enabled === false || typeof r.html !== 'string' || !r.html.trim()) return [];
    if (!(REGION_NAMES as readonly string[]).includes(r.region as string)) return [];
    const roles = names(r.roles)?.filter((x): x is RegionRole => x === 'anonymous' || x === 'member') ?? null;
    return [{ region: r.region as RegionName, html: r.html, routes: names(r.routes), roles }];
  });
}

/** The blocks of a region on a route for a role, in their configured order. */
export function blocksFor(blocks: readonly ContentBlock[], region: RegionName, route: string, role: RegionRole): ContentBlock[] {
  return blocks.filter((b) => b.region === region && (!b.routes || b.routes.includes(route)) && (!b.roles || b.roles.includes(role)));
}
