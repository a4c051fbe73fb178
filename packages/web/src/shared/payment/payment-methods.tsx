// The payment accordion (docs/payments.md#paying): one header per method, the open one shows its card form or wallet hint.
import type { Ref } from 'react';
import { en } from '../../i18n/en.js';
import { CardFields } from './card-fields.js';
import type { CardErrors, CardValue, PaymentMethod } from './model.js';
import { StripeCardField, type StripeCardHandle } from './stripe-card-field.js';
import type { StripeJs } from './stripe-js.js';
import { TestCards } from './test-cards.js';
import { isRedirectMethod } from './redirect-methods.js';
import { StripeBacsField, type StripeBacsHandle } from './stripe-bacs-field.js';

const methodLabel = (m: PaymentMethod) => (isRedirectMethod(m) ? en.payRedirect.methods[m] : en.checkout.methods[m]);

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
  /** Bacs Direct Debit (docs/payments.md#redirect-methods-afterpay--clearpay-and-bacs-direct-debit): Stripe's bank form, the guarantee and the mandate; only where bacs_debit can be among the methods. */
  bacs?: { ref: Ref<StripeBacsHandle>; amountMinor: number; sellerName: string; agreed: boolean; onAgree: (agreed: boolean) => void; mandateError: string | null };
}

export function PaymentMethods({ id, methods, method, onMethod, testMode, card, cardErrors, onCardChange, stripeCard, stripePublishableKey, onStripeReady, bacs }: PaymentMethodsProps) {
  return (
    <div className="pay-methods">
      {methods.map((m) => (
        <div key={m} className={`pay-method${method === m ? ' pay-method--open' : ''}`}>
          <h3 className="pay-method__heading">
            <button type="button" className="pay-method__header" aria-expanded={method === m} aria-controls={`${id}-${m}`} onClick={() => onMethod(m)}>
              <span className="pay-method__radio" aria-hidden="true" />
              {methodLabel(m)}
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
          {method === m && m === 'afterpay_clearpay' && (
            <div id={`${id}-${m}`} className="pay-method__panel">
              <p className="muted">{en.payRedirect.afterpayHint}</p>
            </div>
          )}
          {method === m && m === 'bacs_debit' && bacs && stripePublishableKey && (
            <div id={`${id}-${m}`} className="pay-method__panel">
              <p className="muted">{en.payRedirect.bacsHint}</p>
              <StripeBacsField ref={bacs.ref} id={id} publishableKey={stripePublishableKey} amountMinor={bacs.amountMinor} sellerName={bacs.sellerName} agreed={bacs.agreed} onAgree={bacs.onAgree} mandateError={bacs.mandateError} />
            </div>
          )}
          {method === m && (m === 'apple_pay' || m === 'google_pay') && (
            <div id={`${id}-${m}`} className="pay-method__panel">
              <p className="muted">{en.checkout.walletHint}</p>
            </div>
          )}
        </div>
      ))}
    </div>
  );
}
