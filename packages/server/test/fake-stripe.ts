import Fastify, { type FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { Db, Dialect } from '../src/db/database.js';
import { gatewaysFor } from '../src/payments/gateways.js';
import { stripeClient } from '../src/payments/stripe-client.js';
import { readSettings } from '../src/settings.js';
import { requiredField, type FormFields } from './form-fields.js';
import { stripeJsStandIn } from './stripe-js-stand-in.js';

/**
 * A local fake of the part of Stripe's HTTP API Foyer uses (PaymentIntents create / retrieve /
 * search, refunds, Customers create and PaymentMethods retrieve for auto-renew), started by the tests; the real SDK is pointed at it through STRIPE_API_URL.
 * Methods that redirect or need an address (payment_method_data[type] bacs_debit, afterpay_clearpay):
 * Afterpay answers requires_action with next_action.redirect_to_url, a page of this server
 * (GET /redirect/{id}) where the buyer authorises or fails it and is sent back to the return_url
 * with payment_intent, payment_intent_client_secret and redirect_status, as Stripe does. Bacs: the
 * browser's Stripe.js makes the payment method (POST /v1/payment_methods with the publishable key;
 * sort code 10-88-00, account 00012345 is accepted, any other refused), and an intent confirmed
 * with it and mandate_data answers processing.
 * Outcomes follow Stripe's test payment methods (pm_card_visa, pm_card_chargeDeclined, …).
 * Idempotency keys replay the first answer, like Stripe.
 * It also serves a stand-in of Stripe.js (GET /v3/, see stripe-js-stand-in.ts) for the browser
 * tests: its wallet answers canMakePayment with `wallet`, and its sheet hands over a payment method
 * this fake made (POST /js/wallet_payment_method, pm_fake_wallet_…), which then pays like a card.
 */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: Stripe.PaymentIntent.Status;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method: string | null;
  customer: string | null;
  setup_future_usage: string | null;
  off_session: boolean;
  last_payment_error: { code: string; message: string } | null;
  created: number;
  payment_method_types: string[];
  next_action: { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } } | null;
}

/** Stripe's Bacs test account that is accepted (then clears days later). */
export const BACS_TEST_ACCOUNT = { sort_code: '108800', account_number: '00012345' };

const CARD_ERRORS: Record<string, { code: string; message: string }> = {
  pm_card_chargeDeclined: { code: 'card_declined', message: 'Your card was declined.' },
  pm_card_chargeDeclinedIncorrectCvc: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  pm_card_chargeDeclinedIncorrectZip: { code: 'incorrect_zip', message: "Your card's postal code is incorrect." },
};

export class FakeStripe {
  /** How late a `slow` fault answers. */
  static readonly SLOW_MS = 1_500;
  readonly intents = new Map<string, FakeIntent>();
  readonly refunds: { id: string; payment_intent: string; amount: number }[] = [];
  readonly customers: { id: string; email: string | null; name: string | null }[] = [];
  /** The form body each intent was created with (billing details, return_url, mandate_data …), for assertions. */
  readonly createdWith = new Map<string, FormFields>();
  /** Requests by method and path, for assertions. */
  readonly requests: string[] = [];
  /** The Bacs payment methods Stripe.js made in the browser (id → the account), and every bank detail this fake was sent, by path. */
  readonly bacsMethods = new Map<string, { sort_code: string; account_number: string }>();
  /** The wallet the Stripe.js stand-in says the browser has (canMakePayment), or none. */
  wallet: 'apple' | 'google' | null = 'google';
  /** The payment methods the stand-in's wallet sheet handed over, and how the page completed each. */
  readonly walletMethods = new Map<string, 'success' | 'fail' | null>();
  /** When set, creating an intent charges it but answers 500: the answer is lost on the way back. */
  loseAnswers = false;
  /**
   * Faults on the next `count` intent creations (faults/payment-gateway.test.ts): `error500`
   * answers 500 before charging anything; `drop` charges (and keeps the answer for the
   * idempotency key, as Stripe does) and then closes the connection without answering; `slow`
   * charges and answers only after `SLOW_MS` (past a client's STRIPE_TIMEOUT_MS below that).
   */
  createFaults: { kind: 'error500' | 'drop' | 'slow'; count: number } | null = null;
  /** Intents created (charged or not), counted per Foyer payment id (metadata payment_id). */
  chargesFor(paymentMetadataId: string) {
    return [...this.intents.values()].filter((i) => i.metadata.payment_id === paymentMetadataId && i.status === 'succeeded').length;
  }
  private readonly replies = new Map<string, { status: number; body: unknown }>();
  private app: FastifyInstance | null = null;
  private seq = 0;
  url = '';

  constructor(
    readonly secretKey = 'sk_test_foyer_fake',
    readonly webhookSecret = 'whsec_foyer_test',
  ) {}

  /** Foyer's Stripe settings pointed at this fake (read once it has started: the URL is its port). */
  env(): NodeJS.ProcessEnv {
    return { STRIPE_SECRET_KEY: this.secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_foyer', STRIPE_WEBHOOK_SECRET: this.webhookSecret, STRIPE_API_URL: this.url };
  }

  /** Posts a Stripe event to Foyer's webhook, signed as Stripe signs it unless `signature` is given (a forged one). */
  deliver(app: FastifyInstance, event: object, signature?: string) {
    const payload = JSON.stringify(event);
    const header = signature ?? new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
    return app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
  }

  /** What reconcileCheckouts needs to ask this fake about stuck checkouts, as the worker asks Stripe. */
  reconcileDeps(t: { db: Db; dialect: Dialect }) {
    const stripe = stripeClient(readSettings(this.env()).stripe!);
    return { db: t.db, dialect: t.dialect, publicUrl: 'http://localhost', gatewaysFor: (sellerId: string) => gatewaysFor(t.db, sellerId, stripe) };
  }

  async start() {
    const app = Fastify();
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));
    app.addHook('onRequest', async (request, reply) => {
      this.requests.push(`${request.method} ${request.url.split('?')[0]}`);
      // The provider's own page the buyer's browser is sent to, and the Stripe.js stand-in: no API key there.
      if (request.url.startsWith('/redirect/') || request.url.startsWith('/v3/') || request.url.startsWith('/js/')) return;
      // Stripe.js makes payment methods with the publishable key, in the body (a simple request: no CORS preflight).
      if (request.method === 'POST' && request.url.split('?')[0] === '/v1/payment_methods') return;
      if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
        return reply.code(401).send({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
    });
    const idempotent = (handler: (body: FormFields) => { status: number; body: unknown }) => (request: { headers: Record<string, unknown>; body: unknown }, reply: { code(n: number): { send(b: unknown): unknown }; header(k: string, v: string): unknown }) => {
      const key = request.headers['idempotency-key'];
      const saved = typeof key === 'string' ? this.replies.get(key) : undefined;
      const answer = saved ?? handler(request.body ?? {});
      if (typeof key === 'string' && !saved) this.replies.set(key, answer);
      if (answer.status >= 500) reply.header('stripe-should-retry', 'false');
      // A promise, as a route handler's answer: the faults above await it.
      return Promise.resolve(reply.code(answer.status).send(answer.body));
    };

    const createIntent = idempotent((body) => this.create(body));
    app.post('/v1/payment_intents', async (request, reply) => {
      const fault = this.createFaults && this.createFaults.count > 0 ? this.createFaults : null;
      if (fault) fault.count -= 1;
      if (fault?.kind === 'error500') return reply.code(500).send({ error: { type: 'api_error', message: 'An unknown error occurred' } });
      if (fault?.kind === 'slow') {
        // Charged at once (the answer kept for the idempotency key), answered late.
        await createIntent(request, { code: () => ({ send: () => undefined }), header: () => undefined });
        await new Promise((resolve) => setTimeout(resolve, FakeStripe.SLOW_MS));
        return createIntent(request, reply);
      }
      if (fault?.kind === 'drop') {
        await createIntent(request, { code: () => ({ send: () => undefined }), header: () => undefined });
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      return createIntent(request, reply);
    });
    app.get<{ Params: { id: string } }>('/v1/payment_intents/:id', async (request, reply) => {
      const intent = this.intents.get(request.params.id);
      return intent ? intent : reply.code(404).send({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
    });
    app.get<{ Querystring: { query: string } }>('/v1/payment_intents/search', (request) => {
      const wanted = /metadata\['payment_id'\]:'([^']+)'/.exec(request.query.query)?.[1];
      const data = [...this.intents.values()].filter((i) => i.metadata.payment_id === wanted);
      return { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/payment_intents/search' };
    });
    app.post('/v1/customers', idempotent((body) => {
      const customer = { id: `cus_fake_${++this.seq}`, object: 'customer', email: body.email ?? null, name: body.name ?? null };
      this.customers.push(customer);
      return { status: 200, body: customer };
    }));
    // What Stripe.js does with Stripe's own element's bank details: a payment method, made in the browser.
    app.post('/v1/payment_methods', async (request, reply) => {
      reply.header('access-control-allow-origin', '*');
      const body = (request.body ?? {}) as FormFields;
      if (!body.key?.startsWith('pk_')) return reply.code(401).send({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (body.type !== 'bacs_debit') return reply.code(400).send({ error: { type: 'invalid_request_error', message: `The payment method type "${body.type}" is invalid.` } });
      const bank = { sort_code: (body['bacs_debit[sort_code]'] ?? '').replace(/\D/g, ''), account_number: body['bacs_debit[account_number]'] ?? '' };
      if (bank.sort_code !== BACS_TEST_ACCOUNT.sort_code || bank.account_number !== BACS_TEST_ACCOUNT.account_number) return reply.code(400).send({ error: { type: 'invalid_request_error', code: 'invalid_bank_account', message: 'Your bank account details are invalid.' } });
      const id = `pm_fake_bacs_debit_${++this.seq}`;
      this.bacsMethods.set(id, bank);
      return { id, object: 'payment_method', type: 'bacs_debit', bacs_debit: { last4: bank.account_number.slice(-4), sort_code: bank.sort_code } };
    });
    app.get<{ Params: { id: string } }>('/v1/payment_methods/:id', (request) => ({
      id: request.params.id,
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
    }));
    app.post('/v1/refunds', idempotent((body) => {
      const intent = body.payment_intent === undefined ? undefined : this.intents.get(body.payment_intent);
      if (!intent || intent.status !== 'succeeded') return { status: 400, body: { error: { type: 'invalid_request_error', message: 'This PaymentIntent has no charge to refund.' } } };
      const refund = { id: `re_${++this.seq}`, payment_intent: intent.id, amount: Number(body.amount ?? intent.amount) };
      this.refunds.push(refund);
      return { status: 200, body: { ...refund, object: 'refund', status: 'succeeded', currency: intent.currency } };
    }));
    // The provider's page (Afterpay's, say) the buyer is redirected to, and its two answers.
    app.get<{ Params: { id: string } }>('/redirect/:id', async (request, reply) => {
      const intent = this.intents.get(request.params.id);
      if (!intent?.next_action) return reply.code(404).send('No such payment');
      const amount = (intent.amount / 100).toFixed(2);
      return reply
        .type('text/html')
        .send(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Test payment page</title></head><body><main><h1>Test payment page</h1><p>Pay ${amount} ${intent.currency.toUpperCase()} with ${intent.payment_method_types[0]}.</p><p><a href="/redirect/${intent.id}/authorize">Authorize test payment</a></p><p><a href="/redirect/${intent.id}/fail">Fail test payment</a></p></main></body></html>`);
    });
    app.get<{ Params: { id: string; outcome: string } }>('/redirect/:id/:outcome', async (request, reply) => {
      const intent = this.intents.get(request.params.id);
      if (!intent?.next_action) return reply.code(404).send('No such payment');
      const back = new URL(intent.next_action.redirect_to_url.return_url);
      this.completeRedirect(intent.id, request.params.outcome === 'authorize');
      back.searchParams.set('payment_intent', intent.id);
      back.searchParams.set('payment_intent_client_secret', intent.client_secret);
      back.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
      return reply.redirect(back.toString());
    });
    // Stripe.js, as the browser loads it from js.stripe.com (the browser tests route it here).
    app.get('/v3/', async (_request, reply) => reply.type('text/javascript').header('access-control-allow-origin', '*').send(stripeJsStandIn(this.wallet)));
    // The wallet sheet's payment method (Stripe makes one from the card in the wallet); the page says how it completed.
    app.post('/js/wallet_payment_method', async (_request, reply) => {
      const id = `pm_fake_wallet_${++this.seq}`;
      this.walletMethods.set(id, null);
      return reply.header('access-control-allow-origin', '*').send({ id, object: 'payment_method', type: 'card' });
    });
    app.post<{ Params: { id: string; status: string } }>('/js/wallet_payment_method/:id/:status', async (request, reply) => {
      if (this.walletMethods.has(request.params.id) && (request.params.status === 'success' || request.params.status === 'fail')) this.walletMethods.set(request.params.id, request.params.status);
      return reply.header('access-control-allow-origin', '*').send({});
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    this.app = app;
    return this;
  }

  stop() {
    return this.app?.close();
  }

  private create(body: FormFields): { status: number; body: unknown } {
    const id = `pi_fake_${++this.seq}`;
    const method = body.payment_method ?? null;
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount: Number(requiredField(body, 'amount')),
      currency: requiredField(body, 'currency'),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${this.seq}`,
      metadata: Object.fromEntries(Object.entries(body).flatMap(([k, v]) => (k.startsWith('metadata[') && v !== undefined ? [[k.slice(9, -1), v]] : []))),
      payment_method: method,
      customer: body.customer ?? null,
      setup_future_usage: body.setup_future_usage ?? null,
      off_session: body.off_session === 'true',
      last_payment_error: null,
      created: Math.floor(Date.now() / 1000),
      payment_method_types: ['card'],
      next_action: null,
    };
    this.intents.set(id, intent);
    this.createdWith.set(id, body);
    const dataType = body['payment_method_data[type]'];
    if (dataType) return this.createWithData(intent, dataType, body);
    if (method && this.bacsMethods.has(method)) {
      if (!body.return_url) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'A return_url must be specified.' } } };
      if (!body['mandate_data[customer_acceptance][online][ip_address]']) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Missing required param: mandate_data.' } } };
      intent.payment_method_types = ['bacs_debit'];
      intent.status = 'processing';
      return { status: 200, body: intent };
    }
    const error = method ? CARD_ERRORS[method] : undefined;
    if (error) {
      intent.last_payment_error = error;
      return { status: 402, body: { error: { type: 'card_error', ...error, payment_intent: intent } } };
    }
    if (method === 'pm_card_authenticationRequired') intent.status = 'requires_action';
    else if (method === 'pm_debit_processing') intent.status = 'processing';
    else if (method === 'pm_card_visa' || (method && this.walletMethods.has(method))) intent.status = 'succeeded';
    else return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such PaymentMethod: '${method}'` } } };
    if (this.loseAnswers) return { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } };
    return { status: 200, body: intent };
  }

  /** afterpay_clearpay, made from payment_method_data and confirmed with a return_url (a Bacs method made so is refused: it comes from Stripe.js). */
  private createWithData(intent: FakeIntent, type: string, body: FormFields): { status: number; body: unknown } {
    const invalid = (message: string) => ({ status: 400, body: { error: { type: 'invalid_request_error', message } } });
    if (!body.return_url) return invalid('A return_url must be specified because this Payment Intent is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed.');
    const billing = (key: string) => body[`payment_method_data[billing_details][${key}]`];
    if (!billing('name') || !billing('email') || !billing('address][line1') || !billing('address][postal_code') || !billing('address][country')) return invalid(`Missing required param: payment_method_data[billing_details] for ${type}.`);
    intent.payment_method = `pm_fake_${type}_${++this.seq}`;
    intent.payment_method_types = [type];
    if (type === 'afterpay_clearpay') {
      if (!body['shipping[address][line1]']) return invalid('Missing required param: shipping.');
      intent.status = 'requires_action';
      intent.next_action = { type: 'redirect_to_url', redirect_to_url: { url: `${this.url}/redirect/${intent.id}`, return_url: body.return_url } };
      return { status: 200, body: intent };
    }
    return invalid(`The payment method type "${type}" is invalid.`);
  }

  /** The buyer on the provider's page (Afterpay): authorised, or failed and sent back. */
  completeRedirect(id: string, passed: boolean) {
    const intent = this.intents.get(id)!;
    intent.status = passed ? 'succeeded' : 'requires_payment_method';
    intent.last_payment_error = passed ? null : { code: 'payment_intent_payment_attempt_failed', message: 'The payment was declined by Afterpay.' };
    intent.next_action = null;
    return intent;
  }

  /** What Stripe.js does in the browser after 3-D Secure: the buyer passed (or failed) the challenge. */
  completeAction(id: string, passed: boolean) {
    const intent = this.intents.get(id)!;
    intent.status = passed ? 'succeeded' : 'requires_payment_method';
    if (!passed) intent.last_payment_error = { code: 'card_declined', message: 'We are unable to authenticate your payment method.' };
    return intent;
  }

  /** The event Stripe would send about an intent. */
  event(type: string, intent: FakeIntent) {
    return { id: `evt_${++this.seq}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object: { ...intent } }, livemode: false, api_version: null, pending_webhooks: 1, request: null };
  }
}
