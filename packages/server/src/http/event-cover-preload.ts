import { coverImage } from '@foyer/contracts/rules';
import { escapeHtml } from '../mail/escape-html.js';

/**
 * A preload hint for the cover of the event a page is served for: the cover is the event page's
 * largest paint on a phone. srcset and sizes are the <img>'s own (the rule in contracts), so the
 * browser takes the same file for both. Any other page or an event without a cover: no hint.
 */
export function eventCoverPreload(coverId: string | null): string {
  if (!coverId) return '';
  const { src, srcSet, sizes } = coverImage(coverId);
  return `<link rel="preload" as="image" href="${escapeHtml(src)}" imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(sizes)}" fetchpriority="high">`;
}
