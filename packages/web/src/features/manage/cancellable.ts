import { en } from '../../i18n/en.js';
import type { OrderTicketView } from '../../shared/orders/orders.js';

/** docs/after-sale.md#cancelling-a-free-order: a ticket is cancellable when it is not cancelled, its adjusted value is 0 and its session starts in the future. */
export function isCancellable(t: OrderTicketView, now: Date): boolean {
  if (t.ticket.state !== 'booked') return false;
  if (Number(t.ticket.adjusted_value) !== 0) return false;
  return !t.session || Date.parse(t.session.start_datetime) > now.getTime();
}

/** Why a ticket cannot be cancelled, as its section says (docs/after-sale.md#screens Edit order: Redeemed, Cancelled, Past Event). */
export function whyNotCancellable(t: OrderTicketView, now: Date): string {
  if (t.ticket.state === 'redeemed') return en.manage.redeemed;
  if (t.ticket.state === 'cancelled') return en.manage.stateCancelled;
  if (t.session && Date.parse(t.session.start_datetime) <= now.getTime()) return en.manage.pastEvent;
  return en.manage.notCancellable;
}

/** A free order with something left to cancel: the complete page offers the way to /manage/{id}. */
export function isFreeAndCancellable(tickets: readonly OrderTicketView[], now = new Date()): boolean {
  return tickets.length > 0 && tickets.every((t) => Number(t.ticket.adjusted_value) === 0) && tickets.some((t) => isCancellable(t, now));
}

export interface SessionTickets {
  key: string;
  title: string;
  start: string | null;
  timezone: string;
  tickets: OrderTicketView[];
}

/** Tickets grouped by event and session, in the order's (start time) order. */
export function bySession(tickets: readonly OrderTicketView[]): SessionTickets[] {
  const groups = new Map<string, SessionTickets>();
  for (const t of tickets) {
    const key = t.session?.id ?? `event:${t.ticket.event_template_id}`;
    const group = groups.get(key) ?? { key, title: t.event?.name ?? '', start: t.session?.start_datetime ?? null, timezone: t.timezone, tickets: [] };
    group.tickets.push(t);
    groups.set(key, group);
  }
  return [...groups.values()];
}
