import { loadGroupTypes } from '../events/group-types.js';
import { orderMemberships } from '../membership/order-memberships.js';
import { orderGifts } from '../membership/gifts/order-gifts.js';
import { fromMinor, type TOrderDocument, type TTicketOrder } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { TicketOrderTable } from '../db/schema.js';
import { document } from '../http/envelope.js';
import type { QuerySpec } from '../http/query.js';
import { typesByIds, venuesByIds } from '../events/public.js';
import { eventOut, sessionOut, ticketGroupOut, ticketTypeOut, venueOut } from '../events/serialize.js';
import { ticketOut } from '../cart/cart-document.js';
import { seatsOfTickets } from '../seats/ticket-seats.js';
import { instalmentOut, instalmentStatuses } from '../payments/payment-plan.js';
import { planOfOrders } from '../payments/public.js';
import { instalmentMethodFees } from '../payments/instalments/instalment-method-fees.js';
import { eventTemplatesByIds, sessionsByIds, ticketGroupsByIds, ticketsOfOrders } from './orders.repository.js';
import { mustExist } from '../must-exist.js';

export const ORDER_QUERY: QuerySpec = {
  filters: { id: 'string', 'ticket.state': 'string' },
  /** key: a manage link's key (GET ticket_order/{id}, POST …/cancel). */
  params: { key: 'string' },
  embeds: ['ticket.ticket_type', 'ticket.ticket_group', 'ticket.event_session', 'ticket.event_template', 'event_template.venue', 'ticket_group', 'ticket_type', 'event_template', 'membership', 'membership_gift', 'scheduled_payment'],
  defaultLimit: 100,
};

/**
 * The id-list read (the complete page's, owner or key only like every order read) embeds no member
 * cards (names, member ids that log in) nor gift codes: those come with GET ticket_order/{id}.
 */
export const ORDER_LIST_QUERY: QuerySpec = { ...ORDER_QUERY, embeds: mustExist(ORDER_QUERY.embeds, 'the order query embeds').filter((e) => e !== 'membership' && e !== 'membership_gift') };

export function orderOut(o: Selectable<TicketOrderTable>): TTicketOrder {
  return {
    id: o.id,
    order_number: o.order_number,
    seller_id: o.seller_id,
    identity_id: o.identity_id,
    cart_id: o.cart_id,
    state: o.state as TTicketOrder['state'],
    created_at: o.created_at,
    // Payment-method fees were paid on top of the tickets: in the price and in the payments alike (docs/payments.md).
    ticket_order_fees: {
      total_after_fees_price: fromMinor(o.total + o.method_fee),
      total_payments: fromMinor(o.paid + o.method_fee),
      total_outstanding: fromMinor(Math.max(0, o.total - o.paid)),
      total_payment_method_fees: fromMinor(o.method_fee),
    },
    terms_acceptance: o.terms_accepted_at && o.terms_hash ? { accepted_at: o.terms_accepted_at, terms_hash: o.terms_hash } : null,
  };
}

const has = (embed: Set<string>, name: string) => [...embed].some((e) => e === name || e.endsWith(`.${name}`) || e.startsWith(`${name}.`));

/** Orders with their booked tickets and whatever else was asked for (docs/checkout.md#calls). */
export async function orderDocument(db: Tx, orders: Selectable<TicketOrderTable>[], embed: Set<string>, ticketStates = ['booked', 'redeemed'], now = new Date()): Promise<TOrderDocument> {
  const ids = orders.map((o) => o.id);
  const tickets = ids.length ? await ticketsOfOrders(db, ids, ticketStates) : [];
  const pick = (f: (t: (typeof tickets)[number]) => string | null) => [...new Set(tickets.map(f).filter((x): x is string => !!x))];
  const siblings: Record<string, unknown[]> = { ticket: tickets.map(ticketOut) };
  const seats = await seatsOfTickets(db, tickets);
  if (seats.length) siblings.seat = seats;
  if (has(embed, 'ticket_type')) siblings.ticket_type = (await typesByIds(db, pick((t) => t.ticket_type_id))).map(ticketTypeOut);
  const groupIds = pick((t) => t.ticket_group_id);
  if (has(embed, 'ticket_group') && groupIds.length) {
    const groupTypes = await loadGroupTypes(db, groupIds);
    siblings.ticket_group = (await ticketGroupsByIds(db, groupIds)).map((g) => ticketGroupOut(g, 0, null, groupTypes.get(g.id)));
  }
  const eventIds = pick((t) => t.event_template_id);
  const events = has(embed, 'event_template') && eventIds.length ? await eventTemplatesByIds(db, eventIds) : [];
  const venues = events.length ? await venuesByIds(db, [...new Set(events.map((e) => e.venue_id))]) : [];
  const venueById = new Map(venues.map((v) => [v.id, v]));
  if (events.length) siblings.event_template = events.map((e) => eventOut(e, null, venueById.get(e.venue_id)));
  if (embed.has('event_template.venue')) siblings.venue = venues.map(venueOut);
  const sessionIds = pick((t) => t.event_session_id);
  if (has(embed, 'event_session') && sessionIds.length) {
    const tz = new Map(events.map((e) => [e.id, venueById.get(e.venue_id)?.timezone ?? 'UTC']));
    siblings.event_session = (await sessionsByIds(db, sessionIds)).map(({ seller_id, ...s }) => sessionOut(s, tz.get(s.event_template_id) ?? 'UTC', seller_id));
  }
  if (embed.has('membership')) siblings.membership = await orderMemberships(db, ids);
  if (embed.has('membership_gift')) siblings.membership_gift = await orderGifts(db, ids);
  // A payment plan's instalments, as recorded when the order was booked.
  if (embed.has('scheduled_payment')) {
    const plan = ids.length ? await planOfOrders(db, ids) : [];
    // Statuses as of now (a date passing makes an instalment due), from what each order has paid.
    siblings.scheduled_payment = orders.flatMap((o) => instalmentStatuses(plan.filter((p) => p.ticket_order_id === o.id), o.paid, now).map((p) => instalmentOut(p, fromMinor)));
    const out = await Promise.all(orders.map(async (o) => ({ ...orderOut(o), ...(await instalmentMethodFees(db, o, plan, now)) })));
    return document('ticket_order', out, orders.length, siblings) as TOrderDocument;
  }
  return document('ticket_order', orders.map(orderOut), orders.length, siblings) as TOrderDocument;
}
