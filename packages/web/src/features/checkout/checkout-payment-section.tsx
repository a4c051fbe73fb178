// The checkout form's payment section (docs/payments.md#paying): what is paid already, the gift cards applied,
// the part to pay now, the payment methods, a plan's instalment consent and the gift-card button.
import { fromMinor } from '@foyer/contracts/constants';
import type { Dispatch, ReactNode } from 'react';
import { en, format } from '../../i18n/en.js';
import { AppliedGiftCards } from '../../shared/payment/applied-gift-cards.js';
import type { CheckoutFormAction, CheckoutFormState } from './checkout-form-state.js';
import { partialOptions, type PayAmounts, type PayStep } from '../../shared/payment/model.js';
import { PartialPayment } from '../../shared/payment/partial-payment.js';
import { PayStatus } from './pay-status.js';
import { instalmentTexts } from '../../shared/payment/instalment-texts.js';

interface CheckoutPaymentSectionProps {
  id: string;
  testMode: boolean;
  amounts: PayAmounts;
  step: PayStep;
  money: (amount: string) => string;
  state: CheckoutFormState;
  dispatch: Dispatch<CheckoutFormAction>;
  consentOffered: boolean;
  /** The payment methods (PaymentMethods), shown unless a gift card pays this step. */
  methods: ReactNode;
  onRemoveGiftCard: (number: string) => void;
}

export function CheckoutPaymentSection({ id, testMode, amounts, step, money, state, dispatch, consentOffered, methods, onRemoveGiftCard }: CheckoutPaymentSectionProps) {
  const { notice, giftCards, instalmentConsent } = state;
  const { paid, due, outstanding } = amounts;
  // The part to pay now is asked only on a plan, when less is due than outstanding.
  const options = partialOptions(due, outstanding);
  return (
    <section className="panel checkout-section" aria-labelledby={`${id}-payment`}>
      <div className="checkout-section__head">
        <h2 id={`${id}-payment`} className="section-title">
          {en.checkout.payment}
        </h2>
        {testMode && <span className="badge badge--test">{en.checkout.testMode}</span>}
      </div>

      {paid > 0 && <PayStatus paid={money(fromMinor(paid))} outstanding={money(fromMinor(outstanding))} />}
      {notice && (
        <p className="notice notice--info" role="status">
          {notice}
        </p>
      )}

      {step.kind === 'free' ? (
        <p className="notice notice--info">{en.checkout.nothingToPay}</p>
      ) : (
        <>
          {giftCards.length > 0 && <AppliedGiftCards giftCards={giftCards} money={money} onRemove={onRemoveGiftCard} />}
          {options.length > 1 && step.kind !== 'gift_card' && (
            <PartialPayment
              id={id}
              amounts={amounts}
              value={state}
              money={money}
              onChoice={(c) => dispatch({ type: 'choice', choice: c })}
              onOther={(text) => dispatch({ type: 'otherText', text })}
            />
          )}
          {step.kind === 'gift_card' ? <p className="notice notice--info">{format(en.checkout.giftCardWillPay, { amount: money(step.amount) })}</p> : methods}
          {consentOffered && (
            <div className="field field--wide field--check">
              <label className="check">
                <input type="checkbox" checked={instalmentConsent} onChange={(e) => dispatch({ type: 'instalmentConsent', consent: e.currentTarget.checked })} data-testid="instalment-consent" />
                <span>{instalmentTexts.autopay}</span>
              </label>
            </div>
          )}
          <button type="button" className="button button--secondary gift-card-open" onClick={() => dispatch({ type: 'giftOpen', open: true })} aria-haspopup="dialog">
            {en.checkout.giftCardOpen}
          </button>
        </>
      )}
    </section>
  );
}
