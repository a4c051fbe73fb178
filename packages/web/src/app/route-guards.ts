// Navigation guards of docs/routes.md#guards that read the configuration: configured redirects. The express-checkout
// flags are lib/express-flags.ts and the external membership URL config/membership-url.ts, below the features that read them.
import { CONFIG } from '@foyer/contracts/constants';
import type { TConfigEntry } from '@foyer/contracts';
import { configuredRedirectTarget } from '@foyer/contracts/rules';
import { configValue } from '../config/config.js';

/** web.redirects (docs/routes.md#route-table: configured redirects send the browser to a target URL); the server applies the same rule to a page's first request. */
export function configuredRedirect(entries: readonly TConfigEntry[], pathname: string): string | null {
  return configuredRedirectTarget(configValue(CONFIG.redirects, entries), pathname);
}
