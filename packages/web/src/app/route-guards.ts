// Navigation guards of 001 §2 that read the configuration or the address: configured redirects and the express-checkout flag.
import { CONFIG } from '@foyer/contracts/constants';
import type { TConfigEntry } from '@foyer/contracts';
import { asBoolean, asString, configValue } from '../config/config.js';

/** The express-checkout query flags; either sets skip-upsells and is then removed from the address. */
export const EXPRESS_PARAMS = ['express', 'express_checkout'] as const;
const SKIP_UPSELLS_KEY = 'foyer.skip_upsells';

/** A target a browser may be sent to: an http(s) URL or a path of this site (never `//host`). */
function safeTarget(value: unknown): string | null {
  const text = asString(value);
  if (!text) return null;
  if (/^https?:\/\/[^\s]+$/i.test(text)) return text;
  if (text.startsWith('/') && !text.startsWith('//')) return text;
  return null;
}

/**
 * web.redirects (001 §2: configured redirects send the browser to a target URL):
 * `disable_home_route` — home (/) goes to this URL instead; `paths` — a path goes to its URL.
 */
export function configuredRedirect(entries: readonly TConfigEntry[], pathname: string): string | null {
  const value = configValue(CONFIG.redirects, entries);
  if (!value || typeof value !== 'object') return null;
  const raw = value as { disable_home_route?: unknown; paths?: unknown };
  if (pathname === '/' && raw.disable_home_route !== undefined) return safeTarget(raw.disable_home_route);
  const paths = raw.paths && typeof raw.paths === 'object' ? (raw.paths as Record<string, unknown>) : {};
  const target = Object.prototype.hasOwnProperty.call(paths, pathname) ? safeTarget(paths[pathname]) : null;
  return target && target !== pathname ? target : null;
}

/**
 * The address without its express flags (null when it has none); a truthy flag sets skip-upsells
 * for this visit (001 §2).
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

/** /membership/{action} (001 §2): the external membership URL plus the action, when configured. */
export function externalMembershipUrl(entries: readonly TConfigEntry[], action: string | undefined): string | null {
  const base = safeTarget(configValue(CONFIG.membershipUrl, entries));
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
