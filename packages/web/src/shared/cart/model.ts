import { CONFIG, toMinor, fromMinor } from '@foyer/contracts/constants';
import { isUpsellHandler } from '@foyer/contracts/rules';
import type { TCart, TConfigEntry, TEventSession, TEventTemplate, TTicket, TTicketGroup, TTicketType, TVenue } from '@foyer/contracts';
import { byId } from '../../api/document.js';
import { ApiError } from '../../api/client.js';
import { asBoolean, asString, configValue } from '../../config/config.js';
import { paths } from '../../lib/paths.js';
import type { TCartDocument } from '@foyer/contracts';
import { NEAR_EXPIRY_SECONDS } from './countdown.js';
import { seatLabel } from '../events/seat-label.js';
import { byCodePoint } from '../../lib/compare.js';

/** The cart document read into what the cart widget shows, and the cart rules of docs/cart.md#holds-and-expiry (pure). */

export interface CartLine {
  /** event | session | group | type | price: one line per ticket type and price in a session. */
  key: string;
  type: TTicketType | null;
  group: TTicketGroup | null;
  tickets: TTicket[];
  quantity: number;
  /** Per ticket, decimal string (the face value after adjustments). */
  unitPrice: string;
  /** Decimal string. */
  total: string;
  name: string;
  /** Seated tickets: "Stalls, row A, seat 7" each, in seat order (reserved seating). */
  seats: string[];
}

export interface CartSection {
  /** event | session */
  key: string;
  event: TEventTemplate | null;
  session: TEventSession | null;
  venue: TVenue | null;
  timezone: string;
  lines: CartLine[];
}

export interface CartView {
  cart: TCart;
  tickets: TTicket[];
  sections: CartSection[];
  ticketCount: number;
}

const list = <T,>(value: { _data: T[] } | undefined): T[] => value?._data ?? [];

export function cartOf(doc: TCartDocument | null | undefined): TCart | null {
  return list(doc?.cart)[0] ?? null;
}

/** Held tickets grouped by event and session, then by type (and price, for flexible amounts). */
export function readCart(doc: TCartDocument | null | undefined, fallbackTimezone = 'UTC'): CartView | null {
  const cart = cartOf(doc);
  if (!cart) return null;
  const tickets = list(doc?.ticket).filter((t) => t.cart_id === cart.id && t.state === 'held');
  const types = byId(list(doc?.ticket_type));
  const groups = byId(list(doc?.ticket_group));
  const sessions = byId(list(doc?.event_session));
  const events = byId(list(doc?.event_template));
  const venues = byId(list(doc?.venue));
  const seats = byId(list(doc?.seat));
  const sections = new Map<string, CartSection>();
  for (const ticket of tickets) {
    const sectionKey = `${ticket.event_template_id}|${ticket.event_session_id ?? ''}`;
    let section = sections.get(sectionKey);
    if (!section) {
      const event = events.get(ticket.event_template_id) ?? null;
      const venue = event ? (venues.get(event.venue_id) ?? null) : null;
      section = {
        key: sectionKey,
        event,
        session: ticket.event_session_id ? (sessions.get(ticket.event_session_id) ?? null) : null,
        venue,
        timezone: venue?.timezone || fallbackTimezone,
        lines: [],
      };
      sections.set(sectionKey, section);
    }
    const lineKey = `${sectionKey}|${ticket.ticket_group_id}|${ticket.ticket_type_id}|${ticket.adjusted_value}`;
    let line = section.lines.find((l) => l.key === lineKey);
    if (!line) {
      const type = types.get(ticket.ticket_type_id) ?? null;
      line = { key: lineKey, type, group: groups.get(ticket.ticket_group_id) ?? null, tickets: [], quantity: 0, unitPrice: ticket.adjusted_value, total: '0.00', name: type?.name ?? '', seats: [] };
      section.lines.push(line);
    }
    line.tickets.push(ticket);
    const seat = ticket.seat_id ? seats.get(ticket.seat_id) : undefined;
    if (seat) line.seats.push(seatLabel(seat));
    line.quantity = line.tickets.length;
    line.total = fromMinor(line.tickets.reduce((n, t) => n + toMinor(t.adjusted_value), 0));
  }
  const ordered = [...sections.values()].sort((a, b) => byCodePoint(a.session?.start_datetime ?? '', b.session?.start_datetime ?? ''));
  return { cart, tickets, sections: ordered, ticketCount: tickets.length };
}

/** Badge text: the count, capped at 99+ (docs/cart.md#limits). */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

function isUpsell(event: TEventTemplate | null): boolean {
  const value = event?.meta.upsell;
  return value === true || value === 'true' || value === 'T' || value === 1;
}

export type RemovalPlan = { kind: 'delete_cart'; reason: 'only_item' | 'dependency' } | { kind: 'remove'; ticketIds: string[]; lines: CartLine[] };

/**
 * Removing a cart item (docs/cart.md#holds-and-expiry): the only item, or an item others depend on, deletes the whole
 * cart; otherwise that item's tickets go. Others depend on an item when it is the last admission
 * (non-add-on) item while add-ons are in the cart. Tickets booked together go together: when what
 * is left of the item's group in that session would fall under the group's min_tickets_per_order,
 * the whole group in that session is removed.
 */
export function removalPlan(view: CartView, lineKey: string): RemovalPlan | null {
  const section = view.sections.find((s) => s.lines.some((l) => l.key === lineKey));
  const line = section?.lines.find((l) => l.key === lineKey);
  if (!section || !line) return null;
  const allLines = view.sections.flatMap((s) => s.lines);
  if (allLines.length === 1) return { kind: 'delete_cart', reason: 'only_item' };

  if (!isUpsell(section.event)) {
    const addOns = view.sections.some((s) => isUpsell(s.event));
    const otherAnchors = view.sections.some((s) => s !== section && !isUpsell(s.event)) || section.lines.length > 1;
    if (addOns && !otherAnchors) return { kind: 'delete_cart', reason: 'dependency' };
  }

  let lines = [line];
  const groupId = line.tickets[0]?.ticket_group_id;
  const min = line.group?.min_tickets_per_order ?? 0;
  if (min > 0) {
    const together = section.lines.filter((l) => l.tickets[0]?.ticket_group_id === groupId);
    const left = together.filter((l) => l !== line).reduce((n, l) => n + l.quantity, 0);
    if (left > 0 && left < min) lines = together;
  }
  const ticketIds = lines.flatMap((l) => l.tickets.map((t) => t.id));
  if (ticketIds.length >= view.tickets.length) return { kind: 'delete_cart', reason: 'only_item' };
  return { kind: 'remove', ticketIds, lines };
}

export type RefreshOutcome =
  /** Keep the cart as read. */
  | { kind: 'keep' }
  /** Forget it locally (404; 400 stripe_gateway / not_configured; expired or gone). */
  | { kind: 'clear' }
  /** Delete it on the server (not_found ignored), then forget it. */
  | { kind: 'delete' }
  /** An already completed order: go to the order-complete route. */
  | { kind: 'complete' }
  /** A transient failure: keep what we have and try again later. */
  | { kind: 'retry' };

/** A cart with no expiry, no held tickets and nothing outstanding is a completed order (docs/cart.md#holds-and-expiry). */
export function isCompletedOrder(cart: TCart, tickets: TTicket[]): boolean {
  const held = tickets.some((t) => t.state === 'held');
  let outstanding = 0;
  try {
    outstanding = toMinor(cart.cart_fees.total_outstanding);
  } catch {
    outstanding = 0;
  }
  return cart.expires_in === null && !cart.expires_at && !held && outstanding === 0;
}

/** The cart refresh rules of docs/cart.md#holds-and-expiry for a read (GET my/cart/{id}). */
export function refreshOutcome(result: { doc: TCartDocument } | { error: unknown }): RefreshOutcome {
  if ('error' in result) {
    const error = result.error;
    if (!(error instanceof ApiError)) return { kind: 'retry' };
    if (error.status === 404) return { kind: 'clear' };
    if (error.code === 'scope_error' && (error.status === 400 || error.status === 403)) return { kind: 'delete' };
    if (error.status === 400 && (error.code === 'stripe_gateway' || error.code === 'not_configured')) return { kind: 'clear' };
    if (error.status === 410 || error.code === 'cart_expired') return { kind: 'clear' };
    return { kind: 'retry' };
  }
  const cart = cartOf(result.doc);
  if (!cart) return { kind: 'clear' };
  const tickets = list(result.doc.ticket);
  if (cart.state === 'booked' || isCompletedOrder(cart, tickets)) return { kind: 'complete' };
  if (cart.state === 'deleted') return { kind: 'clear' };
  if (cart.state === 'expired') return { kind: 'delete' };
  if (cart.expires_in !== null && cart.expires_in < NEAR_EXPIRY_SECONDS) return { kind: 'delete' };
  return { kind: 'keep' };
}

/**
 * Where the buyer goes after an add (docs/events.md#upsells-and-add-ons): web.next_route, else /events with upsells,
 * else /checkout. An add of only non-upsell handlers (gift cards, donations, memberships, codes)
 * skips the upsell listing and goes to the checkout.
 */
export function nextRouteAfterAdd(entries: readonly TConfigEntry[], handlers: readonly string[] = []): string {
  const configured = asString(configValue(CONFIG.nextRoute, entries));
  if (configured && configured.startsWith('/') && !configured.startsWith('//')) return configured;
  if (handlers.length && !handlers.some(isUpsellHandler)) return paths.checkout;
  if (asBoolean(configValue(CONFIG.upsellsEnabled, entries), false)) return paths.events;
  return paths.checkout;
}

export interface CartTotals {
  subtotal: string;
  fees: string;
  discounts: string;
  payments: string;
  outstanding: string;
}

export function cartTotals(cart: TCart): CartTotals {
  const f = cart.cart_fees;
  const fees = toMinor(f.total_fee_fixed_outside) + toMinor(f.total_fee_percent_outside);
  return { subtotal: f.total_before_cartmod_price, fees: fromMinor(fees), discounts: f.total_cartmod_amount, payments: f.total_payments, outstanding: f.total_outstanding };
}

/** A staff-created cart (docs/payments.md#partial-payments-and-payment-links): paid through the payment-link page, not modifiable. */
export const isInjectedCart = (cart: object) => (cart as { injected?: unknown }).injected === true;
