import { DEMO_CARDS } from '@foyer/contracts';
import { expect } from 'vitest';
import { injectFromRequest, parseInjectArgs } from '../src/cart/inject-command.js';
import { Browser } from './auth-harness.js';
import type { TestApp } from './harness.js';

/** Tickets of a paid order of `quantity` adults for a session (an injected cart, paid by the demo test card). */
export async function paidTickets(t: TestApp, session: string, quantity: number, who = { first: 'Dora', last: 'Door' }, ip = '10.7.0.1') {
  const request = await parseInjectArgs(['--item', `type=adult,session=${session},quantity=${quantity}`, '--email', `${who.first.toLowerCase()}@example.com`, '--first', who.first, '--last', who.last]);
  const made = await injectFromRequest(t.db, t.dialect, request, 'https://shop.example', t.clock.now);
  const visitor = new Browser(t.app, ip);
  await visitor.post(`/api/cart/${made.cartId}/transfer`, { key: made.key });
  const total = await t.db.selectFrom('ticket').select((eb) => eb.fn.sum<number | string>('adjusted_value').as('sum')).where('cart_id', '=', made.cartId).executeTakeFirstOrThrow();
  const paid = await visitor.post(`/api/cart/${made.cartId}/pay`, { amount: (Number(total.sum) / 100).toFixed(2), gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
  expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
  const tickets = await t.db.selectFrom('ticket').select(['id', 'scan_code', 'ticket_order_id']).where('cart_id', '=', made.cartId).orderBy('id').execute();
  return { codes: tickets.map((r) => r.scan_code!), ids: tickets.map((r) => r.id), orderId: tickets[0].ticket_order_id! };
}
