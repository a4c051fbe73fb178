import type { Tx } from '../db/database.js';
import { sellerName } from './wallet-pass.repository.js';
import { SEAT_LABEL_COLUMNS, TICKET_FACE_COLUMNS, ticketsWithSeat, VALIDITY_COLUMNS } from '../tickets/ticket-with-session.js';
import { AppError } from '../http/app-error.js';
import { ticketShowsTime } from '@foyer/contracts/rules';
import { shownValidity } from '../cart/ticket-validity.js';
import { membershipsOfOrders } from '../membership/public.js';
import { mustExist } from '../must-exist.js';

/** Groups whose tickets admit someone: a donation, a gift card (ledger) or a membership ticket has no pass of its own. */
const ADMITTING_HANDLERS = ['tickets', 'seated', 'passes', 'codes'];

export interface TicketPassItem {
  kind: 'ticket';
  id: string;
  scanCode: string;
  eventId: string;
  eventName: string;
  typeName: string;
  eventType: string;
  start: string | null;
  end: string | null;
  timezone: string;
  venueName: string;
  venueAddress: string | null;
  seat: { section: string; row: string; name: string } | null;
  admitName: string | null;
  /** Event meta ticket_date_time (docs/catalog.md): false when the event's tickets show the day only. */
  showsTime: boolean;
  /** The ticket's own validity when a start policy or duration set it (docs/catalog.md); null: its session's. */
  validity: { from: string; to: string } | null;
  /** Cancelled or refunded (only a pass update asks for such a ticket): the pass is voided. */
  voided?: boolean;
  /** A handed-out pass (docs/wallet-passes.md "Updates"): its serial, which a reschedule keeps, and its web-service token. */
  pass?: { serial: string; authToken: string };
}

export interface MemberPassItem {
  kind: 'member';
  id: string;
  scanCode: string;
  levelName: string;
  name: string;
  validFrom: string;
  validTo: string;
}

export type WalletItem = TicketPassItem | MemberPassItem;

export interface WalletOrder {
  orderNumber: string;
  sellerName: string;
  items: WalletItem[];
  /** Apple's web service of pass updates (docs/wallet-passes.md "Updates"); unset: passes without updates. */
  webServiceUrl?: string;
}

/** Which of the order's passes: one ticket, one member card, or (neither named) all of them. */
export interface WalletPick {
  ticketId?: string | null;
  membershipId?: string | null;
  /** A pass update: the named ticket in whatever state (a cancelled one's pass is voided). */
  anyState?: boolean;
}

const nothing = () => new AppError(404, 'not_found', 'This order has no such ticket or member card.', 'ticket_order');

/** The order's booked admitting tickets and member cards, as passes show them; a named one that is not the order's: 404. */
export async function walletItems(db: Tx, order: { id: string; order_number: string; seller_id: string }, pick: WalletPick): Promise<WalletOrder> {
  const seller = await sellerName(db, order.seller_id);
  const tickets = pick.membershipId ? [] : await ticketRows(db, order.id, pick.ticketId ?? null, !!pick.anyState);
  const cards = pick.ticketId ? [] : (await membershipsOfOrders(db, [order.id])).filter((m) => !pick.membershipId || m.id === pick.membershipId);
  const items: WalletItem[] = [
    ...tickets.map(
      (t): TicketPassItem => ({
        kind: 'ticket',
        id: t.id,
        scanCode: mustExist(t.scan_code, `scan code of ticket ${t.id}`),
        eventId: t.event_template_id,
        eventName: t.event_name,
        typeName: t.type_name,
        eventType: t.event_type,
        start: t.start_datetime,
        end: t.end_datetime,
        timezone: t.timezone,
        venueName: t.venue_name,
        venueAddress: t.venue_address,
        seat: t.seat_name ? { section: t.seat_section ?? '', row: t.seat_row ?? '', name: t.seat_name } : null,
        admitName: t.admit_name,
        showsTime: ticketShowsTime(JSON.parse(t.event_meta) as Record<string, unknown>),
        validity: shownValidity(t, t.start_datetime ? t : null),
        voided: !LIVE_STATES.includes(t.state),
      }),
    ),
    ...cards.map((m): MemberPassItem => ({ kind: 'member', id: m.id, scanCode: m.scan_code, levelName: m.level_name, name: `${m.first_name} ${m.last_name}`.trim(), validFrom: m.valid_from, validTo: m.valid_to })),
  ];
  if (!items.length) throw nothing();
  return { orderNumber: order.order_number, sellerName: seller.name, items };
}

/** A ticket whose pass still admits: booked, let in already, or held by a change not confirmed yet (docs/after-sale.md). */
const LIVE_STATES = ['booked', 'redeemed', 'in_cart'];

function ticketRows(db: Tx, orderId: string, ticketId: string | null, anyState: boolean) {
  let q = ticketsWithSeat(db)
    .innerJoin('ticket_group', 'ticket_group.id', 'ticket.ticket_group_id')
    .innerJoin('venue', 'venue.id', 'event_template.venue_id')
    .select([
      ...TICKET_FACE_COLUMNS,
      'ticket.event_template_id',
      ...VALIDITY_COLUMNS,
      'ticket_type.name as type_name',
      'event_template.name as event_name',
      'event_template.event_type',
      'event_template.meta as event_meta',
      'venue.name as venue_name',
      'venue.address as venue_address',
      'venue.timezone',
      ...SEAT_LABEL_COLUMNS,
    ])
    .where('ticket.ticket_order_id', '=', orderId)
    .where('ticket.state', 'in', anyState ? [...LIVE_STATES, 'cancelled'] : ['booked'])
    .where('ticket.scan_code', 'is not', null)
    .where('ticket_group.handler', 'in', ADMITTING_HANDLERS)
    .orderBy('ticket.created_at')
    .orderBy('ticket.id');
  if (ticketId) q = q.where('ticket.id', '=', ticketId);
  return q.execute();
}
