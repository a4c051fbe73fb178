import { PAYMENT_CONFIG, type TConfigEntry } from '@foyer/contracts';
import type { Settings } from '../settings.js';

/** GET config entries telling the storefront which card gateway is active (and Stripe's publishable key). */
export function paymentConfigEntries(settings: Settings) {
  return (sellerId: string): TConfigEntry[] => {
    const entry = (key: { namespace: string; name: string }, value: string): TConfigEntry => ({ id: `${key.namespace}.${key.name}`, resource_id: sellerId, ...key, value });
    const out = [entry(PAYMENT_CONFIG.cardGateway, settings.stripe ? 'stripe' : 'demo')];
    if (settings.stripe) out.push(entry(PAYMENT_CONFIG.stripePublishableKey, settings.stripe.publishableKey));
    return out;
  };
}
