// The checkout form (docs/payments.md#captcha-and-terms): identity, payment steps, terms and the pay bar, and paying itself.
// Its state lives in checkout-form-state.ts; paying in use-checkout-pay.ts.
import { fromMinor, toMinor } from '@foyer/contracts/constants';
import { useId, useReducer, useRef, type SubmitEvent } from 'react';
import { isApiError } from '../../api/client.js';
import { en } from '../../i18n/en.js';
import { formatMoney } from '../../lib/money.js';
import { scrollIntoView } from '../../lib/optional-dom.js';
import { dropGiftCard, keepGiftCard } from '../../shared/payment/pay-api.js';
import { addressFieldsOf } from '@foyer/contracts/rules';
import { validateIdentityAnswers } from './identity-form-model.js';
import { useAddressLookup } from './address-lookup/lookup-fields.js';
import { GifteeNotice, readAutoRenew } from '../membership/public.js';
import { ConfirmPaymentDialog } from '../../shared/payment/confirm-payment-dialog.js';
import { GiftCardModal } from '../../shared/payment/gift-card-modal.js';
import { CheckoutPromoCodes } from '../promotions/public.js';
import { PaymentLinkPanel } from './payment-link-panel.js';
import { PaymentMethods } from '../../shared/payment/payment-methods.js';
import { usePaymentMethods } from '../../shared/payment/use-payment-methods.js';
import { PayBar } from '../../shared/payment/pay-bar.js';
import { methodFeeFor } from '../../shared/payment/method-fee.js';
import { TermsModal } from './terms-modal.js';
import { isRedirectMethod } from '../../shared/payment/redirect-methods.js';
import type { StripeBacsHandle } from '../../shared/payment/stripe-bacs-field.js';
import { useSeller } from '../../config/use-config.js';
import { chosenAmount, nextPayStep, validateCard, type PayStep } from '../../shared/payment/model.js';
import { checkoutFormReducer, initialCheckoutFormState } from './checkout-form-state.js';
import type { CheckoutFormProps } from './checkout-form-props.js';
import { CheckoutIdentitySection } from './checkout-identity-section.js';
import { CheckoutPaymentSection } from './checkout-payment-section.js';
import { useCheckoutPay } from './use-checkout-pay.js';
import { PayFailure } from './pay-failure.js';

const FOCUS_DELAY_MS = 100;

export function CheckoutForm({ cartId, amounts, injected, currency, settings, initialFailure = null, member, identityForm, addressLookup, summary, onCompleted, onPending, onPartial, onExpired, onRefresh, knownPurchaser = false, keptGiftCards = [], stripeFee = [] }: CheckoutFormProps) {
  const { outstanding, due } = amounts;
  const testMode = settings.cardGateway === 'demo';
  const hasTerms = !!(settings.termsUrl || settings.termsText);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [state, dispatch] = useReducer(checkoutFormReducer, null, () => initialCheckoutFormState(initialFailure, keptGiftCards, due));
  const { identity, identityErrors, terms, termsError, banner, submitting, failure, giftCards } = state;
  const { card, setCard, setCardErrors, stripe, stripeCard, method, walletChosen, fields: methodFields } = usePaymentMethods({ id, testMode, currency, outstanding, stripePublishableKey: settings.stripePublishableKey, redirectMethods: settings.redirectMethods });
  // Bacs Direct Debit: Stripe's bank form, and the buyer's agreement to the mandate (docs/payments.md).
  const stripeBacs = useRef<StripeBacsHandle>(null);
  const sellerName = useSeller().name;

  const otherMinor = Number.isFinite(Number(state.otherText)) ? Math.round(Number(state.otherText) * 100) : due;
  const step = nextPayStep(outstanding, giftCards, currency, chosenAmount(state.choice, due, outstanding, otherMinor));
  const money = (amount: string) => formatMoney(amount, currency, { zeroAsFree: false });
  const total = fromMinor(outstanding);
  const fee = methodFeeFor(stripeFee, method, step, due);
  // Offered on a plan (less is due now than outstanding) for a card paying now while something stays for later; a membership's auto-renew asks its own.
  const consentOffered = due < outstanding && step.kind === 'card' && method === 'card' && toMinor(step.amount) < outstanding && !readAutoRenew(cartId);

  const focusFirstInvalid = () => {
    setTimeout(() => {
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (!first) return;
      scrollIntoView(first, { block: 'center', behavior: 'smooth' });
      first.focus({ preventScroll: true });
    }, FOCUS_DELAY_MS);
  };

  const form = identityForm(method);
  // A known buyer's form (a member's, an order's buyer's) is hidden, except the address a payment method needs (docs/checkout.md#your-information).
  const knownAddress = (member || knownPurchaser) && isRedirectMethod(method) ? addressFieldsOf(form) : null;
  const lookup = useAddressLookup({ available: addressLookup, form, answers: identity, onAnswers: (answers) => dispatch({ type: 'answers', answers }) });
  const validate = (current: PayStep): boolean => {
    const idErrors = knownAddress ? validateIdentityAnswers(knownAddress, identity) : member || knownPurchaser ? {} : { ...validateIdentityAnswers(form, identity), ...lookup.errors(identity) };
    const cErrors = current.kind === 'card' && method === 'card' && testMode ? validateCard(card) : {};
    const mandateMissing = current.kind === 'card' && method === 'bacs_debit' && !state.mandate;
    setCardErrors(cErrors);
    const ok = !Object.values(idErrors).some(Boolean) && !Object.keys(cErrors).length && !mandateMissing;
    dispatch({ type: 'validated', identityErrors: idErrors, mandateError: mandateMissing ? en.payRedirect.mandateRequired : null, ok });
    if (!ok) focusFirstInvalid();
    return ok;
  };

  const { pay, bodyFor, onConfirmAction, isBusy } = useCheckoutPay({
    purchaser: { cartId, member, knownPurchaser, knownAddress, form, identity, method },
    testMode,
    hasTerms,
    captchaSiteKey: settings.captchaSiteKey,
    currency,
    outstanding,
    stripe,
    walletChosen,
    stripeCard,
    stripeBacs,
    card,
    setCard,
    step,
    total,
    fee,
    money,
    consentOffered,
    state,
    dispatch,
    onCompleted,
    onPending,
    onPartial,
    onExpired,
    onRefresh,
  });

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    if (isBusy()) return;
    const current = step;
    dispatch({ type: 'notice', notice: null });
    if (!validate(current)) return;
    if (!bodyFor(current)) {
      dispatch({ type: 'failed', failure: { text: en.checkout.notSupported, detail: null } });
      return;
    }
    // The terms modal (docs/payments.md#captcha-and-terms): accepted once per payment step before paying.
    if (hasTerms && !terms) {
      dispatch({ type: 'termsAsked' });
      return;
    }
    pay(current);
  };

  const setField = (name: string, value: string | boolean) => dispatch({ type: 'answers', answers: { [name]: value } });

  // Stripe could not load: nothing can take the card (docs/checkout.md#errors says why next to the card form).
  const stripeBlocked = !testMode && step.kind === 'card' && method === 'card' && stripe === null;
  return (
    <div className={`checkout__layout${injected ? ' checkout--payment-link' : ''}`}>
      <form ref={formRef} className="checkout__main checkout-form" noValidate onSubmit={onSubmit} aria-busy={submitting}>
        {injected && <PaymentLinkPanel id={id} outstanding={money(total)} />}
        {banner && (
          <div className="notice notice--error" role="alert" data-testid="form-errors">
            {en.checkout.formErrors}
          </div>
        )}

        <GifteeNotice cartId={cartId} />
        {readAutoRenew(cartId) && (
          <p className="notice notice--info" data-testid="auto-renew-notice">
            {en.autoRenew.checkoutNotice}
          </p>
        )}
        {(!knownPurchaser || knownAddress) && (
          <CheckoutIdentitySection id={id} member={member} knownPurchaser={knownPurchaser} knownAddress={knownAddress} form={form} identity={identity} errors={identityErrors} lookup={lookup} onField={setField} />
        )}

        {!knownPurchaser && <CheckoutPromoCodes />}
        <CheckoutPaymentSection
          id={id}
          testMode={testMode}
          amounts={amounts}
          step={step}
          money={money}
          state={state}
          dispatch={dispatch}
          consentOffered={consentOffered}
          onRemoveGiftCard={(number) => {
            dispatch({ type: 'giftCardRemoved', number });
            void dropGiftCard(cartId, number, member).catch(() => undefined);
          }}
          methods={
            <PaymentMethods
              {...methodFields}
              bacs={{ ref: stripeBacs, amountMinor: toMinor(step.amount), sellerName, agreed: state.mandate, onAgree: (agreed) => dispatch({ type: 'mandate', agreed }), mandateError: state.mandateError }}
            />
          }
        />

        {hasTerms && terms && (
          <p className="muted checkout-terms" role="status">
            {en.checkout.termsAccepted}
          </p>
        )}
        {termsError && (
          <p className="field-error checkout-terms" role="alert" data-testid="terms-error">
            {termsError}
          </p>
        )}

        <PayFailure failure={failure} />

        <PayBar step={step} outstanding={outstanding} total={total} money={money} submitting={submitting} blocked={stripeBlocked} fee={fee} />
      </form>

      <section className="panel checkout__summary" aria-labelledby={`${id}-summary`}>
        <h2 id={`${id}-summary`} className="section-title">
          {en.checkout.summary}
        </h2>
        {typeof summary === 'function' ? summary(fee && 'exact' in fee ? fee.exact.fee : null) : summary}
      </section>

      <GiftCardModal
        open={state.giftOpen}
        applied={giftCards}
        onClose={() => dispatch({ type: 'giftOpen', open: false })}
        onApplied={(card) => {
          dispatch({ type: 'giftCardApplied', card });
          // Kept on the cart, so a reload still has it (docs/checkout.md#data); a refusal takes it off again with its text.
          keepGiftCard(cartId, card.number, member).catch((error: unknown) => {
            dispatch({ type: 'giftCardRefused', number: card.number, failure: { text: isApiError(error) && error.status >= 400 && error.status < 500 ? error.description : en.giftCard.trouble, detail: null } });
          });
        }}
      />
      <TermsModal
        open={state.termsOpen}
        termsUrl={settings.termsUrl}
        termsText={settings.termsText}
        captchaNotice={!!settings.captchaSiteKey && !member}
        onAccept={() => {
          dispatch({ type: 'termsAccepted' });
          pay(step);
        }}
        onDecline={() => dispatch({ type: 'termsDeclined' })}
      />
      <ConfirmPaymentDialog open={state.action !== null} amount={state.action ? money(state.action.amount) : ''} onConfirm={onConfirmAction} onCancel={() => dispatch({ type: 'actionCancelled' })} />
    </div>
  );
}
