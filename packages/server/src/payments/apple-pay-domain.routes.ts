import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';

export const APPLE_PAY_DOMAIN_PATH = '/.well-known/apple-developer-merchantid-domain-association';

/**
 * Apple Pay's domain verification (docs/payments.md "Apple Pay and Google Pay in production"):
 * Apple fetches this file from every domain that shows the Apple Pay button before the payment
 * sheet opens there. It is the file Stripe's dashboard gives when the domain is registered, read
 * once at start (APPLE_PAY_DOMAIN_ASSOCIATION_FILE); without one the address is a plain 404, never
 * the storefront's page.
 */
export function registerApplePayDomainRoute(app: FastifyInstance, ctx: AppContext) {
  const file = ctx.settings.applePayDomainAssociationFile;
  const content = file ? readFileSync(file) : null;
  app.get(APPLE_PAY_DOMAIN_PATH, async (_request, reply) => {
    if (!content) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.type('text/plain').header('cache-control', 'public, max-age=3600').send(content);
  });
}
