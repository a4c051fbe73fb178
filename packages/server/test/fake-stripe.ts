import Fastify, { type FastifyInstance } from 'fastify';
import type Stripe from 'stripe';

/**
 * A local fake of the part of Stripe's HTTP API Foyer uses (PaymentIntents create / retrieve /
 * search, refunds, Customers create and PaymentMethods retrieve for auto-renew), started by the tests; the real SDK is pointed at it through STRIPE_API_URL.
 * Outcomes follow Stripe's test payment methods (pm_card_visa, pm_card_chargeDeclined, …).
 * Idempotency keys replay the first answer, like Stripe.
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
}

const CARD_ERRORS: Record<string, { code: string; message: string }> = {
  pm_card_chargeDeclined: { code: 'card_declined', message: 'Your card was declined.' },
  pm_card_chargeDeclinedIncorrectCvc: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  pm_card_chargeDeclinedIncorrectZip: { code: 'incorrect_zip', message: "Your card's postal code is incorrect." },
};

export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>();
  readonly refunds: { id: string; payment_intent: string; amount: number }[] = [];
  readonly customers: { id: string; email: string | null; name: string | null }[] = [];
  /** Requests by method and path, for assertions. */
  readonly requests: string[] = [];
  /** When set, creating an intent charges it but answers 500: the answer is lost on the way back. */
  loseAnswers = false;
  private readonly replies = new Map<string, { status: number; body: unknown }>();
  private app: FastifyInstance | null = null;
  private seq = 0;
  url = '';

  constructor(readonly secretKey = 'sk_test_foyer_fake') {}

  async start() {
    const app = Fastify();
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));
    app.addHook('onRequest', async (request, reply) => {
      this.requests.push(`${request.method} ${request.url.split('?')[0]}`);
      if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
        return reply.code(401).send({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
    });
    const idempotent = (handler: (body: Record<string, string>) => { status: number; body: unknown }) => async (request: { headers: Record<string, unknown>; body: unknown }, reply: { code(n: number): { send(b: unknown): unknown }; header(k: string, v: string): unknown }) => {
      const key = request.headers['idempotency-key'];
      const saved = typeof key === 'string' ? this.replies.get(key) : undefined;
      const answer = saved ?? handler((request.body ?? {}) as Record<string, string>);
      if (typeof key === 'string' && !saved) this.replies.set(key, answer);
      if (answer.status >= 500) reply.header('stripe-should-retry', 'false');
      return reply.code(answer.status).send(answer.body);
    };

    app.post('/v1/payment_intents', idempotent((body) => this.create(body)));
    app.get<{ Params: { id: string } }>('/v1/payment_intents/:id', async (request, reply) => {
      const intent = this.intents.get(request.params.id);
      return intent ? intent : reply.code(404).send({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
    });
    app.get<{ Querystring: { query: string } }>('/v1/payment_intents/search', async (request) => {
      const wanted = /metadata\['payment_id'\]:'([^']+)'/.exec(request.query.query)?.[1];
      const data = [...this.intents.values()].filter((i) => i.metadata.payment_id === wanted);
      return { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/payment_intents/search' };
    });
    app.post('/v1/customers', idempotent((body) => {
      const customer = { id: `cus_fake_${++this.seq}`, object: 'customer', email: body.email ?? null, name: body.name ?? null };
      this.customers.push(customer);
      return { status: 200, body: customer };
    }));
    app.get<{ Params: { id: string } }>('/v1/payment_methods/:id', async (request) => ({
      id: request.params.id,
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
    }));
    app.post('/v1/refunds', idempotent((body) => {
      const intent = this.intents.get(body.payment_intent);
      if (!intent || intent.status !== 'succeeded') return { status: 400, body: { error: { type: 'invalid_request_error', message: 'This PaymentIntent has no charge to refund.' } } };
      const refund = { id: `re_${++this.seq}`, payment_intent: intent.id, amount: Number(body.amount ?? intent.amount) };
      this.refunds.push(refund);
      return { status: 200, body: { ...refund, object: 'refund', status: 'succeeded', currency: intent.currency } };
    }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    this.app = app;
    return this;
  }

  stop() {
    return this.app?.close();
  }

  private create(body: Record<string, string>): { status: number; body: unknown } {
    const id = `pi_fake_${++this.seq}`;
    const method = body.payment_method ?? null;
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount: Number(body.amount),
      currency: body.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${this.seq}`,
      metadata: Object.fromEntries(Object.entries(body).flatMap(([k, v]) => (k.startsWith('metadata[') ? [[k.slice(9, -1), v]] : []))),
      payment_method: method,
      customer: body.customer ?? null,
      setup_future_usage: body.setup_future_usage ?? null,
      off_session: body.off_session === 'true',
      last_payment_error: null,
      created: Math.floor(Date.now() / 1000),
    };
    this.intents.set(id, intent);
    const error = method ? CARD_ERRORS[method] : undefined;
    if (error) {
      intent.last_payment_error = error;
      return { status: 402, body: { error: { type: 'card_error', ...error, payment_intent: intent } } };
    }
    if (method === 'pm_card_authenticationRequired') intent.status = 'requires_action';
    else if (method === 'pm_debit_processing') intent.status = 'processing';
    else if (method === 'pm_card_visa') intent.status = 'succeeded';
    else return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such PaymentMethod: '${method}'` } } };
    if (this.loseAnswers) return { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } };
    return { status: 200, body: intent };
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
