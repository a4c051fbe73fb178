/**
 * Configured redirects and the trailing-slash rule (docs/routes.md#guards navigation guards), shared by the
 * server (the page's first request) and the browser (every navigation after it).
 */

/** A path with its trailing slash(es) stripped, or null when it has none. */
export function withoutTrailingSlash(pathname: string): string | null {
  if (pathname.length <= 1 || !pathname.endsWith('/')) return null;
  return pathname.replace(/\/+$/, '') || '/';
}

/** A target a browser may be sent to: an http(s) URL or a path of this site (never `//host`). */
export function safeRedirectTarget(value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return null;
  if (/^https?:\/\/\S+$/i.test(text)) return text;
  if (text.startsWith('/') && !text.startsWith('//')) return text;
  return null;
}

/**
 * web.redirects `{ disable_home_route: url, paths: { "/path": url } }`: where a path goes instead,
 * or null. Home goes to disable_home_route's URL; a listed path to its URL.
 */
export function configuredRedirectTarget(value: unknown, pathname: string): string | null {
  if (!value || typeof value !== 'object') return null;
  const raw = value as { disable_home_route?: unknown; paths?: unknown };
  if (pathname === '/' && raw.disable_home_route !== undefined) return safeRedirectTarget(raw.disable_home_route);
  const paths = raw.paths && typeof raw.paths === 'object' ? (raw.paths as Record<string, unknown>) : {};
  const target = Object.prototype.hasOwnProperty.call(paths, pathname) ? safeRedirectTarget(paths[pathname]) : null;
  return target && target !== pathname ? target : null;
}

/**
 * web.redirects `require_seller_prefix: url`: the storefront is reached only under a host name
 * that starts with the seller's key (`harbour-museum.tickets.example.org` for `harbour-museum`);
 * a page requested under any other host (the bare platform name, an IP address) goes to the URL.
 * Null when it may stay. The host name only changes with a page load, so the server's check of
 * each page's first request is the whole rule.
 */
export function sellerPrefixTarget(value: unknown, hostname: string, sellerKey: string): string | null {
  if (!value || typeof value !== 'object') return null;
  const target = safeRedirectTarget((value as { require_seller_prefix?: unknown }).require_seller_prefix);
  // Only another site: a path of this one would be asked for again under the same host, forever.
  if (!target || !/^https?:/i.test(target)) return null;
  const first = hostname.toLowerCase().replace(/:\d+$/, '').split('.')[0] ?? '';
  return first === sellerKey.toLowerCase() ? null : target;
}

/**
 * The express-link flags (docs/memberships.md#2-buying): the storefront takes one off the address and remembers, for the
 * tab, to skip the upsells. Only the browser can remember it, so the server leaves such an address
 * to the browser (docs/server-rendering.md).
 */
export const EXPRESS_PARAMS = ['express', 'express_checkout'] as const;

/** Whether the address's query carries an express flag. */
export function hasExpressFlag(search: string): boolean {
  const params = new URLSearchParams(search);
  return EXPRESS_PARAMS.some((p) => params.has(p));
}
