import { LISTING_EAGER_CARDS } from '@foyer/contracts/constants';
import { cardImage, cardImageId, isAddOnMeta } from '@foyer/contracts/rules';
import { escapeHtml } from '../mail/escape-html.js';

type Listing = { event_template?: { _data?: { meta?: Record<string, unknown> | null }[] } } | null;

/**
 * Preload hints for the images of the listing's first cards (those it loads at once), from the
 * listing the shell carries: a card image is the listing's largest paint on a phone, and asked for
 * with the page it no longer waits for the app. srcset is the card's own (the rule in contracts).
 * Add-ons are left out as the page leaves them out of a listing without a cart. Only the
 * unfiltered page: a filter shows other cards first.
 */
export function listingImagePreloads(url: string, listing: unknown): string {
  if (url !== '/events') return '';
  const events = (listing as Listing)?.event_template?._data ?? [];
  return events
    .filter((event) => !isAddOnMeta(event.meta))
    .slice(0, LISTING_EAGER_CARDS)
    .flatMap((event) => {
      const id = cardImageId(event.meta);
      if (!id) return [];
      const { src, srcSet } = cardImage(id);
      return [`<link rel="preload" as="image" href="${escapeHtml(src)}" imagesrcset="${escapeHtml(srcSet)}">`];
    })
    .join('');
}
