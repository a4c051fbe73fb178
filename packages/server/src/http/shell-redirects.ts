import { CONFIG, configuredRedirectTarget, sellerPrefixTarget, withoutTrailingSlash } from '@foyer/contracts';
import type { AppContext } from '../app-context.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import { sellerConfigText } from '../config/public.js';

/**
 * The navigation guards of docs/routes.md#guards on a page's first request, before the storefront loads: a
 * trailing slash is stripped (301), and the default seller's web.redirects sends every page under
 * a host without the seller's prefix (require_seller_prefix), home or a listed path elsewhere
 * (302). The storefront applies the home and path rules (contracts/rules/redirects.ts) to its own
 * navigations; the host never changes between them.
 */
export function shellRedirects(ctx: AppContext) {
  return async (url: string, hostname = ''): Promise<{ status: 301 | 302; location: string } | null> => {
    const at = url.indexOf('?');
    const pathname = at < 0 ? url : url.slice(0, at);
    const search = at < 0 ? '' : url.slice(at);
    const stripped = withoutTrailingSlash(pathname);
    if (stripped) return { status: 301, location: stripped + search };
    let seller: { id: string; catalog_key: string };
    try {
      seller = await resolveSeller(ctx.db, null, ctx.settings.defaultSeller, ctx.cache);
    } catch {
      return null;
    }
    const stored = await sellerConfigText(ctx.db, seller.id, CONFIG.redirects.namespace, CONFIG.redirects.name);
    if (stored === undefined) return null;
    let value: unknown;
    try {
      value = JSON.parse(stored);
    } catch {
      return null;
    }
    const target = sellerPrefixTarget(value, hostname, seller.catalog_key) ?? configuredRedirectTarget(value, pathname);
    return target ? { status: 302, location: target } : null;
  };
}
