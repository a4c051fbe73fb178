import { dueNow, type Instalment } from './payment-plan.js';
import { feeOn, methodFeeOn, type MethodFee } from './method-fees.js';

/** The money columns of a ticket (minor units). */
export interface PricedTicket {
  state: string;
  adjusted_value: number;
  fee_fixed_outside: number;
  fee_percent_outside: number;
}

/** What a cart comes to, in minor units. */
export interface CartAmounts {
  /** The tickets' prices (after any adjustment), before fees. */
  tickets: number;
  feeFixed: number;
  feePercent: number;
  /** Prices plus outside fees: what the order will cost. */
  total: number;
  /** Taken so far (gift cards, partial and instalment payments). */
  paid: number;
  /** total − paid (− a change cart's credit: below 0 when the change costs less). */
  outstanding: number;
  /** What must be paid now: the instalments due by today, or everything outstanding without a plan; 0 once booked. */
  due: number;
  /** Each payment method's fee on what is due (docs/payments.md "Payment-method fees"). */
  methodFees: { pmc_id: string; payment_method: string; fee: number }[];
  /** What is due when paid by card: due plus the card's fee (due without one). */
  dueByCard: number;
}

/**
 * The one computation of a cart's amounts (the cart document, pay, settle, the reconciler and the
 * webhook all use it), from the cart's live tickets (cancelled ones count for nothing), its
 * payment plan (empty without one) and the seller's payment-method fees (none by default).
 */
export function cartAmounts(cart: { paid: number; state: string; credit?: number }, tickets: readonly PricedTicket[], plan: readonly Pick<Instalment, 'due_date' | 'amount'>[], now: Date, fees: readonly MethodFee[] = []): CartAmounts {
  let price = 0;
  let feeFixed = 0;
  let feePercent = 0;
  for (const t of tickets) {
    if (t.state === 'cancelled') continue;
    price += t.adjusted_value;
    feeFixed += t.fee_fixed_outside;
    feePercent += t.fee_percent_outside;
  }
  const total = price + feeFixed + feePercent;
  // A change cart (self-edit) sets what the order tickets it takes out were worth against the total.
  const outstanding = total - cart.paid - (cart.credit ?? 0);
  const due = cart.state === 'booked' ? 0 : dueNow([...plan], cart.paid, outstanding, now);
  const methodFees = fees.map((f) => ({ pmc_id: f.pmc_id, payment_method: f.payment_method, fee: feeOn(due, f) }));
  return { tickets: price, feeFixed, feePercent, total, paid: cart.paid, outstanding, due, methodFees, dueByCard: due + methodFeeOn(fees, 'card', due) };
}
