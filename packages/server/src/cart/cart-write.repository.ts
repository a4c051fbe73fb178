import type { Insertable, Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import type { TicketTable } from '../db/schema.js';

// The reserve's writes of the cart row and its new tickets (docs/cart.md), prepared for the common case; modify-cart.ts decides what to write.

export const insertCart = prepared((tx, id: string, sellerId: string, identityId: string, cartNumber: string, expiresAt: string | null, nowIso: string, campaign: string | null, additionalInfo: string, clientIp: string | null) =>
  tx
    .insertInto('cart')
    .values({ id, seller_id: sellerId, identity_id: identityId, cart_number: cartNumber, state: 'pending', expires_at: expiresAt, created_at: nowIso, updated_at: nowIso, campaign, additional_info: additionalInfo, ticket_order_id: null, client_ip: clientIp })
    .returningAll(),
);

export const updateCart = prepared((tx, id: string, expiresAt: string | null, nowIso: string, campaign: string | null, additionalInfo: string) =>
  tx.updateTable('cart').set({ expires_at: expiresAt, updated_at: nowIso, campaign, additional_info: additionalInfo }).where('id', '=', id).returningAll(),
);

type TicketRow = Insertable<TicketTable>;
const TICKET_COLUMNS = Object.keys({
  id: 1, cart_id: 1, created_at: 1, seller_id: 1, ticket_type_id: 1, ticket_group_id: 1, event_template_id: 1, event_session_id: 1, counts_session: 1,
  handler: 1, state: 1, face_value: 1, adjusted_value: 1, fee_fixed_outside: 1, fee_percent_outside: 1, admit_name: 1, admit_email: 1, valid_from: 1,
  valid_to: 1, ticket_order_id: 1, scan_code: 1, redeemed_at: 1, seat_id: 1, change_cart_id: 1,
} satisfies Record<keyof TicketRow, 1>) as (keyof TicketRow)[];
const insertOneTicket = prepared((tx, ...values: unknown[]) =>
  tx.insertInto('ticket').values(Object.fromEntries(TICKET_COLUMNS.map((c, i) => [c, values[i]])) as TicketRow).returningAll(),
);
const hasExactlyTicketColumns = (row: TicketRow) => Object.keys(row).length === TICKET_COLUMNS.length && TICKET_COLUMNS.every((c) => c in row);

/** New tickets, returned as stored. One ticket (the common case) by a prepared statement. */
export async function insertTickets(tx: Tx, rows: TicketRow[]): Promise<Selectable<TicketTable>[]> {
  if (!rows.length) return [];
  if (rows.length === 1 && hasExactlyTicketColumns(rows[0])) return (await insertOneTicket(tx, ...TICKET_COLUMNS.map((c) => rows[0][c]))).rows;
  const out: Selectable<TicketTable>[] = [];
  for (let i = 0; i < rows.length; i += 200) out.push(...(await tx.insertInto('ticket').values(rows.slice(i, i + 200)).returningAll().execute()));
  return out;
}
