import type Stripe from 'stripe';
import type { Db } from '../db/database.js';
import { demoGateway, freeGateway } from './demo-gateway.js';
import type { Gateways, PaymentGateway } from './gateway.js';
import { ledgerGateway } from './ledger-gateway.js';
import { stripeGateway } from './stripe-gateway.js';

/**
 * The gateways a seller's carts can be paid with: the card gateway is Stripe when configured, else
 * the demo test-card gateway (docs/payments.md#paying). Test cards are never taken once Stripe is on.
 */
export function gatewaysFor(db: Db, sellerId: string, stripe: Stripe | null): Gateways & { free: PaymentGateway; ledger: PaymentGateway } {
  const card = stripe ? stripeGateway(stripe) : demoGateway;
  return { free: freeGateway, ledger: ledgerGateway(db, sellerId), [card.id]: card };
}
