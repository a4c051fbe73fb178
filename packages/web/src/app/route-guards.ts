// Navigation guards of docs/routes.md#guards that read the configuration or the address: configured redirects and the express-checkout flag.
import { CONFIG } from '@foyer/contracts/constants';
import type { TConfigEntry } from '@foyer/contracts';
import { configuredRedirectTarget, EXPRESS_PARAMS, safeRedirectTarget } from '@foyer/contracts/rules';
import { asBoolean, configValue } from '../config/config.js';

/** The express-checkout query flags; either sets skip-upsells and is then removed from the address. */
export { EXPRESS_PARAMS };
const SKIP_UPSELLS_KEY = 'foyer.skip_upsells';

/** web.redirects (docs/routes.md#route-table: configured redirects send the browser to a target URL); the server applies the same rule to a page's first request. */
export function configuredRedirect(entries: readonly TConfigEntry[], pathname: string): string | null {
  return configuredRedirectTarget(configValue(CONFIG.redirects, entries), pathname);
}

/**
 * The address without its express flags (null when it has none); a truthy flag sets skip-upsells
 * for this visit (docs/routes.md#route-table).
 */
export function takeExpressFlag(url: URL, storage: Pick<Storage, 'setItem'> | null = safeSession()): string | null {
  if (!EXPRESS_PARAMS.some((p) => url.searchParams.has(p))) return null;
  const on = EXPRESS_PARAMS.some((p) => url.searchParams.has(p) && asBoolean(url.searchParams.get(p) || 'true', false));
  if (on) storage?.setItem(SKIP_UPSELLS_KEY, '1');
  const rest = new URLSearchParams(url.search);
  for (const p of EXPRESS_PARAMS) rest.delete(p);
  const search = rest.toString();
  return `${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}

/** Whether an express link skipped the upsells in this visit. */
export function skipsUpsells(storage: Pick<Storage, 'getItem'> | null = safeSession()): boolean {
  return storage?.getItem(SKIP_UPSELLS_KEY) === '1';
}

/** /membership/{action} (docs/routes.md#route-table): the external membership URL plus the action, when configured. */
export function externalMembershipUrl(entries: readonly TConfigEntry[], action: string | undefined): string | null {
  const base = safeRedirectTarget(configValue(CONFIG.membershipUrl, entries));
  if (!base || !/^https?:/i.test(base)) return null;
  return action ? `${base.replace(/\/+$/, '')}/${encodeURIComponent(action)}` : base;
}

function safeSession(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
