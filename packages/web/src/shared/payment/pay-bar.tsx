// The checkout's sticky footer: the amount this payment takes and the pay button that says how it pays.
import { toMinor } from '@foyer/contracts/constants';
import { en, format } from '../../i18n/en.js';
import type { PayStep } from './model.js';
import type { MethodFeeShown } from './method-fee.js';

interface PayBarProps {
  step: PayStep;
  outstanding: number;
  /** The outstanding total, in major units. */
  total: string;
  money: (amount: string) => string;
  submitting: boolean;
  /** Nothing can take the payment (Stripe could not load). */
  blocked: boolean;
  /** The chosen method's fee on this payment (method-fee.ts): exact, or only said to apply. */
  fee?: { exact: MethodFeeShown } | { applies: true } | null;
}

export function PayBar({ step, outstanding, total, money, submitting, blocked, fee = null }: PayBarProps) {
  const exact = fee && 'exact' in fee ? fee.exact : null;
  // What the card is charged: the payment with the method's fee the server priced.
  const charged = step.kind === 'card' ? (exact?.total ?? step.amount) : null;
  const buttonText = submitting
    ? en.checkout.processing
    : step.kind === 'free'
      ? en.checkout.payFree
      : step.kind === 'gift_card'
        ? format(en.checkout.payGiftCard, { amount: money(step.amount) })
        : format(en.checkout.pay, { amount: money(charged ?? step.amount) });

  return (
    <div className="pay-bar" data-testid="pay-bar">
      <div className="pay-bar__total">
        <span className="pay-bar__label">{step.kind === 'card' && toMinor(step.amount) < outstanding ? en.checkout.payingNow : en.checkout.totalToPay}</span>
        <span className="pay-bar__amount" data-testid="total-to-pay">
          {money(charged ?? total)}
        </span>
        {exact && (
          <span className="pay-bar__fee" data-testid="method-fee">
            {format(en.checkout.methodFee, { amount: money(exact.fee) })}
          </span>
        )}
        {fee && 'applies' in fee && (
          <span className="pay-bar__fee" data-testid="method-fee">
            {en.checkout.methodFeeApplies}
          </span>
        )}
      </div>
      <button type="submit" className="button pay-bar__button" disabled={submitting || blocked} aria-disabled={submitting || blocked}>
        {buttonText}
      </button>
    </div>
  );
}
