// The payment methods' wiring of a pay screen (checkout, an order's later instalment; docs/payments.md#paying):
// the card typed in, Stripe.js once its card field is ready, the chosen method, and the props that
// render them as <PaymentMethods {...fields} />.
import { useRef, useState, type ComponentProps } from 'react';
import { EMPTY_CARD } from './card-fields.js';
import type { CardValue } from './model.js';
import type { PaymentMethods } from './payment-methods.js';
import type { StripeCardHandle } from './stripe-card-field.js';
import type { StripeJs } from './stripe-js.js';
import { useCheckedFields } from './use-checked-fields.js';
import { usePayMethod } from './use-pay-method.js';

type PaymentMethodsFields = Omit<ComponentProps<typeof PaymentMethods>, 'bacs'>;

export function usePaymentMethods(options: { id: string; testMode: boolean; currency: string; outstanding: number; stripePublishableKey: string | null; redirectMethods?: readonly string[] }) {
  const { id, testMode, currency, outstanding, stripePublishableKey, redirectMethods } = options;
  const { value: card, setValue: setCard, errors: cardErrors, setErrors: setCardErrors, onChange: onCardChange } = useCheckedFields<CardValue>(EMPTY_CARD);
  const [stripe, setStripe] = useState<StripeJs | null | 'loading'>('loading');
  const stripeCard = useRef<StripeCardHandle>(null);
  const { methods, method, chooseMethod, walletChosen } = usePayMethod({ stripe, testMode, currency, outstanding, redirectMethods });
  const fields: PaymentMethodsFields = { id, methods, method, onMethod: chooseMethod, testMode, card, cardErrors, onCardChange, stripeCard, stripePublishableKey, onStripeReady: setStripe };
  return { card, setCard, setCardErrors, stripe, stripeCard, method, walletChosen, fields };
}
