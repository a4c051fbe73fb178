import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { Tx } from '../db/database.js';
import { SEAT_LABEL_COLUMNS, TICKET_FACE_COLUMNS, ticketsWithSeat } from '../tickets/ticket-with-session.js';
import type { Database } from '../db/schema.js';
import type { TAdminOrderQuery } from '@foyer/contracts';
export { REFUND_KINDS, STAFF_REFUND } from '../orders/self-edit/refund-difference.js';

const likeOf = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** `text LIKE pattern` with backslash as the escape on both dialects (SQLite has none by default). */
const like = (text: RawBuilder<string>, pattern: string) => sql<SqlBool>`${text} like ${pattern} escape '\\'`;

/**
 * The orders one search box finds (docs/box-office.md, Find): the order number and scan codes
 * exactly, the buyer's e-mail, name and phone and the tickets' names in part, case-insensitive.
 */
function matches(eb: ExpressionBuilder<Database & { order_cart: Database['cart'] }, 'ticket_order' | 'user_account'>, q: string) {
  const pattern = likeOf(q);
  const digits = q.replace(/[^0-9]/g, '');
  const ors: Expression<SqlBool>[] = [
    eb('ticket_order.order_number', '=', q.replace(/^#/, '')),
    like(sql<string>`lower(user_account.email)`, pattern),
    like(sql<string>`lower(user_account.first_name || ' ' || user_account.last_name)`, pattern),
    eb.exists(eb.selectFrom('ticket').select('ticket.id').where('ticket.ticket_order_id', '=', eb.ref('ticket_order.id')).where((w) => w.or([w('ticket.scan_code', '=', q.toUpperCase()), w('ticket.scan_code', '=', q), like(sql<string>`lower(ticket.admit_name)`, pattern)]))),
  ];
  // A card's last 4 (0034): exactly 4 digits, as typed or after "card ending in".
  if (/^\d{4}$/.test(q)) ors.push(eb.exists(eb.selectFrom('payment').select('payment.id').where('payment.ticket_order_id', '=', eb.ref('ticket_order.id')).where('payment.card_last4', '=', q)));
  if (digits.length >= 4) ors.push(like(sql<string>`replace(replace(replace(replace(coalesce(user_account.phone, ''), ' ', ''), '-', ''), '(', ''), ')', '')`, `%${digits}%`));
  return eb.or(ors);
}

export async function findOrders(db: Tx, q: TAdminOrderQuery) {
  const base = db
    .selectFrom('ticket_order')
    .innerJoin('cart as order_cart', 'order_cart.id', 'ticket_order.cart_id')
    // The buyer: the cart's purchaser (guest checkout, gifts), else the identity that ordered.
    .leftJoin('user_account', (j) => j.on('user_account.identity_id', '=', sql<string>`coalesce(order_cart.purchaser_identity_id, ticket_order.identity_id)`))
    .where((eb) => matches(eb, q.q));
  const desc = q._sort.startsWith('-');
  const column = q._sort.replace(/^-/, '') as 'created_at' | 'order_number' | 'total';
  const [rows, count] = await Promise.all([
    base
      .select([
        'ticket_order.id',
        'ticket_order.order_number',
        'ticket_order.state',
        'ticket_order.created_at',
        'ticket_order.total',
        'ticket_order.paid',
        'user_account.email',
        'user_account.first_name',
        'user_account.last_name',
        'user_account.phone',
        (eb) => eb.selectFrom('ticket').select((c) => c.fn.countAll<number>().as('n')).where('ticket.ticket_order_id', '=', eb.ref('ticket_order.id')).as('ticket_count'),
      ])
      .orderBy(column === 'order_number' ? sql`length(ticket_order.order_number)` : sql.ref(`ticket_order.${column}`), desc ? 'desc' : 'asc')
      .orderBy(`ticket_order.${column}`, desc ? 'desc' : 'asc')
      .orderBy('ticket_order.id', 'desc')
      .limit(q._limit)
      .offset(q._offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

export const orderWithBuyer = (db: Tx, id: string) =>
  db
    .selectFrom('ticket_order')
    .innerJoin('cart as order_cart', 'order_cart.id', 'ticket_order.cart_id')
    // The buyer: the cart's purchaser (guest checkout, gifts), else the identity that ordered.
    .leftJoin('user_account', (j) => j.on('user_account.identity_id', '=', sql<string>`coalesce(order_cart.purchaser_identity_id, ticket_order.identity_id)`))
    .select(['ticket_order.id', 'ticket_order.seller_id', 'ticket_order.cart_id', 'ticket_order.order_number', 'ticket_order.state', 'ticket_order.created_at', 'ticket_order.total', 'ticket_order.paid', 'user_account.email', 'user_account.first_name', 'user_account.last_name', 'user_account.phone', 'ticket_order.terms_accepted_at', 'ticket_order.terms_hash'])
    .where('ticket_order.id', '=', id)
    .executeTakeFirst();

export const ticketsOfOrder = (db: Tx, orderId: string) =>
  ticketsWithSeat(db)
    .leftJoin('ticket_group', 'ticket_group.id', 'ticket.ticket_group_id')
    .select([
      ...TICKET_FACE_COLUMNS,
      'ticket.adjusted_value',
      'ticket.redeemed_at',
      'ticket.event_session_id',
      'ticket.ticket_group_id',
      'ticket_group.handler as group_handler',
      'ticket.counts_session',
      'ticket.event_template_id',
      'event_template.name as event_name',
      'ticket_type.name as ticket_type_name',
      'event_session.start_datetime',
      ...SEAT_LABEL_COLUMNS,
    ])
    .where('ticket.ticket_order_id', '=', orderId)
    .orderBy('ticket.created_at')
    .orderBy('ticket.id')
    .execute();

export const paymentsOfOrder = (db: Tx, orderId: string) =>
  db.selectFrom('payment').select(['id', 'gateway_id', 'amount', 'status', 'reference', 'error_code', 'created_at', 'idempotency_key', 'card_last4']).where('ticket_order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();

export const changesOfOrder = (db: Tx, orderId: string) =>
  db.selectFrom('cart').select(['id as cart_id', 'cart_number', 'state', 'created_at']).where('edits_order_id', '=', orderId).orderBy('created_at').execute();

export const instalmentsOfOrder = (db: Tx, orderId: string) =>
  db.selectFrom('scheduled_payment').select(['id', 'rank', 'due_date', 'amount', 'status']).where('ticket_order_id', '=', orderId).orderBy('rank').execute();

/** E-mails about the order: those to its buyer whose subject names it ("… order 12"). */
export const mailsOfOrder = (db: Tx, email: string, orderNumber: string) =>
  db
    .selectFrom('outbox')
    .select(['id', 'kind', 'to_address', 'subject', 'status', 'created_at', 'sent_at'])
    .where(sql<string>`lower(to_address)`, '=', email.toLowerCase())
    .where((eb) => eb.or([eb('subject', 'like', `%order ${orderNumber}`), eb('subject', 'like', `%order ${orderNumber} %`), eb('subject', 'like', `%order ${orderNumber},%`)]))
    .orderBy('created_at')
    .execute();

export const auditOf = (db: Tx, objectType: string, objectId: string) =>
  db.selectFrom('audit_log').selectAll().where('object_type', '=', objectType).where('object_id', '=', objectId).orderBy('created_at').orderBy('id').execute();

export async function setTicketAdmitName(db: Tx, ticketId: string, admitName: string) {
  await db.updateTable('ticket').set({ admit_name: admitName }).where('id', '=', ticketId).execute();
}
