import { randomBytes } from 'node:crypto';
import { ADMIN_TEXT, fromMinor, type TAdminMoveLink, type TAdminMoveLinkBody } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { Db, Dialect } from '../db/database.js';
import type { MoveLinkTable } from '../db/schema.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { AppError } from '../http/app-error.js';
import { updateCartRow } from '../cart/public.js';
import { transferKeyHash } from '../cart/inject-cart.js';
import { formatInZone } from '../time/venue-time.js';
import { enqueueMail } from '../mail/enqueue-mail.js';
import { recordAudit, type Actor } from './audit.js';
import { orderWithBuyer } from './admin-orders.repository.js';
import { orderNotFound } from './read-admin-order.js';
import { discardMove, releaseMoveCart, reserveMove, type MoveDeps } from './move-tickets.js';
import { moveLinkMail } from './payment-link-mail.js';
import { insertMoveLink, moveLinkOf, sessionForMail, settleMoveLink } from './move-link.repository.js';
import { DATE_TIME_FORMAT } from '@foyer/contracts/rules';

const CONTEXT = 'admin_move_link';
/** How long the new places are held when staff name no end: a day, time to read the e-mail and pay. */
const DEFAULT_HOLD_MS = 24 * 60 * 60_000;

const linkOut = (row: Selectable<MoveLinkTable>, cartNumber: string, link: string | null): TAdminMoveLink => ({
  order_id: row.order_id,
  cart_id: row.cart_id,
  cart_number: cartNumber,
  difference: fromMinor(row.difference),
  link,
  expires_at: row.expires_at,
  emailed_to: row.emailed_to,
  state: row.state as TAdminMoveLink['state'],
});

/**
 * POST admin/orders/{id}/move_link (box office; docs/box-office.md#paid-by-a-payment-link): a move to
 * a dearer session the visitor pays later. The move's change cart (move-tickets.ts, reserveMove)
 * holds the new places and seats like any cart hold, until `expires_at`; the order keeps its old
 * tickets meanwhile (taken out into the change, as the storefront's reschedule does). The cart gets a
 * single-use transfer key, as a payment-link cart (cart/inject-cart.ts): the link hands the change
 * to the visitor's browser, which pays it by the storefront's own pay call — and that pay applies the
 * move, once (orders/self-edit/apply-order-change.ts). Expiry is the sweeper's (the order's tickets
 * booked again); settle-move-links.ts writes either outcome to the audit log. A move that costs
 * nothing more is refused: it is made directly (a cheaper one refunds the difference at once).
 */
export async function createMoveLink(deps: MoveDeps, actor: Actor, input: { orderId: string; body: TAdminMoveLinkBody; now: Date }): Promise<TAdminMoveLink> {
  const { body, now } = input;
  const expiresAt = body.expires_at ? new Date(body.expires_at) : new Date(now.getTime() + DEFAULT_HOLD_MS);
  if (!(expiresAt.getTime() > now.getTime())) throw new AppError(400, 'validation_failed', 'The hold must end in the future.', CONTEXT, { expires_at: body.expires_at });
  const buyer = await orderWithBuyer(deps.db, input.orderId);
  if (!buyer) throw orderNotFound();
  const to = body.send_email ? (body.email ?? buyer.email) : null;
  if (body.send_email && !to) throw new AppError(400, 'validation_failed', ADMIN_TEXT.moveLinkNoEmail, CONTEXT);

  const reserved = await reserveMove(deps, actor, {
    orderId: input.orderId,
    body,
    now,
    audit: (after) => ({ action: 'order.move_link', after: { ...after, expires_at: expiresAt.toISOString(), emailed_to: to } }),
  });
  const { owner, made, outstanding } = reserved;
  if (outstanding <= 0) {
    await discardMove(deps, actor, { orderId: owner.id, cartId: made.cart.id, why: 'not_dearer', now });
    throw new AppError(409, 'move_not_dearer', ADMIN_TEXT.moveLinkNotDearer, CONTEXT, { difference: fromMinor(outstanding) });
  }
  const key = randomBytes(24).toString('base64url');
  const link = `${deps.publicUrl.replace(/\/$/, '')}/transfer-cart/${made.cart.id}?key=${key}`;
  const nowIso = now.toISOString();
  const row = { cart_id: made.cart.id, order_id: owner.id, staff_id: actor.id, staff_email: actor.email.toLowerCase(), difference: outstanding, emailed_to: to, state: 'pending', expires_at: expiresAt.toISOString(), created_at: nowIso, settled_at: null };
  await inWriteTransaction(deps.db, deps.dialect, async (tx) => {
    // The hold runs to the link's end; the key is stored only as its hash (as a payment-link cart's).
    await updateCartRow(tx, made.cart.id, { transfer_key_hash: transferKeyHash(key), expires_at: row.expires_at, updated_at: nowIso });
    await insertMoveLink(tx, row);
    if (to) {
      // The session exists: the move reserved in it.
      const session = await sessionForMail(tx, body.event_session_id);
      if (!session) throw new Error(`createMoveLink: session ${body.event_session_id} is gone`);
      const at = (iso: string) => formatInZone(iso, session.timezone, DATE_TIME_FORMAT);
      const mail = moveLinkMail({ to, firstName: buyer.first_name, orderNumber: buyer.order_number, sessionStart: `${session.event_name}, ${at(session.start_datetime)}`, difference: `${fromMinor(outstanding)} ${owner.currency}`, expiresAt: at(row.expires_at), link });
      await enqueueMail(tx, mail, now, 'move_link');
    }
  });
  return linkOut(row, made.cart.cart_number, link);
}

/**
 * POST admin/orders/{id}/move_link/{cartId}/cancel (box office): staff withdraw a link not paid yet —
 * the held places released and the order's tickets booked again, once (a pay at the same moment: one
 * of them wins, the cart's pending state decides); written to the audit log with it.
 */
export async function cancelMoveLink(deps: { db: Db; dialect: Dialect }, actor: Actor, input: { orderId: string; cartId: string; reason: string; now: Date }): Promise<TAdminMoveLink> {
  const nowIso = input.now.toISOString();
  return inWriteTransaction(deps.db, deps.dialect, async (tx) => {
    const found = await moveLinkOf(tx, input.orderId, input.cartId);
    if (!found) throw new AppError(404, 'not_found', ADMIN_TEXT.moveLinkNotFound, CONTEXT, { cart_id: input.cartId });
    if (found.state !== 'pending' || !(await releaseMoveCart(tx, found.cart_id, nowIso))) throw new AppError(409, 'move_link_settled', ADMIN_TEXT.moveLinkSettled, CONTEXT, { state: found.state });
    await settleMoveLink(tx, found.cart_id, 'cancelled', nowIso);
    await recordAudit(tx, actor, { action: 'order.move_link_cancelled', objectType: 'order', objectId: found.order_id, before: { change_cart_id: found.cart_id, state: 'pending' }, after: { state: 'cancelled', reason: input.reason } }, input.now);
    return linkOut({ ...found, state: 'cancelled', settled_at: nowIso }, found.cart_number, null);
  });
}
