/**
 * Image addresses (docs/api.md#reads, docs/events.md#limits: default 272×216, cover width 1500): image ids resolve to
 * /api/image/{id}. One rule for the storefront's <img> and the server's preload hint in the HTML
 * shell (server/src/http/event-cover-preload.ts): a preload whose srcset or sizes differ from the
 * <img>'s makes the browser fetch the cover twice.
 */

export const CARD_IMAGE = { width: 272, height: 216 } as const;
export const COVER_IMAGE_WIDTH = 1500;
/** The cart's event thumbnail (docs/cart.md#limits: 64×51, requested at 2×). */
export const CART_THUMBNAIL = { width: 64, height: 51 } as const;

export function imageUrl(id: string, size: { width?: number; height?: number }): string {
  const params = new URLSearchParams();
  if (size.width) params.set('sizex', String(size.width));
  if (size.height) params.set('sizey', String(size.height));
  params.set('shrink_only', 'T');
  return `/api/image/${encodeURIComponent(id)}?${params.toString()}`;
}

export function cardImage(id: string): { src: string; srcSet: string } {
  const src = imageUrl(id, CARD_IMAGE);
  const double = imageUrl(id, { width: CARD_IMAGE.width * 2, height: CARD_IMAGE.height * 2 });
  return { src, srcSet: `${src} 1x, ${double} 2x` };
}

/** A cart section's thumbnail: drawn at 64×51, the file always requested at twice that (sharp on every screen, one file cached). */
export function cartThumbnail(id: string): string {
  return imageUrl(id, { width: CART_THUMBNAIL.width * 2, height: CART_THUMBNAIL.height * 2 });
}

/** Widths the cover is offered in (image-size steps of the server, so each is served exactly). */
const COVER_WIDTHS = [640, 1080, COVER_IMAGE_WIDTH];

/** The event cover: full width, so a phone takes a narrower file than a desktop. */
export function coverImage(id: string): { src: string; srcSet: string; sizes: string } {
  return {
    src: imageUrl(id, { width: COVER_IMAGE_WIDTH }),
    srcSet: COVER_WIDTHS.map((width) => `${imageUrl(id, { width })} ${width}w`).join(', '),
    sizes: `(min-width: ${COVER_IMAGE_WIDTH}px) ${COVER_IMAGE_WIDTH}px, 100vw`,
  };
}

/** Image id from event meta (image_profile / image_cover). */
export function metaImageId(meta: Record<string, unknown> | null | undefined, key: 'image_profile' | 'image_cover'): string | null {
  const value = meta?.[key];
  return typeof value === 'string' && value ? value : null;
}

/** A listing card's image: the event's profile image, else its cover. */
export function cardImageId(meta: Record<string, unknown> | null | undefined): string | null {
  return metaImageId(meta, 'image_profile') ?? metaImageId(meta, 'image_cover');
}

/** The event page's cover: the event's cover image, else its profile image. */
export function coverImageId(meta: Record<string, unknown> | null | undefined): string | null {
  return metaImageId(meta, 'image_cover') ?? metaImageId(meta, 'image_profile');
}

/** The cover's drawn size: the image's own, else the full width at 21:8 (the hero's shape). */
export function coverImageSize(image: { width?: number | null; height?: number | null } | null | undefined): { width: number; height: number } {
  return { width: image?.width ?? COVER_IMAGE_WIDTH, height: image?.height ?? Math.round(COVER_IMAGE_WIDTH / (21 / 8)) };
}

/** A seller logo in meta may be an image id or a URL. */
export function logoUrl(logo: unknown): string | null {
  if (typeof logo !== 'string' || !logo.trim()) return null;
  if (/^(https?:)?\/\//.test(logo) || logo.startsWith('/') || logo.startsWith('data:image/')) return logo;
  return imageUrl(logo, { height: 64 });
}

/** An event's image setting (event config `image`, docs/catalog.md): alt text for its pictures, and whether they are shown whole. */
export interface EventImageSetting {
  altText: string | undefined;
  /** `no_cropping: true`: the picture is fitted inside its frame (letterboxed), never cut to fill it. */
  noCropping: boolean;
}

/** The event's `image` entry among config entries (`config.image` as some catalogs spell it). */
export function eventImageSetting(config: readonly { resource_id?: string | null; name: string; value: unknown }[] | undefined, eventId?: string): EventImageSetting {
  const entries = (config ?? []).filter((c) => c.name === 'image' || c.name === 'config.image');
  const entry = entries.find((c) => c.resource_id === eventId) ?? entries.at(0);
  const value = entry && entry.value && typeof entry.value === 'object' ? (entry.value as { alt_text?: unknown; no_cropping?: unknown }) : {};
  return { altText: typeof value.alt_text === 'string' ? value.alt_text : undefined, noCropping: value.no_cropping === true || value.no_cropping === 'true' };
}
