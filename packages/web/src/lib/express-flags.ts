// The express-checkout flags of docs/routes.md#guards: the router takes them off the address, the upsell pages read the choice.
import { EXPRESS_PARAMS } from '@foyer/contracts/rules';
import { asBoolean } from '../config/config.js';

/** Set for the visit when an express flag (EXPRESS_PARAMS, removed from the address) was truthy. */
const SKIP_UPSELLS_KEY = 'foyer.skip_upsells';

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

function safeSession(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
