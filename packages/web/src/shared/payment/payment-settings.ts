import { PAYMENT_CONFIG } from '@foyer/contracts/constants';
import { sellerTermsUrl } from '@foyer/contracts/rules';
import type { TConfigEntry } from '@foyer/contracts';
import { asString, configValue } from '../../config/config.js';
import { enabledRedirectMethods, type RedirectMethod } from './redirect-methods.js';

/** Checkout settings from GET config and the seller's meta. */
export interface PaymentSettings {
  /** 'stripe' when the server takes cards through Stripe, else the demo test-card gateway. */
  cardGateway: 'stripe' | 'demo';
  stripePublishableKey: string | null;
  termsUrl: string | null;
  termsText: string | null;
  /** A site key for the invisible captcha; none: no captcha. */
  captchaSiteKey: string | null;
  /** The seller's extra Stripe methods (payments.stripe_payment_methods); only with Stripe. */
  redirectMethods: RedirectMethod[];
}

export const TERMS_TEXT = { namespace: 'web', name: 'checkout_terms' } as const;
export const CAPTCHA_SITE_KEY = { namespace: 'web', name: 'captcha_site_key' } as const;

export function paymentSettings(entries: readonly TConfigEntry[], sellerMeta: Record<string, unknown>): PaymentSettings {
  const gateway = asString(configValue(PAYMENT_CONFIG.cardGateway, entries));
  return {
    cardGateway: gateway === 'stripe' ? 'stripe' : 'demo',
    stripePublishableKey: asString(configValue(PAYMENT_CONFIG.stripePublishableKey, entries)),
    termsUrl: sellerTermsUrl(sellerMeta),
    termsText: asString(configValue(TERMS_TEXT, entries)),
    captchaSiteKey: asString(configValue(CAPTCHA_SITE_KEY, entries)),
    redirectMethods: gateway === 'stripe' ? enabledRedirectMethods(entries) : [],
  };
}
