/**
 * The seller meta the storefront draws (docs/checkout.md#data "Seller meta: logo, completed-order message, image,
 * links, offsets"; docs/catalog.md#4-seller-venues-and-images). One rule for the browser and for the server, which puts the
 * offsets in the HTML shell so the first paint already has the seller's sizes.
 */
import { COVER_IMAGE_WIDTH, imageUrl } from './image-urls.js';
import { safeRedirectTarget } from './redirects.js';

/** The link names the storefront has a text for; any other link needs its own `label`. */
export const SELLER_LINK_NAMES = ['website', 'visit', 'contact', 'faq', 'accessibility', 'privacy', 'terms'] as const;
export type SellerLinkName = (typeof SELLER_LINK_NAMES)[number];

export interface SellerLink {
  name: string;
  /** The seller's own label, or null: the storefront's text for a known name. */
  label: string | null;
  href: string;
}

/**
 * meta `links` `{ name: url | { label, url } }`, in the seller's order: a link shows when its URL is
 * an http(s) URL or a path of this site and it has a text (a known name's, or its own label).
 */
export function sellerLinks(meta: Record<string, unknown> | null | undefined): SellerLink[] {
  const raw = meta?.links;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return [];
  const links: SellerLink[] = [];
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    const spec = value && typeof value === 'object' ? (value as { label?: unknown; url?: unknown }) : { url: value };
    const href = safeRedirectTarget(spec.url);
    const label = typeof spec.label === 'string' && spec.label.trim() ? spec.label.trim().slice(0, 80) : null;
    if (!href || (!label && !(SELLER_LINK_NAMES as readonly string[]).includes(name))) continue;
    links.push({ name, label, href });
  }
  return links.slice(0, 12);
}

/** meta `links.terms`: the terms the checkout links to (an http(s) URL only: it opens in a new tab). */
export function sellerTermsUrl(meta: Record<string, unknown> | null | undefined): string | null {
  const links = meta?.links as Record<string, unknown> | undefined;
  const terms = links && typeof links === 'object' ? links.terms : undefined;
  const url = terms && typeof terms === 'object' ? (terms as { url?: unknown }).url : terms;
  return typeof url === 'string' && /^https?:\/\/\S+$/i.test(url.trim()) ? url.trim() : null;
}

/** meta `image`: the seller's picture (an image id or a URL), drawn as the home page's banner. */
export function sellerImageUrl(meta: Record<string, unknown> | null | undefined): string | null {
  const image = meta?.image;
  if (typeof image !== 'string' || !image.trim()) return null;
  const text = image.trim();
  if (/^https?:\/\//i.test(text) || (text.startsWith('/') && !text.startsWith('//')) || text.startsWith('data:image/')) return text;
  // Otherwise an image id: a word, never an address of some other kind (`//host`, `javascript:`).
  return /^[\w.-]+$/.test(text) ? imageUrl(text, { width: COVER_IMAGE_WIDTH }) : null;
}

/**
 * meta `offsets` `{ header, header_mobile, logo, mobile_footer, mobile_cart_header, mobile_cart_footer }`
 * in pixels: the theme's sizes of docs/routes.md#app-shell-and-modals (defaults 105, 64, 32, 80, 72, 180), for a seller whose
 * logo or header is taller. Each is the CSS custom property the shell's styles use.
 */
export const SELLER_OFFSET_PROPERTIES = {
  header: '--header-height-desktop',
  header_mobile: '--header-height',
  logo: '--logo-height',
  mobile_footer: '--mobile-footer-height',
  mobile_cart_header: '--mobile-cart-header-height',
  mobile_cart_footer: '--mobile-cart-footer-height',
} as const;
export const SELLER_OFFSET_MAX = 400;

/** The custom properties meta `offsets` sets: whole pixels from 0 to 400; anything else is left out. */
export function sellerOffsetTokens(meta: Record<string, unknown> | null | undefined): Record<string, string> {
  const raw = meta?.offsets;
  const result: Record<string, string> = {};
  if (!raw || typeof raw !== 'object') return result;
  for (const [key, property] of Object.entries(SELLER_OFFSET_PROPERTIES)) {
    const value = (raw as Record<string, unknown>)[key];
    const px = typeof value === 'string' && value.trim() ? Number(value.trim().replace(/px$/i, '')) : value;
    if (typeof px === 'number' && Number.isInteger(px) && px >= 0 && px <= SELLER_OFFSET_MAX) result[property] = `${px}px`;
  }
  return result;
}
