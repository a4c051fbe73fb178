import Stripe from 'stripe';
import type { Settings, StripeSettings } from '../settings.js';

/** The Stripe SDK for the configured account; STRIPE_API_URL points it elsewhere (tests' local fake). */
export function stripeClient(settings: StripeSettings): Stripe {
  const target = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: settings.timeoutMs ?? 20_000,
    ...(target
      ? { host: target.hostname, port: target.port || (target.protocol === 'https:' ? 443 : 80), protocol: target.protocol === 'https:' ? 'https' : 'http' }
      : {}),
  });
}

/** The one Stripe client of a process (null without Stripe settings): built once, passed to whoever needs it. */
export function stripeFromSettings(settings: Settings): Stripe | null {
  return settings.stripe ? stripeClient(settings.stripe) : null;
}
