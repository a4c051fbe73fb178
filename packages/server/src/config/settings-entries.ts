import { CONFIG, type TConfigEntry } from '@foyer/contracts';
import { paymentConfigEntries } from '../payments/payment-config.js';
import type { Settings } from '../settings.js';

/**
 * GET config entries that come from the server's settings, not the catalog: the card gateway (and
 * Stripe's publishable key), and whether an address-lookup key is set (true, never the key).
 */
export function settingsConfigEntries(settings: Settings) {
  const payments = paymentConfigEntries(settings);
  return (sellerId: string): TConfigEntry[] => {
    const out = payments(sellerId);
    if (settings.addressLookup) out.push({ id: `${CONFIG.addressLookup.namespace}.${CONFIG.addressLookup.name}`, resource_id: sellerId, ...CONFIG.addressLookup, value: true });
    return out;
  };
}
