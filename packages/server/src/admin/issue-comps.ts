import { randomBytes } from 'node:crypto';
import type { TAdminComp, TAdminCompBody } from '@foyer/contracts';
import type { Db, Dialect } from '../db/database.js';
import { uuidv7 } from '../ids.js';
import { updateCartRow } from '../cart/public.js';
import { resolveItems } from '../cart/inject-command.js';
import { transferKeyHash } from '../cart/inject-cart.js';
import { modifyCart } from '../cart/modify-cart.js';
import { registerGiftee } from '../checkout/register-giftee.js';
import { bookOrder } from '../orders/book-order.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import { recordAudit, type Actor } from './audit.js';
import { ticketsOfOrder } from './admin-orders.repository.js';
import { adminTicketOut } from './read-admin-order.js';
import { orderNumberOf, zeroTicketPrices } from './issue-comps.repository.js';

/**
 * POST admin/comps (box office; docs/box-office.md, Complimentary tickets): tickets reserved by the
 * storefront's reserve (cart/modify-cart.ts: every reserve rule, capacity taken by its conditional
 * update) and, in that same transaction, priced at nothing and booked into an order of zero total
 * (orders/book-order.ts: scan codes, the confirmation e-mail when asked) with its audit entry — so
 * a full session refuses the comp and leaves nothing behind.
 */
export async function issueComps(deps: { db: Db; dialect: Dialect; publicUrl: string }, actor: Actor, body: TAdminCompBody, now: Date): Promise<TAdminComp> {
  const seller = await resolveSeller(deps.db, null, null);
  const items = await resolveItems(deps.db, seller.id, { items: body.items });
  const seats = [...(body.seat_ids ?? [])];
  // A seated session's tickets take the seats named, in order (the ticket's insert decides whether each is free: seats/hold-seat.ts).
  const add = items.flatMap((item) =>
    Array.from({ length: item.quantity }, () => ({ ticket_type_id: item.ticket_type_id, event_session_id: item.event_session_id ?? undefined, ...(seats.length ? { handler_data: { seat_id: seats.shift() } } : {}) })),
  );
  // The recipient: a guest account like guest checkout's (the same e-mail is the same person); staff are trusted with sign-ups.
  const recipientId = body.recipient ? await registerGiftee(deps.db, { sellerId: seller.id, body: body.recipient, ip: `staff:${randomBytes(8).toString('hex')}`, now }) : null;
  // The cart's own identity is a placeholder nobody holds (as payment-link carts'); the recipient is its purchaser.
  const token = randomBytes(32).toString('base64url');
  const writer = { identity: { id: uuidv7(), kind: 'public' as const }, fresh: { token, tokenHash: transferKeyHash(token) } };
  let orderId = '';
  await modifyCart({
    db: deps.db,
    dialect: deps.dialect,
    sellerId: seller.id,
    writer,
    viewer: { isMember: true },
    cartId: null,
    body: { add, remove: [] },
    now,
    defaultHoldMinutes: 15,
    staffChange: {
      onWritten: async (tx, made) => {
        await zeroTicketPrices(tx, made.cart.id);
        const sendEmail = body.send_email && recipientId ? 1 : 0;
        await updateCartRow(tx, made.cart.id, { purchaser_identity_id: recipientId, send_email: sendEmail, updated_at: now.toISOString() });
        orderId = await bookOrder(tx, deps.dialect, { cart: { ...made.cart, purchaser_identity_id: recipientId, send_email: sendEmail, paid: 0, method_fee: 0 }, tickets: made.tickets, plan: [], amounts: { total: 0, paid: 0 } }, now, deps.publicUrl);
        await recordAudit(tx, actor, { action: 'order.comp', objectType: 'order', objectId: orderId, before: null, after: { items: body.items, recipient: body.recipient?.email ?? null, send_email: !!sendEmail, reason: body.reason } }, now);
      },
    },
  });
  const order = await orderNumberOf(deps.db, orderId);
  return { order_id: order.id, order_number: order.order_number, tickets: (await ticketsOfOrder(deps.db, order.id)).map(adminTicketOut), emailed_to: body.send_email && body.recipient ? body.recipient.email : null };
}
