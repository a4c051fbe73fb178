// Why: the checkout shows the chosen payment method's fee as the server priced it, never its own sum.
import type { TCart } from '@foyer/contracts';
import { toMinor } from '@foyer/contracts/constants';
import type { PaymentMethod, PayStep } from './model.js';

export interface MethodFeeShown {
  /** The fee, and what is due with it (the server's `stripeFee` entry; docs/payments.md "Payment-method fees"). */
  fee: string;
  total: string;
}

/** Wallets pay by card; the redirect methods are their own Stripe payment methods. */
const chargedAs = (method: PaymentMethod): string => (method === 'apple_pay' || method === 'google_pay' ? 'card' : method);

/**
 * The fee the chosen method adds to this payment: priced by the server on what is due, so shown
 * when the payment is what is due (`exact`); for another amount the fee is only said to apply.
 */
export function methodFeeFor(stripeFee: TCart['stripeFee'], method: PaymentMethod, step: PayStep, due: number): { exact: MethodFeeShown } | { applies: true } | null {
  if (step.kind !== 'card') return null;
  const entry = stripeFee?.find((f) => f.payment_method === chargedAs(method));
  if (!entry || toMinor(entry.amount) <= 0) return null;
  if (toMinor(step.amount) === due && entry.total) return { exact: { fee: entry.amount, total: entry.total } };
  return { applies: true };
}
