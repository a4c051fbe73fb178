import { fromMinor } from '@foyer/contracts/constants';
import { en } from '../../i18n/en.js';
import { clampOther, type PartialAmount, type PartialChoice, type PayAmounts } from './model.js';

/**
 * The partial-payment choice (docs/payments.md#partial-payments-and-payment-links): the payment due now (default), everything
 * outstanding, or another amount between them — shown only when something less than the
 * outstanding balance is due.
 */
export function PartialPayment({
  id,
  amounts,
  value,
  money,
  onChoice,
  onOther,
}: {
  id: string;
  amounts: Pick<PayAmounts, 'due' | 'outstanding'>;
  value: PartialAmount;
  money: (amount: string) => string;
  onChoice: (choice: PartialChoice) => void;
  onOther: (text: string) => void;
}) {
  const { due, outstanding } = amounts;
  const { choice, otherText } = value;
  const option = (value: PartialChoice, label: string) => (
    <label className="check partial-payment__option">
      <input type="radio" name={`${id}-partial`} value={value} checked={choice === value} onChange={() => onChoice(value)} />
      <span>{label}</span>
    </label>
  );
  return (
    <fieldset className="partial-payment" data-testid="partial-payment">
      <legend className="partial-payment__legend">{en.checkout.amountToPay}</legend>
      {option('due', `${en.checkout.paymentDue} ${money(fromMinor(due))}`)}
      {option('outstanding', `${en.checkout.totalOutstanding} ${money(fromMinor(outstanding))}`)}
      {option('other', en.checkout.otherAmount)}
      {choice === 'other' && (
        <div className="field partial-payment__other">
          <label htmlFor={`${id}-other`}>{en.checkout.otherAmountLabel}</label>
          <input
            id={`${id}-other`}
            type="number"
            inputMode="decimal"
            step="0.01"
            min={fromMinor(due)}
            max={fromMinor(outstanding)}
            value={otherText}
            onChange={(e) => onOther(e.target.value)}
            onBlur={(e) => onOther(fromMinor(clampOther(e.target.value, due, outstanding)))}
          />
          <span className="muted">{`${money(fromMinor(due))} – ${money(fromMinor(outstanding))}`}</span>
        </div>
      )}
    </fieldset>
  );
}
