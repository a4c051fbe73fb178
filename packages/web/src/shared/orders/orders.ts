import type { TEventSession, TEventTemplate, TTicket, TTicketOrder, TTicketSeat, TTicketType, TVenue } from '@foyer/contracts';
import { byId } from '../../api/document.js';
import type { TOrderDocument } from '@foyer/contracts';
import { byCodePoint } from '../../lib/compare.js';

/** Order ids from the complete page's query: `orderIds=a,b` (also repeated). */
/**
 * The seller's external completed-order page (seller meta completed_order_url, docs/checkout.md#screens) with the
 * order ids appended, or null when none is set or it is not an http(s) address.
 */
export function completedOrderRedirect(configured: unknown, orderIds: string[]): string | null {
  if (typeof configured !== 'string' || !orderIds.length) return null;
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.searchParams.set('orderIds', orderIds.join(','));
  return url.toString();
}

export function parseOrderIds(search: URLSearchParams): string[] {
  const ids = search
    .getAll('orderIds')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  return [...new Set(ids)].slice(0, 50);
}

export interface OrderTicketView {
  ticket: TTicket;
  type: TTicketType | null;
  event: TEventTemplate | null;
  session: TEventSession | null;
  timezone: string;
  /** A seated ticket's seat (reserved seating). */
  seat: TTicketSeat | null;
}

export interface OrderView {
  order: TTicketOrder;
  tickets: OrderTicketView[];
}

/** Orders in the order asked for, each with its tickets and what they are for. */
export function readOrders(doc: TOrderDocument & { venue?: { _data: TVenue[] } }, ids: readonly string[], fallbackTimezone: string): OrderView[] {
  const orders = doc.ticket_order._data;
  const types = byId(doc.ticket_type?._data ?? []);
  const events = byId(doc.event_template?._data ?? []);
  const sessions = byId(doc.event_session?._data ?? []);
  const venues = byId(doc.venue?._data ?? []);
  const seats = byId(doc.seat?._data ?? []);
  const rank = new Map(ids.map((id, i) => [id, i]));
  return [...orders]
    .sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0))
    .map((order) => ({
      order,
      tickets: doc.ticket._data
        .filter((t) => t.ticket_order_id === order.id)
        .map((ticket) => {
          const event = events.get(ticket.event_template_id) ?? null;
          return {
            ticket,
            type: types.get(ticket.ticket_type_id) ?? null,
            event,
            session: ticket.event_session_id ? (sessions.get(ticket.event_session_id) ?? null) : null,
            timezone: (event && venues.get(event.venue_id)?.timezone) || fallbackTimezone,
            seat: ticket.seat_id ? (seats.get(ticket.seat_id) ?? null) : null,
          };
        })
        .sort((a, b) => byCodePoint(a.session?.start_datetime ?? '', b.session?.start_datetime ?? '')),
    }));
}
