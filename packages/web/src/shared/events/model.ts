import type { TConfigEntry, TDocument, TEventTemplate, TImage, TMessageRule, TTicketGroup, TTicketGroupRule, TTicketType, TVenue } from '@foyer/contracts';
import { byId, listOf } from '../../api/document.js';
import { eventImageSetting, isAddOnMeta } from '@foyer/contracts/rules';

/** The event detail document (GET events/{id} with its embeds) read into what the page shows. */

export interface PriceType {
  type: TTicketType;
  rule: TTicketGroupRule;
}

export interface PriceGroup {
  group: TTicketGroup;
  types: PriceType[];
}

export interface EventDetail {
  event: TEventTemplate;
  venue: TVenue | null;
  /** Display timezone: the venue's, else the seller's. */
  timezone: string;
  config: TConfigEntry[];
  groups: PriceGroup[];
  images: Map<string, TImage>;
  messageRules: TMessageRule[];
}

const byRank = <T extends { _rank: number }>(a: T, b: T) => a._rank - b._rank;

export function readEventDetail(doc: TDocument, options: { sellerTimezone: string; ticketGroupIds?: string[] | null }): EventDetail | null {
  const event = listOf(doc, 'event_template').at(0);
  if (!event) return null;
  const venue = listOf(doc, 'venue').find((v) => v.id === event.venue_id) ?? listOf(doc, 'venue').at(0) ?? null;
  return {
    event,
    venue,
    timezone: venue?.timezone || options.sellerTimezone,
    config: listOf(doc, 'config').filter((c) => c.resource_id === event.id || !c.resource_id),
    groups: priceGroups(doc, event.id, options.ticketGroupIds ?? null),
    images: byId(listOf(doc, 'image')),
    messageRules: listOf(doc, 'message_rule').filter((r) => r.event_template_id === event.id || !r.event_template_id),
  };
}

/**
 * Ticket groups with their types, as the buyer sees them: link-only groups only when asked for by
 * the `tg` query parameter; with `tg`, only those groups.
 */
export function priceGroups(doc: TDocument, eventId: string, ticketGroupIds: string[] | null): PriceGroup[] {
  const types = byId(listOf(doc, 'ticket_type'));
  const rules = listOf(doc, 'ticket_group_rule');
  return listOf(doc, 'ticket_group')
    .filter((g) => g.event_template_id === eventId || !g.event_template_id)
    .filter((g) => (ticketGroupIds?.length ? ticketGroupIds.includes(g.id) : g.hidden_type !== 'public_link_only'))
    .sort(byRank)
    .map((group) => ({
      group,
      types: rules
        .filter((r) => r.ticket_group_id === group.id)
        .sort(byRank)
        .flatMap((rule) => {
          const type = types.get(rule.ticket_type_id);
          return type ? [{ type, rule }] : [];
        }),
    }))
    .filter((g) => g.types.length > 0);
}

/** Event meta `upsell: true` (add-on events): the date comes from the cart's anchor, not a picker. */
export function isUpsellEvent(event: TEventTemplate): boolean {
  return isAddOnMeta(event.meta);
}

/** Alt text of the cover image: the event's config `image` alt_text, else the image's own. */
export function coverAlt(detail: EventDetail, imageId: string): string {
  return eventImageSetting(detail.config, detail.event.id).altText ?? detail.images.get(imageId)?.alt_text ?? '';
}

/** The event's config `image` no_cropping: its pictures are shown whole (docs/catalog.md). */
export function coverUncropped(detail: EventDetail): boolean {
  return eventImageSetting(detail.config, detail.event.id).noCropping;
}
