import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { en } from '../../i18n/en.js';
import { StripeElementSlot, useStripeElement } from './stripe-element-slot.js';
import type { StripeCardElement, StripeJs } from './stripe-js.js';

export interface StripeCardHandle {
  /** The card as a Stripe payment method id, or the text of what is wrong with it. */
  paymentMethod(): Promise<{ id: string } | { error: string }>;
  /** 3-D Secure: Stripe's own confirmation (docs/checkout.md#calls "card/wallet confirmation"). */
  confirm(clientSecret: string): Promise<string | null>;
  stripe(): StripeJs | null;
}

/**
 * The card form when Stripe takes the cards: Stripe.js's card element (the number never touches
 * Foyer). If the script cannot load, the spec's text says why and the pay button stays disabled.
 */
export const StripeCardField = forwardRef<StripeCardHandle, { id: string; publishableKey: string; onReady: (stripe: StripeJs | null) => void }>(function StripeCardField({ id, publishableKey, onReady }, ref) {
  const cardRef = useRef<StripeCardElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { mountRef, stripeRef, state } = useStripeElement(
    publishableKey,
    (stripe, node) => {
      const card = stripe.elements().create('card', { hidePostalCode: false });
      card.mount(node);
      card.on('change', (e) => setError(e.error?.message ?? null));
      cardRef.current = card;
      return { destroy: () => (card.destroy(), (cardRef.current = null)) };
    },
    onReady,
  );

  useImperativeHandle(ref, () => ({
    async paymentMethod() {
      const stripe = stripeRef.current;
      const card = cardRef.current;
      if (!stripe || !card) return { error: en.checkout.stripeFailed };
      const result = await stripe.createPaymentMethod({ type: 'card', card });
      return result.paymentMethod ? { id: result.paymentMethod.id } : { error: result.error?.message ?? en.checkout.editDetails };
    },
    async confirm(clientSecret) {
      const stripe = stripeRef.current;
      if (!stripe) return en.checkout.stripeFailed;
      const result = await stripe.handleNextAction({ clientSecret });
      return result.error?.message ?? null;
    },
    stripe: () => stripeRef.current,
  }));

  return (
    <div className="stripe-card">
      <StripeElementSlot state={state} mountRef={mountRef} labelId={`${id}-stripe-label`} label={en.checkout.cardDetails} failedTestId="stripe-failed">
        {error && (
          <span className="field-error" role="alert">
            {error}
          </span>
        )}
      </StripeElementSlot>
    </div>
  );
});
