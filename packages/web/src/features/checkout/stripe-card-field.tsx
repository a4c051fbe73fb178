import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { en } from '../../i18n/en.js';
import { loadStripeJs, type StripeCardElement, type StripeJs } from './stripe-js.js';

export interface StripeCardHandle {
  /** The card as a Stripe payment method id, or the text of what is wrong with it. */
  paymentMethod(): Promise<{ id: string } | { error: string }>;
  /** 3-D Secure: Stripe's own confirmation (001 §7 "card/wallet confirmation"). */
  confirm(clientSecret: string): Promise<string | null>;
  stripe(): StripeJs | null;
}

/**
 * The card form when Stripe takes the cards: Stripe.js's card element (the number never touches
 * Foyer). If the script cannot load, the spec's text says why and the pay button stays disabled.
 */
export const StripeCardField = forwardRef<StripeCardHandle, { id: string; publishableKey: string; onReady: (stripe: StripeJs | null) => void }>(function StripeCardField({ id, publishableKey, onReady }, ref) {
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<StripeJs | null>(null);
  const cardRef = useRef<StripeCardElement | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [error, setError] = useState<string | null>(null);
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;

  useEffect(() => {
    let live = true;
    loadStripeJs(publishableKey)
      .then((stripe) => {
        if (!live || !mountRef.current) return;
        stripeRef.current = stripe;
        const card = stripe.elements().create('card', { hidePostalCode: false });
        card.mount(mountRef.current);
        card.on('change', (e) => setError(e.error?.message ?? null));
        cardRef.current = card;
        setState('ready');
        onReadyRef.current(stripe);
      })
      .catch(() => {
        if (!live) return;
        setState('failed');
        onReadyRef.current(null);
      });
    return () => {
      live = false;
      cardRef.current?.destroy();
      cardRef.current = null;
    };
  }, [publishableKey]);

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
      {state === 'failed' ? (
        <p className="notice notice--error" role="alert" data-testid="stripe-failed">
          {en.checkout.stripeFailed}
        </p>
      ) : (
        <>
          <span className="stripe-card__label" id={`${id}-stripe-label`}>
            {en.checkout.cardDetails}
          </span>
          {state === 'loading' && (
            <p className="muted" role="status">
              {en.checkout.stripeLoading}
            </p>
          )}
          <div ref={mountRef} className="stripe-card__element" aria-labelledby={`${id}-stripe-label`} hidden={state !== 'ready'} />
          {error && (
            <span className="field-error" role="alert">
              {error}
            </span>
          )}
        </>
      )}
    </div>
  );
});
