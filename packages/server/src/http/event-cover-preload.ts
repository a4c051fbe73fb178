import { coverImage } from '@foyer/contracts/rules';
import { escapeHtml } from '../mail/escape-html.js';
import type { EventShell } from './event-page-shell.js';

/**
 * A preload hint for the cover of the event a shell is served for: the cover is the event page's
 * largest paint on a phone. srcset and sizes are the <img>'s own (the rule in contracts), so the
 * browser takes the same file for both. Any other page or an event without a cover: no hint.
 */
export function eventCoverPreload(shell: EventShell | null): string {
  if (!shell?.cover) return '';
  const { src, srcSet, sizes } = coverImage(shell.cover.id);
  return `<link rel="preload" as="image" href="${escapeHtml(src)}" imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(sizes)}" fetchpriority="high">`;
}
