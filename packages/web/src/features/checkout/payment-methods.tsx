// The payment accordion (001 §4): one header per method, the open one shows its card form or wallet hint.
import type { Ref } from 'react';
import { en } from '../../i18n/en.js';
import { CardFields } from './card-fields.js';
import type { CardErrors, CardValue, PaymentMethod } from './model.js';
import { StripeCardField, type StripeCardHandle } from './stripe-card-field.js';
import type { StripeJs } from './stripe-js.js';
import { TestCards } from './test-cards.js';

interface PaymentMethodsProps {
  id: string;
  methods: PaymentMethod[];
  method: PaymentMethod;
  onMethod: (method: PaymentMethod) => void;
  testMode: boolean;
  card: CardValue;
  cardErrors: CardErrors;
  onCardChange: (value: CardValue, name: keyof CardValue) => void;
  stripeCard: Ref<StripeCardHandle>;
  stripePublishableKey: string | null;
  onStripeReady: (stripe: StripeJs | null) => void;
}

export function PaymentMethods({ id, methods, method, onMethod, testMode, card, cardErrors, onCardChange, stripeCard, stripePublishableKey, onStripeReady }: PaymentMethodsProps) {
  return (
    <div className="pay-methods">
      {methods.map((m) => (
        <div key={m} className={`pay-method${method === m ? ' pay-method--open' : ''}`}>
          <h3 className="pay-method__heading">
            <button type="button" className="pay-method__header" aria-expanded={method === m} aria-controls={`${id}-${m}`} onClick={() => onMethod(m)}>
              <span className="pay-method__radio" aria-hidden="true" />
              {en.checkout.methods[m]}
            </button>
          </h3>
          {method === m && m === 'card' && testMode && (
            <div id={`${id}-${m}`} className="pay-method__panel">
              <CardFields id={id} value={card} errors={cardErrors} onChange={onCardChange} />
              <TestCards />
            </div>
          )}
          {/* Kept mounted while another method is open: Stripe's card element lives here. */}
          {m === 'card' && !testMode && stripePublishableKey && (
            <div id={`${id}-${m}`} className="pay-method__panel" hidden={method !== m}>
              <StripeCardField ref={stripeCard} id={id} publishableKey={stripePublishableKey} onReady={onStripeReady} />
            </div>
          )}
          {method === m && m !== 'card' && (
            <div id={`${id}-${m}`} className="pay-method__panel">
              <p className="muted">{en.checkout.walletHint}</p>
            </div>
          )}
        </div>
      ))}
    </div>
  );
}
