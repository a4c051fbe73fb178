import { expect } from 'vitest';
import { injectFromRequest, parseInjectArgs } from '../src/cart/inject-command.js';
import type { Browser } from './auth-harness.js';
import { NOW, type TestApp } from './harness.js';

export const PLAN_SESSION = '2026-06-07T14:00:00.000Z'; // the fixture's "hot" session, adult 20.00
export const PLAN_TODAY = NOW.toISOString().slice(0, 10);
/** The second instalment's due date. */
export const PLAN_LATER = '2026-06-20';
export const PLAN_LAST = '2026-07-01';

/**
 * A staff cart of three adults (60.00) on a plan 20.00 today, 20.00 on PLAN_LATER, the rest on
 * PLAN_LAST, handed to `owner` by its payment link; its id.
 */
export async function planCartOf(t: TestApp, owner: Browser, email?: string): Promise<string> {
  const request = await parseInjectArgs(['--item', `type=adult,session=hot@${PLAN_SESSION},quantity=3`, '--plan', `${PLAN_TODAY}=20.00,${PLAN_LATER}=20.00,${PLAN_LAST}=rest`, ...(email ? ['--email', email, '--first', 'Bea', '--last', 'Buyer'] : [])]);
  const made = await injectFromRequest(t.db, t.dialect, request, 'https://shop.example', t.clock.now);
  await owner.post(`/api/cart/${made.cartId}/transfer`, { key: made.key });
  return made.cartId;
}

/** planCartOf with its deposit paid with `deposit` (a pay body): the cart and its order. */
export async function bookOnPlan(t: TestApp, owner: Browser, deposit: object, email?: string) {
  const cartId = await planCartOf(t, owner, email);
  const paid = await owner.post(`/api/cart/${cartId}/pay`, deposit);
  expect(paid.body.outcome).toBe('completed');
  return { cartId, orderId: paid.body.ticket_order._data[0].id as string };
}
