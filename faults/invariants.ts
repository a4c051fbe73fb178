import { sql } from 'kysely';
import { openDatabase } from '../packages/server/src/db/database.js';

/** Ticket states that hold capacity (held in a cart, booked, let in, taken into a change cart). */
const LIVE = ['held', 'booked', 'redeemed', 'in_cart'];

export interface Invariants {
  /** Sessions whose used_capacity differs from their live tickets: [session, used, live]. */
  capacityDrift: Array<[string, number, number]>;
  /** Succeeded payments without an order that exists. */
  paidWithoutOrder: string[];
  /** Carts booked into more than one order. */
  bookedTwice: string[];
  /** Succeeded payments, orders and live tickets counted. */
  counts: { payments: number; orders: number; liveTickets: number };
}

/**
 * Reads the store's invariants (docs/deploy.md "What Foyer survives"). The catalog may seed
 * sessions as partly sold (used capacity without tickets): pass `readInvariants(url).seeded`
 * taken before the load as `seeded`, and only changes beyond it count as drift.
 */
export async function readInvariants(databaseUrl: string, seeded: Record<string, number> = {}): Promise<Invariants & { seeded: Record<string, number> }> {
  const handle = openDatabase(databaseUrl);
  try {
    const { db } = handle;
    const sessions = await db.selectFrom('event_session').select(['id', 'used_capacity']).execute();
    const live = await db.selectFrom('ticket').select(['event_session_id', (eb) => eb.fn.countAll<number | string>().as('n')]).where('state', 'in', LIVE).where('counts_session', '=', 1).groupBy('event_session_id').execute();
    const liveBy = new Map(live.map((r) => [r.event_session_id, Number(r.n)]));
    const gap = (s: { id: string; used_capacity: number }) => s.used_capacity - (liveBy.get(s.id) ?? 0);
    const capacityDrift = sessions.filter((s) => gap(s) !== (seeded[s.id] ?? 0)).map((s) => [s.id, s.used_capacity - (seeded[s.id] ?? 0), liveBy.get(s.id) ?? 0] as [string, number, number]);
    const paid = await db.selectFrom('payment').leftJoin('ticket_order', 'ticket_order.id', 'payment.ticket_order_id').select(['payment.id', 'ticket_order.id as order_id']).where('payment.status', '=', 'succeeded').execute();
    const twice = await db.selectFrom('ticket_order').select('cart_id').groupBy('cart_id').having(sql`count(*)`, '>', 1).execute();
    const orders = await db.selectFrom('ticket_order').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    return {
      capacityDrift,
      paidWithoutOrder: paid.filter((p) => !p.order_id).map((p) => p.id),
      bookedTwice: twice.map((r) => r.cart_id),
      counts: { payments: paid.length, orders: Number(orders.n), liveTickets: [...liveBy.values()].reduce((a, b) => a + b, 0) },
      seeded: Object.fromEntries(sessions.map((s) => [s.id, gap(s)])),
    };
  } finally {
    await handle.close();
  }
}

/** What a buyer or the box office would read back: orders, their tickets, memberships, gift-card balances. */
export async function readStore(databaseUrl: string) {
  const handle = openDatabase(databaseUrl);
  try {
    const { db } = handle;
    return {
      orders: await db.selectFrom('ticket_order').select(['id', 'order_number', 'cart_id', 'state', 'total', 'paid']).orderBy('id').execute(),
      tickets: await db.selectFrom('ticket').select(['id', 'ticket_order_id', 'state', 'scan_code', 'event_session_id']).where('ticket_order_id', 'is not', null).orderBy('id').execute(),
      memberships: await db.selectFrom('membership').selectAll().orderBy('id').execute(),
      giftCards: await db.selectFrom('ledger').select(['number', 'state', 'balance']).orderBy('number').execute(),
    };
  } finally {
    await handle.close();
  }
}
