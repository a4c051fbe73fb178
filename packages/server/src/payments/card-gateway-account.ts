import type { Settings } from '../settings.js';

/** The card gateway a seller's carts are paid through, and the seller's account at it (docs/payments.md). */
export interface CardGatewayAccount {
  gateway_id: 'stripe' | 'demo';
  /** STRIPE_ACCOUNT_ID when set (a connected account); null for the demo gateway. */
  account_id: string | null;
}

export function cardGatewayAccount(settings?: Pick<Settings, 'stripe'>): CardGatewayAccount {
  const stripe = settings?.stripe;
  return stripe ? { gateway_id: 'stripe', account_id: stripe.accountId ?? null } : { gateway_id: 'demo', account_id: null };
}
