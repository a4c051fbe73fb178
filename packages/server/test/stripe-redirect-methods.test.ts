import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/ids.js';
import { CartClient, catalogIds, type CatalogIds } from './cart-client.js';
import { BACS_TEST_ACCOUNT, FakeStripe } from './fake-stripe.js';
import { requiredField } from './form-fields.js';
import { Browser, createUser, PASSWORD } from './auth-harness.js';
import { dialects, getJson, testApp, type TestApp } from './harness.js';

const GA_0604_18 = '2026-06-04T22:00:00.000Z'; // capacity 10
const WEBHOOK_SECRET = 'whsec_foyer_test';
const FORM_ERRORS = 'There were errors found in the information you submitted. Please address the errors and re-submit the form.';
const ADDRESS = { address: '1 Harbour Street', city: 'Springfield', country: 'us', state: 'IL', zip_code: '62701' };

/**
 * Stripe methods that redirect or need the address (docs/payments.md#redirect-methods-afterpay--clearpay-and-bacs-direct-debit Checkout, docs/payments.md#redirect-methods-afterpay--clearpay-and-bacs-direct-debit): bacs_debit and
 * afterpay_clearpay when the seller enables them, the address checked by the server from the
 * purchaser's kept answers, and the return from the provider's page settled through the gateway.
 */
describe.each(dialects())('payment redirects and methods on %s (against a local fake of Stripe)', (dialect) => {
  const fake = new FakeStripe();
  let t: TestApp;
  let ids: CatalogIds;
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  afterEach(() => t.close());

  async function setup(methods: string[] | null = ['bacs_debit', 'afterpay_clearpay']) {
    t = await testApp(dialect, { env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_foyer', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url } });
    ids = await catalogIds(t.db);
    if (methods) {
      const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
      await t.db.insertInto('config_entry').values({ id: uuidv7(), seller_id: seller.id, resource_id: seller.id, namespace: 'payments', name: 'stripe_payment_methods', value: JSON.stringify(methods) }).execute();
    }
  }
  /** A guest's cart with its purchaser set (and their answers, the address among them when given). */
  async function guestCart(answers: Record<string, string> = ADDRESS, method: string | null = 'afterpay_clearpay') {
    const c = new CartClient(t.app);
    const res = await c.create([{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA_0604_18) }]);
    const cart = res.body.cart._data[0];
    const user = await c.call('POST', '/api/user', { first_name: 'Ada', last_name: 'Lovelace', email: `ada-${uuidv7()}@example.org` });
    const identityId = (user.body.identity?._data?.[0]?.id ?? user.body.user?._data?.[0]?.identity_id) as string;
    const checkout = await c.call('POST', `/api/cart/${cart.id}/guest_checkout`, { guest_identity_id: identityId, send_email: false, identity_form: answers, ...(method ? { payment_method_type: method } : {}) });
    expect(checkout.status).toBe(200);
    return { c, cartId: cart.id as string, outstanding: cart.cart_fees.total_outstanding as string };
  }
  const pay = (c: CartClient, cartId: string, amount: string, data: object, key?: string) =>
    t.app
      .inject({ method: 'POST', url: `/api/cart/${cartId}/pay`, payload: { amount, gateway_id: 'stripe', gateway_data: data }, headers: { cookie: c.cookie!, 'user-agent': 'FoyerTest/1', ...(key ? { 'idempotency-key': key } : {}) } })
      .then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }));
  const back = (c: CartClient | null, cartId: string, secret: string) =>
    t.app
      .inject({ method: 'POST', url: `/api/cart/${cartId}/payment_return`, payload: { payment_intent_client_secret: secret }, headers: c ? { cookie: c.cookie! } : {} })
      .then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }));
  /** What Stripe.js does in the browser with Stripe's element's bank details: a payment method, made at Stripe. */
  const stripeJsBacsMethod = async (account = BACS_TEST_ACCOUNT.account_number) => {
    const res = await fetch(`${fake.url}/v1/payment_methods`, { method: 'POST', body: new URLSearchParams({ key: 'pk_test_foyer', type: 'bacs_debit', 'bacs_debit[sort_code]': '10-88-00', 'bacs_debit[account_number]': account }) });
    return { status: res.status, id: ((await res.json()) as { id?: string }).id ?? '' };
  };
  const orders = async (cartId: string) => (await t.db.selectFrom('ticket_order').select('id').where('cart_id', '=', cartId).execute()).length;
  const cartState = async (cartId: string) => (await t.db.selectFrom('cart').select('state').where('id', '=', cartId).executeTakeFirstOrThrow()).state;
  const paymentOf = (cartId: string) => t.db.selectFrom('payment').selectAll().where('cart_id', '=', cartId).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  /** The provider's page, followed as the buyer's browser would: its answer sends them back to the storefront. */
  async function visitProvider(url: string, outcome: 'authorize' | 'fail') {
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Authorize test payment');
    const answer = await fetch(`${url}/${outcome}`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    return new URL(answer.headers.get('location')!);
  }

  it('afterpay_clearpay: the pay call answers 402 with the provider page; authorised there, the return completes the order once (reloads and a second tab book nothing more)', async () => {
    await setup();
    const { c, cartId, outstanding } = await guestCart();
    const first = await pay(c, cartId, outstanding, { payment_method_type: 'afterpay_clearpay' }, `k-${cartId}`);
    expect(first.status, JSON.stringify(first.body)).toBe(402);
    const extra = first.body._data[0]._extra;
    expect(first.body._data[0]._code).toBe('intent_requires_action');
    expect(extra.redirect_url).toMatch(new RegExp(`^${fake.url}/redirect/pi_`));
    // The intent was made from the server's copy of the address, with the storefront's return address.
    const sent = fake.createdWith.get(extra.payment_intent_id)!;
    expect(sent['payment_method_data[billing_details][address][line1]']).toBe('1 Harbour Street');
    expect(sent['payment_method_data[billing_details][address][country]']).toBe('US');
    expect(sent['payment_method_data[billing_details][name]']).toBe('Ada Lovelace');
    expect(sent['shipping[address][postal_code]']).toBe('62701');
    const returnUrl = new URL(requiredField(sent, 'return_url'));
    expect([returnUrl.pathname, returnUrl.searchParams.get('cartId'), returnUrl.searchParams.get('purchaser')]).toEqual(['/checkout', cartId, 'guest']);
    expect(await cartState(cartId)).toBe('pending');

    const landed = await visitProvider(extra.redirect_url, 'authorize');
    expect(landed.searchParams.get('redirect_status')).toBe('succeeded');
    expect(landed.searchParams.get('cartId')).toBe(cartId);
    const secret = landed.searchParams.get('payment_intent_client_secret')!;
    const [one, two] = await Promise.all([back(c, cartId, secret), back(c, cartId, secret)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.outcome).toBe('completed');
    expect(two.body.ticket_order._data[0].id).toBe(one.body.ticket_order._data[0].id);
    const reload = await back(c, cartId, secret);
    expect([reload.status, reload.body.outcome, reload.body.ticket_order._data[0].id]).toEqual([200, 'completed', one.body.ticket_order._data[0].id]);
    expect(await orders(cartId)).toBe(1);
    expect((await paymentOf(cartId)).status).toBe('succeeded');
    expect([...fake.intents.values()].filter((i) => i.metadata.payment_id === extra.payment_id)).toHaveLength(1);
  });

  it('afterpay failed at the provider: the return says the payment failed with its message, nothing is booked and the cart can be paid again', async () => {
    await setup();
    const { c, cartId, outstanding } = await guestCart();
    const first = await pay(c, cartId, outstanding, { payment_method_type: 'afterpay_clearpay' });
    const landed = await visitProvider(first.body._data[0]._extra.redirect_url, 'fail');
    expect(landed.searchParams.get('redirect_status')).toBe('failed');
    const secret = landed.searchParams.get('payment_intent_client_secret')!;
    const failed = await back(c, cartId, secret);
    expect(failed.status).toBe(402);
    expect(failed.body._data[0]._description).toBe('The payment was declined by Afterpay.');
    expect((await back(c, cartId, secret)).status).toBe(402);
    expect(await orders(cartId)).toBe(0);
    expect(await cartState(cartId)).toBe('pending');
    const card = await pay(c, cartId, outstanding, { payment_method_id: 'pm_card_visa' });
    expect([card.status, card.body.outcome]).toEqual([200, 'completed']);
  });

  it('a return before the buyer finished at the provider settles nothing; the webhook may still book it, and the return then answers completed', async () => {
    await setup();
    const { c, cartId, outstanding } = await guestCart();
    const first = await pay(c, cartId, outstanding, { payment_method_type: 'afterpay_clearpay' });
    const { payment_intent_id: intentId, payment_intent_client_secret: secret } = first.body._data[0]._extra;
    const early = await back(c, cartId, secret);
    expect([early.status, early.body._data[0]._code]).toEqual([402, 'payment_failed']);
    expect((await paymentOf(cartId)).status).toBe('requires_action');
    const payload = JSON.stringify(fake.event('payment_intent.succeeded', fake.completeRedirect(intentId, true)));
    const signature = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } })).statusCode).toBe(200);
    const later = await back(c, cartId, secret);
    expect([later.status, later.body.outcome]).toEqual([200, 'completed']);
    expect(await orders(cartId)).toBe(1);
  });

  it('the return trusts neither the browser nor a stranger: a wrong secret, another cart or another visitor gets nothing', async () => {
    await setup();
    const { c, cartId, outstanding } = await guestCart();
    const other = await guestCart();
    const first = await pay(c, cartId, outstanding, { payment_method_type: 'afterpay_clearpay' });
    const { payment_intent_id: intentId, payment_intent_client_secret: secret } = first.body._data[0]._extra;
    fake.completeRedirect(intentId, true);
    expect((await back(c, cartId, `${intentId}_secret_forged`)).status).toBe(404);
    expect((await back(c, cartId, 'not a secret')).status).toBe(404);
    expect((await back(other.c, other.cartId, secret)).status).toBe(404);
    expect((await back(null, cartId, secret)).status).toBe(403);
    expect((await back(other.c, cartId, secret)).status).toBe(403);
    const bad = await t.app.inject({ method: 'POST', url: `/api/cart/${cartId}/payment_return`, payload: { secret }, headers: { cookie: c.cookie! } });
    expect([bad.statusCode, JSON.parse(bad.body)._data[0]._code]).toEqual([400, 'validation_failed']);
    expect(await orders(cartId)).toBe(0);
    expect((await back(c, cartId, secret)).body.outcome).toBe('completed');
  });

  it('bacs_debit: the bank details go from Stripe.js to Stripe, never through Foyer; with the mandate agreed the Direct Debit is accepted but not cleared — outcome pending; the webhook books it later, once', async () => {
    await setup();
    const { c, cartId, outstanding } = await guestCart();
    // A wrong account is Stripe's refusal in the browser: no payment method, nothing reaches Foyer.
    expect((await stripeJsBacsMethod('99999999')).status).toBe(400);
    const before = fake.intents.size;
    // Bank details sent to Foyer anyway are refused and never forwarded; so is a debit without the mandate or without Stripe's method.
    const pm = (await stripeJsBacsMethod()).id;
    const refusals: [object, string][] = [
      [{ payment_method_type: 'bacs_debit', ...BACS_TEST_ACCOUNT, mandate_accepted: true }, 'bank_details'],
      [{ payment_method_type: 'bacs_debit', payment_method_id: pm, sort_code: '108800', mandate_accepted: true }, 'bank_details'],
      [{ payment_method_type: 'bacs_debit', payment_method_id: pm }, 'mandate_accepted'],
      [{ payment_method_type: 'bacs_debit', payment_method_id: pm, mandate_accepted: 'yes' }, 'mandate_accepted'],
      [{ payment_method_type: 'bacs_debit', mandate_accepted: true }, 'payment_method_id'],
      [{ payment_method_type: 'bacs_debit', payment_method_id: 'tok_123', mandate_accepted: true }, 'payment_method_id'],
    ];
    for (const [data, field] of refusals) {
      const refused = await pay(c, cartId, outstanding, data);
      expect([refused.status, refused.body._data[0]._code, refused.body._data[0]._extra.field], field).toEqual([400, 'validation_failed', field]);
    }
    expect(fake.intents.size).toBe(before);
    expect(await t.db.selectFrom('payment').select('id').where('cart_id', '=', cartId).execute()).toEqual([]);
    const debit = await pay(c, cartId, outstanding, { payment_method_type: 'bacs_debit', payment_method_id: pm, mandate_accepted: true });
    expect([debit.status, debit.body.outcome]).toEqual([200, 'pending']);
    const payments = await t.db.selectFrom('payment').selectAll().where('cart_id', '=', cartId).execute();
    expect(payments.map((p) => p.status)).toEqual(['processing']);
    const payment = payments[0];
    const sent = fake.createdWith.get(payment.reference!)!;
    expect(sent.payment_method).toBe(pm);
    expect(sent['mandate_data[customer_acceptance][online][user_agent]']).toBe('FoyerTest/1');
    expect(Object.keys(sent).filter((k) => /sort_code|account_number|bacs_debit\]/.test(k))).toEqual([]);
    const intent = fake.intents.get(payment.reference!)!;
    intent.status = 'succeeded';
    const payload = JSON.stringify(fake.event('payment_intent.succeeded', intent));
    const signature = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const deliver = () => t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
    await Promise.all([deliver(), deliver()]);
    expect(await orders(cartId)).toBe(1);
    expect(await cartState(cartId)).toBe('booked');
  });

  it('bacs_debit with payment-method fees: the Direct Debit is charged its own fee, not the card\'s; the order records it once booked (docs/payments.md)', async () => {
    await setup();
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    const fees = [
      { pmc_id: 'pmc_card_1', payment_method: 'card', fixed: 30, percent: 2 },
      { pmc_id: 'pmc_bacs_1', payment_method: 'bacs_debit', fixed: 25, percent: 0 },
    ];
    await t.db.insertInto('config_entry').values({ id: uuidv7(), seller_id: seller.id, resource_id: seller.id, namespace: 'payments', name: 'payment_method_fees', value: JSON.stringify(fees) }).execute();
    const { c, cartId, outstanding } = await guestCart(ADDRESS, 'bacs_debit');
    const debit = await pay(c, cartId, outstanding, { payment_method_type: 'bacs_debit', payment_method_id: (await stripeJsBacsMethod()).id, mandate_accepted: true });
    expect([debit.status, debit.body.outcome]).toEqual([200, 'pending']);
    const payment = await paymentOf(cartId);
    const due = Math.round(Number(outstanding) * 100);
    expect([payment.amount, payment.method_fee]).toEqual([due + 25, 25]);
    expect(fake.createdWith.get(payment.reference!)!.amount).toBe(String(due + 25));
    const intent = fake.intents.get(payment.reference!)!;
    intent.status = 'succeeded';
    const payload = JSON.stringify(fake.event('payment_intent.succeeded', intent));
    const signature = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
    expect(await cartState(cartId)).toBe('booked');
    const order = await t.db.selectFrom('ticket_order').select(['total', 'paid', 'method_fee']).where('cart_id', '=', cartId).executeTakeFirstOrThrow();
    expect(order).toEqual({ total: due, paid: due, method_fee: 25 });
  });

  it('the address is checked per method on the server: missing fields are named in the form envelope and nothing is charged', async () => {
    await setup();
    const { c, cartId, outstanding } = await guestCart({ country: 'us', zip_code: '62701' }, null);
    // guest_checkout naming the method already asks for the address.
    const early = await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { send_email: false, guest_identity_id: (await t.db.selectFrom('cart').select('purchaser_identity_id').where('id', '=', cartId).executeTakeFirstOrThrow()).purchaser_identity_id, identity_form: { country: 'us', zip_code: '62701' }, payment_method_type: 'bacs_debit' });
    expect([early.status, early.body._data[0]._description]).toEqual([400, FORM_ERRORS]);
    expect(Object.keys(early.body._data[0]._extra.fields).sort()).toEqual(['address', 'city', 'state']);
    const before = fake.intents.size;
    for (const method of ['afterpay_clearpay', 'bacs_debit']) {
      const refused = await pay(c, cartId, outstanding, { payment_method_type: method, payment_method_id: 'pm_fake_bacs_debit_0', mandate_accepted: true });
      expect(refused.status).toBe(400);
      const error = refused.body._data[0];
      expect([error._code, error._context, error._description]).toEqual(['validation_failed', 'identity_form', FORM_ERRORS]);
      expect(Object.keys(error._extra.fields).sort()).toEqual(['address', 'city', 'state']);
    }
    expect(fake.intents.size).toBe(before);
    expect(await cartState(cartId)).toBe('pending');
    // A card needs no address: the same cart pays.
    expect((await pay(c, cartId, outstanding, { payment_method_id: 'pm_card_visa' })).body.outcome).toBe('completed');
  });

  it('a logged-in member gives the address at my/cart guest_checkout; the return address says member and my/cart finishes it', async () => {
    await setup();
    await createUser(t.db, { email: 'member@example.org', first_name: 'Grace', last_name: 'Hopper' });
    const b = new Browser(t.app, '10.7.0.1');
    expect((await b.post('/api/login', { username: 'member@example.org', password: PASSWORD })).status).toBe(200);
    const cart = (await b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA_0604_18) }] })).body.cart._data[0];
    const noAddress = await b.post(`/api/my/cart/${cart.id}/guest_checkout`, { send_email: true, identity_form: {}, payment_method_type: 'afterpay_clearpay' });
    expect([noAddress.status, noAddress.body._data[0]._context]).toEqual([400, 'identity_form']);
    expect((await b.post(`/api/my/cart/${cart.id}/guest_checkout`, { send_email: true, identity_form: ADDRESS, payment_method_type: 'afterpay_clearpay' })).status).toBe(200);
    const first = await b.post(`/api/my/cart/${cart.id}/pay`, { amount: cart.cart_fees.total_outstanding, gateway_id: 'stripe', gateway_data: { payment_method_type: 'afterpay_clearpay' } });
    expect(first.status).toBe(402);
    const { payment_intent_id: intentId, payment_intent_client_secret: secret } = first.body._data[0]._extra;
    const sent = fake.createdWith.get(intentId)!;
    expect(sent['payment_method_data[billing_details][name]']).toBe('Grace Hopper');
    expect(new URL(requiredField(sent, 'return_url')).searchParams.get('purchaser')).toBe('member');
    fake.completeRedirect(intentId, true);
    const done = await b.post(`/api/my/cart/${cart.id}/payment_return`, { payment_intent_client_secret: secret });
    expect([done.status, done.body.outcome]).toEqual([200, 'completed']);
    expect(await orders(cart.id)).toBe(1);
  });

  /** Self-edit on (docs/after-sale.md#who-may-read-or-change-an-order) and a card-paid order of one child ticket at GA_0604_18, with its manage link's key. */
  async function paidOrderToChange() {
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    await t.db.insertInto('config_entry').values({ id: uuidv7(), seller_id: seller.id, resource_id: seller.id, namespace: 'web', name: 'self_edit_rules', value: JSON.stringify({ categories: ['Admission', 'Performances'], horizon_hours: 2 }) }).execute();
    const c = new CartClient(t.app);
    const made = await c.create([{ ticket_type_id: ids.type('child'), event_session_id: ids.session('ga', GA_0604_18) }]);
    const cart = made.body.cart._data[0];
    const email = `ada-${uuidv7()}@example.org`;
    const user = await c.call('POST', '/api/user', { first_name: 'Ada', last_name: 'Lovelace', email });
    await c.call('POST', `/api/cart/${cart.id}/guest_checkout`, { guest_identity_id: user.body.user._data[0].identity_id, send_email: true });
    const paid = await pay(c, cart.id, cart.cart_fees.total_outstanding, { payment_method_id: 'pm_card_visa' });
    expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
    const mail = await t.db.selectFrom('outbox').select('text_body').where('to_address', '=', email).executeTakeFirstOrThrow();
    const key = /manage\/[^?\s]+\?key=([A-Za-z0-9_%-]+)/.exec(mail.text_body)![1];
    return { orderId: paid.body.ticket_order._data[0].id as string, key, ticketId: paid.body.ticket._data[0].id as string };
  }

  it('a manage-order payment (a dearer change on /manage/{id}/confirm) through HTTP: only the address is asked, the return names the order the change cart edits, and the change books on that order', async () => {
    await setup();
    const o = await paidOrderToChange();
    // The manage link opened in another browser: the child becomes an adult (a change cart with something to pay).
    const c = new CartClient(t.app);
    const changed = await c.call('POST', `/api/cart/modify?key=${o.key}`, { ticket_order_id: o.orderId, remove: [o.ticketId], add: [{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA_0604_18) }] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const { id: cartId, outstandingBalance } = changed.body.cart._data[0] as { id: string; outstandingBalance: string };
    // Before the address: the form's refusal naming every address field (the buyer is the order's, so not "Please enter your details").
    const bare = await pay(c, cartId, outstandingBalance, { payment_method_type: 'afterpay_clearpay' });
    expect([bare.status, bare.body._data[0]._code, bare.body._data[0]._context, bare.body._data[0]._description]).toEqual([400, 'validation_failed', 'identity_form', FORM_ERRORS]);
    expect(Object.keys(bare.body._data[0]._extra.fields).sort()).toEqual(['address', 'city', 'country', 'zip_code']);
    // guest_checkout on a change cart keeps the address only; an identity named by the browser is not who pays.
    const stranger = await c.call('POST', '/api/user', { first_name: 'Eve', last_name: 'Other', email: `eve-${uuidv7()}@example.org` });
    const addressed = await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: stranger.body.user._data[0].identity_id, send_email: false, identity_form: { ...ADDRESS, favourite: 'x' }, payment_method_type: 'afterpay_clearpay' });
    expect(addressed.status, JSON.stringify(addressed.body)).toBe(200);
    const row = await t.db.selectFrom('cart').select(['purchaser_identity_id', 'purchaser_meta']).where('id', '=', cartId).executeTakeFirstOrThrow();
    expect([row.purchaser_identity_id, JSON.parse(row.purchaser_meta!)]).toEqual([null, { address: '1 Harbour Street', city: 'Springfield', country: 'us', state: 'IL', zip_code: '62701' }]);

    const first = await pay(c, cartId, outstandingBalance, { payment_method_type: 'afterpay_clearpay' }, `change-${cartId}`);
    expect(first.status, JSON.stringify(first.body)).toBe(402);
    const extra = first.body._data[0]._extra;
    const sent = fake.createdWith.get(extra.payment_intent_id)!;
    expect(sent['payment_method_data[billing_details][name]']).toBe('Ada Lovelace');
    const returnUrl = new URL(requiredField(sent, 'return_url'));
    expect([returnUrl.pathname, returnUrl.searchParams.get('cartId'), returnUrl.searchParams.get('purchaser'), returnUrl.searchParams.get('orderId')]).toEqual(['/checkout', cartId, 'guest', o.orderId]);
    // The manage key never goes to the provider (it would sit in their logs).
    expect(sent.return_url).not.toContain('key=');

    const landed = await visitProvider(extra.redirect_url, 'authorize');
    expect(landed.searchParams.get('orderId')).toBe(o.orderId);
    const done = await back(c, cartId, landed.searchParams.get('payment_intent_client_secret')!);
    expect([done.status, done.body.outcome, done.body.ticket_order._data[0].id]).toEqual([200, 'completed', o.orderId]);
    expect(await orders(cartId)).toBe(0);
    const booked = await t.db.selectFrom('ticket').select(['ticket_type_id', 'state']).where('ticket_order_id', '=', o.orderId).execute();
    expect(booked.filter((x) => x.state === 'booked').map((x) => x.ticket_type_id)).toEqual([ids.type('adult')]);
  });

  it('a method the seller did not enable (or an unknown one) is not supported; the storefront is told which are on', async () => {
    await setup(['afterpay_clearpay', 'sofort']);
    const entries = (await getJson(t.app, '/api/config')).body.config._data as { namespace: string; name: string; value: unknown }[];
    expect(entries.find((e) => e.namespace === 'payments' && e.name === 'stripe_payment_methods')?.value).toEqual(['afterpay_clearpay', 'sofort']);
    const { c, cartId, outstanding } = await guestCart();
    for (const method of ['bacs_debit', 'sofort', 42]) {
      const refused = await pay(c, cartId, outstanding, { payment_method_type: method, payment_method_id: 'pm_fake_bacs_debit_0', mandate_accepted: true });
      expect([refused.status, refused.body._data[0]._code]).toEqual([400, 'payment_not_supported']);
    }
    expect(await cartState(cartId)).toBe('pending');
  });
});
