import type { TDoorEntry } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { localDate } from '@foyer/contracts/rules';
import { dayBounds } from '../time/venue-time.js';
import { admittersOfTickets, memberCardsWithCheckin, ticketsOfChange, ticketsOfSessionsBetween } from './door.repository.js';
import { personOf, seatLabel } from './door-result.js';
import { mustExist } from '../must-exist.js';

/**
 * GET door/sessions/{id}/list: what an offline door decides scans with (docs/door.md) — every
 * admitting ticket of today's sessions (so a ticket for another session is told apart from an
 * unknown code) with its state, and every member card with whether it is current and let in today.
 */
export async function doorAdmissionList(db: Db, input: { sellerId: string; sellerTimezone: string; now: Date }): Promise<TDoorEntry[]> {
  const nowIso = input.now.toISOString();
  const today = localDate(nowIso, input.sellerTimezone);
  const { start, end } = dayBounds(today, input.sellerTimezone);
  const tickets = await ticketsOfSessionsBetween(db, input.sellerId, start, end);
  const admitters = await admittersOfTickets(db, tickets.filter((t) => t.state === 'redeemed').map((t) => t.id));
  const changes = await ticketsOfChange(db, [...new Set(tickets.flatMap((t) => (t.change_cart_id && t.state !== 'booked' && t.state !== 'redeemed' && t.state !== 'in_cart' ? [t.change_cart_id] : [])))]);
  const movedTo = new Map(changes.flatMap((c) => (c.start_datetime ? [[c.cart_id, c.start_datetime] as const] : [])));
  const entries: TDoorEntry[] = tickets.map((t) => {
    const moved = t.change_cart_id ? movedTo.get(t.change_cart_id) : undefined;
    const live = t.state === 'booked' || t.state === 'in_cart' || t.state === 'redeemed';
    return {
      scan_code: mustExist(t.scan_code, `scan code of ticket ${t.id}`),
      kind: 'ticket',
      state: t.state === 'redeemed' ? 'admitted' : live ? 'booked' : moved && t.state === 'cancelled' ? 'rescheduled' : 'cancelled',
      event_session_id: t.event_session_id,
      session_start: !live && moved ? moved : t.start_datetime,
      name: personOf(t),
      ticket_type_name: t.type_name,
      seat: seatLabel(t),
      admitted_at: t.redeemed_at,
      admitted_by: admitters.get(t.id) ?? null,
    };
  });
  for (const card of await memberCardsWithCheckin(db, input.sellerId, today)) {
    const started = !card.redeem_code_hash || card.redeemed_at !== null;
    const current = started && card.valid_from <= nowIso && nowIso <= card.valid_to;
    entries.push({
      scan_code: card.scan_code,
      kind: 'member',
      state: !current ? 'lapsed' : card.checked_in_at ? 'admitted' : 'current',
      event_session_id: null,
      session_start: null,
      name: `${card.first_name} ${card.last_name}`.trim() || null,
      ticket_type_name: null,
      seat: null,
      admitted_at: card.checked_in_at,
      admitted_by: null,
    });
  }
  return entries;
}
