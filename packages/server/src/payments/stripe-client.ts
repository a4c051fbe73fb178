import Stripe from 'stripe';
import type { StripeSettings } from '../settings.js';

/** The Stripe SDK for the configured account; STRIPE_API_URL points it elsewhere (tests' local fake). */
export function stripeClient(settings: StripeSettings): Stripe {
  const target = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(target
      ? { host: target.hostname, port: target.port || (target.protocol === 'https:' ? 443 : 80), protocol: target.protocol === 'https:' ? 'https' : 'http' }
      : {}),
  });
}
