import { expect } from 'vitest';
import { deliverMail, mailbox } from './auth-harness.js';
import { CartClient } from './cart-client.js';
import type { TestApp } from './harness.js';

/** POST cart/{id}/pay with the (fake) Stripe test card, as the cart's browser; an idempotency key when given. */
export function payByCard(t: TestApp, c: CartClient, cartId: string, amount: string, key?: string, extra: Record<string, unknown> = {}) {
  return t.app
    .inject({ method: 'POST', url: `/api/cart/${cartId}/pay`, payload: { amount, gateway_id: 'stripe', gateway_data: { payment_method_id: 'pm_card_visa' }, ...extra }, headers: { cookie: c.cookie!, ...(key ? { 'idempotency-key': key } : {}) } })
    .then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }));
}

/**
 * An order of these lines bought by a fresh guest and paid by card, with the manage key its
 * confirmation e-mail carries (URL-encoded, ready for `?key=`). `payExtra` joins the pay body (a captcha answer).
 */
export async function paidOrderWithKey(t: TestApp, email: string, lines: unknown[], payExtra: Record<string, unknown> = {}) {
  const c = new CartClient(t.app);
  const cart = await c.create(lines);
  expect(cart.status, JSON.stringify(cart.body)).toBe(200);
  const cartId = cart.body.cart._data[0].id as string;
  const user = await c.call('POST', '/api/user', { first_name: 'Ada', last_name: 'Byron', email });
  await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.body.user._data[0].identity_id });
  const paid = await payByCard(t, c, cartId, cart.body.cart._data[0].cart_fees.total_outstanding, undefined, payExtra);
  expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
  await deliverMail(t);
  const link = new URL(/Manage your order: (\S+)/.exec((await mailbox(t.app, email)).at(-1)!.text)![1]);
  return { paid, orderId: paid.body.ticket_order._data[0].id as string, key: encodeURIComponent(link.searchParams.get('key')!) };
}
