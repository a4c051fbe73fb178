import { DEMO_CARDS } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { renewDueMemberships, type RenewalDeps } from '../src/membership/auto-renew/renew-due-memberships.js';
import { gatewaysFor } from '../src/payments/gateways.js';
import { reconcileCheckouts } from '../src/payments/reconcile-checkouts.js';
import type { CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';
import { registered, useMembershipApp } from './membership-harness.js';
import { uuidv7 } from '../src/ids.js';
import { CARD_FEE, setMethodFees } from './method-fee-setting.js';

const DAY = 86_400_000;

describe.each(dialects())('the auto-renew job on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useMembershipApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));
  const deps = (): RenewalDeps => ({ db: t.db, dialect: t.dialect, publicUrl: 'https://shop.example', gatewaysFor: (sellerId) => gatewaysFor(t.db, sellerId, null) });

  /** A member who bought Individual with auto-renew: their first card and e-mail. */
  async function enrolled(name: string) {
    const { b, email } = await registered(t, name);
    const cart = await b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type('m-individual'), handler_data: { members: [{ role: 'member', first_name: name, last_name: 'L', email }] } }] });
    const cartId = cart.body.cart._data[0].id;
    await b.post(`/api/my/cart/${cartId}/checkout`, {});
    const paid = await b.post(`/api/my/cart/${cartId}/pay`, { amount: '75.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success }, auto_renew: true });
    expect(paid.body.outcome).toBe('completed');
    const card = await t.db.selectFrom('membership').selectAll().where('ticket_order_id', '=', paid.body.ticket_order._data[0].id).executeTakeFirstOrThrow();
    return { card, email, end: Date.parse(card.valid_to) };
  }
  const mailsTo = async (email: string, kind = 'membership_renewal') => t.db.selectFrom('outbox').select(['subject', 'text_body']).where('to_address', '=', email).where('kind', '=', kind).orderBy('created_at').execute();
  const setOf = (cardSetId: string) => t.db.selectFrom('membership').selectAll().where('card_set_id', '=', cardSetId).executeTakeFirstOrThrow();
  const keepCard = (email: string, number: string) =>
    t.db.updateTable('saved_payment_method').set({ reference: number }).where('identity_id', 'in', t.db.selectFrom('user_account').select('identity_id').where('email', '=', email)).execute();

  it('reminds once before the charge, then renews exactly once from the current end however many runners', async () => {
    const { card, email, end } = await enrolled('Rae');
    // 10 days before the end: the reminder (the charge is 7 days before), once.
    await renewDueMemberships(deps(), new Date(end - 10 * DAY));
    await renewDueMemberships(deps(), new Date(end - 9 * DAY));
    const reminders = await mailsTo(email);
    expect(reminders.map((m) => m.subject)).toEqual(['Your Individual membership renews soon']);
    expect(reminders[0].text_body).toContain('75.00 USD');
    expect(reminders[0].text_body).toContain('visa card ending in 4242');
    expect((await setOf(card.card_set_id)).valid_to).toBe(card.valid_to);

    // 6 days before: three runners at once renew once.
    const at = new Date(end - 6 * DAY);
    const runs = await Promise.all([1, 2, 3].map(() => renewDueMemberships(deps(), at)));
    expect(runs.reduce((n, r) => n + r.renewed, 0)).toBe(1);
    const renewed = await setOf(card.card_set_id);
    expect(renewed.valid_to).toBe(new Date(new Date(card.valid_to).setUTCFullYear(new Date(card.valid_to).getUTCFullYear() + 1)).toISOString());
    expect(renewed.auto_renew_state).toBe('scheduled');
    expect(renewed.scan_code).toBe(card.scan_code);
    const orders = await t.db.selectFrom('ticket_order').innerJoin('cart', 'cart.id', 'ticket_order.cart_id').select(['ticket_order.id', 'ticket_order.total']).where('cart.purchaser_identity_id', '=', card.identity_id).execute();
    expect(orders.map((o) => o.total)).toEqual([7500, 7500]);
    expect((await mailsTo(email, 'order_confirmation')).length).toBe(2);
    // Running again changes nothing.
    expect((await renewDueMemberships(deps(), at)).renewed).toBe(0);
  });

  it('membership.auto_renew_days_before: the charge comes that many days before the end (3 here, not the default 7)', async () => {
    const sellers = await t.db.selectFrom('seller').select('id').execute();
    const entryIds = sellers.map(() => uuidv7());
    await t.db.insertInto('config_entry').values(sellers.map((seller, i) => ({ id: entryIds[i], seller_id: seller.id, resource_id: seller.id, namespace: 'membership', name: 'auto_renew_days_before', value: '3' }))).execute();
    try {
      const { card, end } = await enrolled('Kit');
      // 6 days before the end: the default would charge now; 3 days before does not yet.
      await renewDueMemberships(deps(), new Date(end - 6 * DAY));
      expect((await setOf(card.card_set_id)).valid_to).toBe(card.valid_to);
      await renewDueMemberships(deps(), new Date(end - 2 * DAY));
      expect((await setOf(card.card_set_id)).valid_to).not.toBe(card.valid_to);
    } finally {
      await t.db.deleteFrom('config_entry').where('id', 'in', entryIds).execute();
    }
  });

  it('a card fee: the reminder names the charge with its fee, and the renewal charges it (docs/payments.md "Payment-method fees")', async () => {
    const { card, email, end } = await enrolled('Fee');
    const clearFees = await setMethodFees(t.db, CARD_FEE);
    try {
      await renewDueMemberships(deps(), new Date(end - 10 * DAY));
      const [reminder] = await mailsTo(email);
      // 75.00 + 0.30 + 2 % of 75.00 (1.50).
      expect(reminder.text_body).toContain('we will charge 76.80 USD (including a payment fee of 1.80 USD) to your visa card ending in 4242');
      expect((await renewDueMemberships(deps(), new Date(end - 6 * DAY))).renewed).toBe(1);
      const charges = await t.db
        .selectFrom('payment')
        .innerJoin('cart', 'cart.id', 'payment.cart_id')
        .select(['payment.amount', 'payment.method_fee'])
        .where('cart.purchaser_identity_id', '=', card.identity_id)
        .where('payment.status', '=', 'succeeded')
        .orderBy('payment.created_at')
        .execute();
      expect(charges).toEqual([
        { amount: 7500, method_fee: 0 },
        { amount: 7680, method_fee: 180 },
      ]);
    } finally {
      await clearFees();
    }
  });

  it('a refused card retries on a schedule with an e-mail each time, then lapses after the grace period', async () => {
    const { card, email, end } = await enrolled('Sid');
    await keepCard(email, DEMO_CARDS.card_declined);
    const first = await renewDueMemberships(deps(), new Date(end - 6 * DAY));
    expect(first).toMatchObject({ renewed: 0, retrying: 1 });
    const failed = await mailsTo(email);
    expect(failed.at(-1)!.subject).toBe('We could not renew your Individual membership');
    expect(failed.at(-1)!.text_body).toContain('Your card was declined.');
    // Nothing left held for the failed attempt.
    expect(await t.db.selectFrom('ticket').select('id').where('state', '=', 'held').where('handler', '=', 'membership').execute()).toEqual([]);
    // Not again before the retry day.
    expect((await renewDueMemberships(deps(), new Date(end - 5 * DAY))).retrying).toBe(0);
    expect((await renewDueMemberships(deps(), new Date(end - 3 * DAY))).retrying).toBe(1);
    // Retries until the grace period (14 days after the end) is used up.
    let lapsed = 0;
    for (let d = 0; d <= 16 && !lapsed; d += 3) lapsed = (await renewDueMemberships(deps(), new Date(end + d * DAY))).lapsed;
    expect(lapsed).toBe(1);
    const set = await setOf(card.card_set_id);
    expect(set.auto_renew_state).toBe('none');
    expect(set.valid_to).toBe(card.valid_to);
    expect((await mailsTo(email)).at(-1)!.subject).toBe('Your Individual membership was not renewed');
    expect((await renewDueMemberships(deps(), new Date(end + 20 * DAY))).lapsed).toBe(0);
  });

  it('a card that asks the member to confirm cannot be charged off-session: the member is e-mailed to renew', async () => {
    const { card, email, end } = await enrolled('Tam');
    await keepCard(email, DEMO_CARDS.requires_action);
    expect((await renewDueMemberships(deps(), new Date(end - 6 * DAY))).retrying).toBe(1);
    const failed = (await mailsTo(email)).at(-1)!;
    expect(failed.text_body).toContain('the payment needs your confirmation');
    expect(failed.text_body).toContain('https://shop.example/membership/renew');
    expect((await setOf(card.card_set_id)).valid_to).toBe(card.valid_to);
  });

  it('an attempt whose process died is taken up again after 15 minutes without charging twice', async () => {
    const { card, end } = await enrolled('Vic');
    const at = new Date(end - 6 * DAY);
    expect((await renewDueMemberships(deps(), at)).renewed).toBe(1);
    const paymentsBefore = await t.db.selectFrom('payment').select('id').where('idempotency_key', 'like', 'renew_%').execute();
    // As if the process had died after the charge: the claim still "charging", the set not yet extended.
    const renewal = await t.db.selectFrom('membership_renewal').selectAll().where('card_set_id', '=', card.card_set_id).executeTakeFirstOrThrow();
    await t.db.updateTable('membership_renewal').set({ state: 'charging', claimed_at: new Date(at.getTime() - 20 * 60_000).toISOString() }).where('id', '=', renewal.id).execute();
    await t.db.updateTable('membership').set({ valid_to: card.valid_to }).where('card_set_id', '=', card.card_set_id).execute();
    // Not before the claim is stale …
    await t.db.updateTable('membership_renewal').set({ claimed_at: at.toISOString() }).where('id', '=', renewal.id).execute();
    expect((await renewDueMemberships(deps(), at)).renewed).toBe(0);
    // … then the same attempt finds its payment and order: renewed, no second charge.
    await t.db.updateTable('membership_renewal').set({ claimed_at: new Date(at.getTime() - 20 * 60_000).toISOString() }).where('id', '=', renewal.id).execute();
    expect((await renewDueMemberships(deps(), at)).renewed).toBe(1);
    expect(await t.db.selectFrom('payment').select('id').where('idempotency_key', 'like', 'renew_%').execute()).toHaveLength(paymentsBefore.length);
    expect((await t.db.selectFrom('membership_renewal').select(['state', 'attempts']).where('id', '=', renewal.id).executeTakeFirstOrThrow())).toEqual({ state: 'renewed', attempts: 1 });
  });

  it('a charge still being processed waits (no failure e-mail, no second charge) and the reconciler books the renewal', async () => {
    const { card, email, end } = await enrolled('Wyn');
    // The provider takes its time: the off-session charge is processing; asked later, it succeeded.
    const slowGateways = (sellerId: string) => {
      const gateways = gatewaysFor(t.db, sellerId, null);
      const demo = gateways.demo;
      if (!demo) throw new Error('the demo gateway is the card gateway without Stripe');
      return { ...gateways, demo: { ...demo, charge: () => Promise.resolve({ status: 'processing' as const, reference: 'demo_pi_slow' }), lookup: () => Promise.resolve({ status: 'succeeded' as const, reference: 'demo_pi_slow' }) } };
    };
    const slow = (): RenewalDeps => ({ ...deps(), gatewaysFor: slowGateways });
    const at = new Date(end - 6 * DAY);
    expect(await renewDueMemberships(slow(), at)).toMatchObject({ renewed: 0, retrying: 0, waiting: 1 });
    expect((await mailsTo(email)).map((m) => m.subject)).not.toContain('We could not renew your Individual membership');
    expect(await t.db.selectFrom('membership_renewal').select(['state', 'attempts']).where('card_set_id', '=', card.card_set_id).executeTakeFirstOrThrow()).toEqual({ state: 'charging', attempts: 1 });
    // Taken up again once the claim is stale, while still processing: still waiting, no new charge.
    const later = new Date(at.getTime() + 20 * 60_000);
    expect(await renewDueMemberships(slow(), later)).toMatchObject({ waiting: 1, retrying: 0 });
    const { id: renewalId } = await t.db.selectFrom('membership_renewal').select('id').where('card_set_id', '=', card.card_set_id).executeTakeFirstOrThrow();
    expect(await t.db.selectFrom('payment').select('status').where('idempotency_key', 'like', `renew_${renewalId}_%`).execute()).toEqual([{ status: 'processing' }]);
    // The reconciler learns it succeeded and books the order; the next round finds it: renewed.
    // The reconciler learns it succeeded and books the order, which extends the set: renewed.
    await reconcileCheckouts({ db: t.db, dialect: t.dialect, publicUrl: 'https://shop.example', gatewaysFor: slowGateways }, new Date(later.getTime() + 5 * 60_000));
    expect(Date.parse((await setOf(card.card_set_id)).valid_to)).toBeGreaterThan(end);
    // Nothing more to do for this term: no new charge, no e-mail.
    expect(await renewDueMemberships(slow(), new Date(later.getTime() + 40 * 60_000))).toMatchObject({ renewed: 0, waiting: 0, retrying: 0 });
    expect(await t.db.selectFrom('payment').select('status').where('idempotency_key', 'like', `renew_${renewalId}_%`).execute()).toEqual([{ status: 'succeeded' }]);
    expect((await mailsTo(email)).map((m) => m.subject)).not.toContain('We could not renew your Individual membership');
  });

  it('a cancelled auto-renew is never charged', async () => {
    const { card, email, end } = await enrolled('Uli');
    await t.db.updateTable('membership').set({ auto_renew_state: 'cancelled' }).where('card_set_id', '=', card.card_set_id).execute();
    expect(await renewDueMemberships(deps(), new Date(end - 6 * DAY))).toMatchObject({ renewed: 0, retrying: 0, reminded: 0 });
    expect(await mailsTo(email)).toEqual([]);
  });
});
