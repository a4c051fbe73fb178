import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../app-context.js';
import { gatewaysFor } from './gateways.js';
import { handleStripeEvent } from './stripe-webhook.js';
import { z } from 'zod';
import { docs } from '../http/route-docs.js';

const WEBHOOK = docs({
  summary: 'Stripe events (the source of truth for Stripe payments); registered only when Stripe is configured',
  parameters: [{ name: 'Stripe-Signature', in: 'header', required: true, schema: { type: 'string' } }],
  body: { type: 'object', description: 'The raw Stripe event; the signature covers the exact bytes.' },
  ok: z.object({ received: z.literal(true), handled: z.boolean() }),
  refusals: { '400': 'validation_failed (signature)' },
});

/** The Stripe webhook (the source of truth for Stripe payments); only when Stripe is configured. */
export function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext, stripe: Stripe | null) {
  const settings = ctx.settings.stripe;
  if (!stripe || !settings) return;
  // The signature covers the exact bytes Stripe sent: this route reads its body unparsed.
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify runs a plugin without a `done` callback only as an async function
  app.register(async (scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scoped.post('/api/payments/stripe/webhook', { schema: WEBHOOK }, async (request) => {
      const signature = request.headers['stripe-signature'];
      return handleStripeEvent(
        { db: ctx.db, dialect: ctx.dialect, now: ctx.now(), publicUrl: ctx.settings.publicUrl, gatewaysFor: (sellerId) => gatewaysFor(ctx.db, sellerId, stripe) },
        stripe,
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
        settings.webhookSecret,
      );
    });
  });
}
