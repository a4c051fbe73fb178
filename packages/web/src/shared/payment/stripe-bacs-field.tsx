import { forwardRef, useImperativeHandle, useRef } from 'react';
import { en, format } from '../../i18n/en.js';
import { StripeElementSlot, useStripeElement } from './stripe-element-slot.js';
import type { StripeElements } from './stripe-js.js';

export interface StripeBacsHandle {
  /** The bank account as a Stripe payment method id (made by Stripe.js at Stripe), or what is wrong. */
  paymentMethod(): Promise<{ id: string } | { error: string }>;
}

/**
 * Bacs Direct Debit (docs/payments.md "Bacs Direct Debit"): the sort code and account
 * number are typed into Stripe's own Payment Element, and Stripe.js makes the payment method from
 * it at Stripe — the bank details never pass through Foyer's server, which is sent the method's id
 * only. Under it, the Direct Debit Guarantee and the mandate the buyer agrees to (a required
 * checkbox; the server records their acceptance with the intent).
 */
export const StripeBacsField = forwardRef<
  StripeBacsHandle,
  { id: string; publishableKey: string; amountMinor: number; sellerName: string; agreed: boolean; onAgree: (agreed: boolean) => void; mandateError: string | null }
>(function StripeBacsField({ id, publishableKey, amountMinor, sellerName, agreed, onAgree, mandateError }, ref) {
  const elementsRef = useRef<StripeElements | null>(null);
  // The element is made for the amount when the method opens (Stripe takes Bacs in GBP only).
  const amount = useRef(amountMinor);
  const { mountRef, stripeRef, state } = useStripeElement(publishableKey, (stripe, node) => {
    const elements = stripe.elements({ mode: 'payment', currency: 'gbp', amount: Math.max(1, amount.current), paymentMethodTypes: ['bacs_debit'] });
    const element = elements.create('payment', { layout: 'tabs' });
    element.mount(node);
    elementsRef.current = elements;
    return element;
  });

  useImperativeHandle(ref, () => ({
    async paymentMethod() {
      const stripe = stripeRef.current;
      const elements = elementsRef.current;
      if (!stripe || !elements) return { error: en.checkout.stripeFailed };
      const checked = await elements.submit();
      if (checked.error) return { error: checked.error.message };
      const result = await stripe.createPaymentMethod({ elements });
      return result.paymentMethod ? { id: result.paymentMethod.id } : { error: result.error?.message ?? en.payRedirect.bankIncomplete };
    },
  }));

  const name = sellerName || en.listing.title;
  return (
    <div className="stripe-card bacs">
      <StripeElementSlot state={state} mountRef={mountRef} labelId={`${id}-bacs-label`} label={en.payRedirect.bankDetails} />
      <section className="bacs__guarantee" aria-labelledby={`${id}-guarantee`}>
        <h4 id={`${id}-guarantee`}>{en.payRedirect.guaranteeTitle}</h4>
        <ul>
          {en.payRedirect.guarantee.map((line) => (
            <li key={line}>{format(line, { name })}</li>
          ))}
        </ul>
      </section>
      <div className="field field--wide field--check bacs__mandate">
        <label className="check">
          <input type="checkbox" id={`${id}-mandate`} checked={agreed} onChange={(e) => onAgree(e.currentTarget.checked)} aria-required="true" aria-invalid={mandateError ? true : undefined} aria-describedby={mandateError ? `${id}-mandate-error` : undefined} />
          <span>{format(en.payRedirect.mandate, { name })}</span>
        </label>
        {mandateError && (
          <span className="field-error" id={`${id}-mandate-error`} role="alert">
            {mandateError}
          </span>
        )}
      </div>
    </div>
  );
});
