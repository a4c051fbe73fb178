import { PAGE_HEAD_TEXTS as T } from '@foyer/contracts/constants';
import type { TEventTemplate, TImage } from '@foyer/contracts';
import { cardImageId, coverImage, isAddOnMeta, logoUrl } from '@foyer/contracts/rules';
import type { EventFacts } from './event-facts.js';
import { eventDescription, eventJsonLd, eventPageUrl, type SiteFacts } from './event-json-ld.js';
import type { PageHead } from './page-head.js';
import { mustExist } from '../must-exist.js';

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);
const titled = (page: string, site: SiteFacts) => (site.sellerName ? `${page}${T.titleSeparator}${site.sellerName}` : page);

/** An image address made absolute on FOYER_PUBLIC_URL; null for one a preview cannot fetch (a data: URL). */
export function absoluteUrl(publicUrl: string, src: string): string | null {
  if (/^https?:\/\//i.test(src)) return src;
  if (src.startsWith('//')) return `${new URL(publicUrl).protocol}${src}`;
  if (src.startsWith('/')) return `${publicUrl}${src}`;
  return null;
}

/** An event's picture for previews: its cover at the page's full width. */
// A cover's address is a path on the site, never a data: URL.
const eventImageUrl = (publicUrl: string, imageId: string) => mustExist(absoluteUrl(publicUrl, coverImage(imageId).src), `address of image ${imageId}`);

/** An event page: its name, text and cover; Event JSON-LD unless members-only; not indexed when link-only or members-only. */
export function eventPageHead(facts: EventFacts, site: SiteFacts): PageHead {
  const { event, venue } = facts;
  const { image } = facts;
  const imageUrl = image ? eventImageUrl(site.publicUrl, image.id) : null;
  const venueName = venue?.name ?? event.venue?.name;
  return {
    title: titled(event.name, site),
    description:
      eventDescription(event, 160) ?? fill(venueName ? T.eventDescription : T.eventDescriptionNoVenue, { event: event.name, venue: venueName ?? '' }),
    canonical: eventPageUrl(site.publicUrl, event.id),
    siteName: site.sellerName,
    image: image && imageUrl ? { url: imageUrl, alt: image.alt } : null,
    noindex: event.hidden_type !== 'public_browsable',
    jsonLd: eventJsonLd(facts, site, imageUrl),
  };
}

/** An event page whose event is not there (unknown, or another seller's): the seller's name, not indexed. */
export function missingEventPageHead(id: string, site: SiteFacts): PageHead {
  return { title: site.sellerName, description: fill(T.homeDescription, { seller: site.sellerName }), canonical: eventPageUrl(site.publicUrl, id), siteName: site.sellerName, image: null, noindex: true };
}

export interface SiteImages {
  /** The seller's logo (seller meta `logo`). */
  logo: unknown;
  /** What the listing lists (GET events/available with its image embed), for a picture when there is no logo. */
  listing: { event_template?: { _data?: TEventTemplate[] }; image?: { _data?: TImage[] } } | null;
}

/** The site's picture: the seller's logo, else the first listed event's. */
function siteImage(site: SiteFacts, images: SiteImages): PageHead['image'] {
  const logo = logoUrl(images.logo);
  const logoAbsolute = logo ? absoluteUrl(site.publicUrl, logo) : null;
  if (logoAbsolute) return { url: logoAbsolute, alt: site.sellerName };
  for (const event of images.listing?.event_template?._data ?? []) {
    const id = isAddOnMeta(event.meta) ? null : cardImageId(event.meta);
    if (!id) continue;
    const alt = images.listing?.image?._data?.find((image) => image.id === id)?.alt_text || null;
    return { url: eventImageUrl(site.publicUrl, id), alt };
  }
  return null;
}

/** The listing (/events, any filter): one canonical address, without the filters. */
export function listingPageHead(site: SiteFacts, images: SiteImages): PageHead {
  return {
    title: titled(T.listingTitle, site),
    description: fill(T.listingDescription, { seller: site.sellerName }),
    canonical: `${site.publicUrl}/events`,
    siteName: site.sellerName,
    image: siteImage(site, images),
  };
}

/** Home (/). */
export function homePageHead(site: SiteFacts, images: SiteImages): PageHead {
  return {
    title: titled(T.homeTitle, site),
    description: fill(T.homeDescription, { seller: site.sellerName }),
    canonical: `${site.publicUrl}/`,
    siteName: site.sellerName,
    image: siteImage(site, images),
  };
}
