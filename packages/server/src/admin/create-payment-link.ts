import type { TAdminCartAnswer, TAdminCartBody } from '@foyer/contracts';
import type { Db, Dialect } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { injectFromRequest } from '../cart/inject-command.js';
import { enqueueMail } from '../mail/enqueue-mail.js';
import { recordAudit, type Actor } from './audit.js';
import { paymentLinkMail } from './payment-link-mail.js';

/**
 * POST admin/carts (docs/box-office.md, Payment links): the `cart inject` command's cart, made by
 * the same code; its single-use link answered to staff and, if asked, e-mailed to the purchaser.
 * The mail and the audit entry commit together once the cart exists.
 */
export async function createPaymentLink(deps: { db: Db; dialect: Dialect; publicUrl: string }, actor: Actor, body: TAdminCartBody, now: Date): Promise<TAdminCartAnswer> {
  const made = await injectFromRequest(deps.db, deps.dialect, { items: body.items, purchaser: body.purchaser ?? null, expires_at: body.expires_at ?? null }, deps.publicUrl, now);
  const mailed = body.send_email && body.purchaser ? body.purchaser : null;
  const emailedTo = mailed ? mailed.email : null;
  await inWriteTransaction(deps.db, deps.dialect, async (tx) => {
    if (mailed && emailedTo) await enqueueMail(tx, paymentLinkMail({ to: emailedTo, firstName: mailed.first_name, cartNumber: made.cartNumber, total: made.total, link: made.link }), now, 'payment_link');
    await recordAudit(tx, actor, { action: 'cart.payment_link', objectType: 'cart', objectId: made.cartId, before: null, after: { cart_number: made.cartNumber, total: made.total, emailed_to: emailedTo } }, now);
  });
  return { cart_id: made.cartId, cart_number: made.cartNumber, total: made.total, link: made.link, emailed_to: emailedTo };
}
