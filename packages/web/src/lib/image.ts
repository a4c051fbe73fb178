import { imageUrl } from '@foyer/contracts/rules';

/** The address rules live in contracts (the server's HTML shell preloads the event cover with them). */
export { CARD_IMAGE, COVER_IMAGE_WIDTH, imageUrl, cardImage, coverImage, metaImageId, coverImageId } from '@foyer/contracts/rules';

/** A seller logo in meta may be an image id or a URL. */
export function logoUrl(logo: unknown): string | null {
  if (typeof logo !== 'string' || !logo.trim()) return null;
  if (/^(https?:)?\/\//.test(logo) || logo.startsWith('/') || logo.startsWith('data:image/')) return logo;
  return imageUrl(logo, { height: 64 });
}
