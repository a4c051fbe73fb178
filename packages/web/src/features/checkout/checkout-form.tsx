// The checkout form (docs/payments.md#captcha-and-terms): identity, payment steps, terms and the pay bar, and paying itself.
import { fromMinor, toMinor } from '@foyer/contracts/constants';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { isApiError } from '../../api/client.js';
import { en, format } from '../../i18n/en.js';
import { formatMoney } from '../../lib/money.js';
import type { TCart, TPayAnswer, TPayBody } from '@foyer/contracts';
import { addressCheckout, confirmDemoIntent, dropGiftCard, guestCheckout, keepGiftCard, memberCheckout, newIdempotencyKey, registerGuest } from './api.js';
import { addressFieldsOf, identityAnswersToKeep, type IdentityAnswers, type IdentityField } from '@foyer/contracts/rules';
import { answersWith, EMPTY_ANSWERS, registrationOf, validateIdentityAnswers, type IdentityErrors } from './identity-form-model.js';
import { useAddressLookup } from './address-lookup/lookup-fields.js';
import { AppliedGiftCards } from './applied-gift-cards.js';
import { giftCheckout } from '../membership/gift/api.js';
import { clearGiftee, readGiftee } from '../membership/gift/giftee-storage.js';
import { GifteeNotice } from '../membership/gift/giftee-notice.js';
import { clearAutoRenew, readAutoRenew } from '../membership/auto-renew/auto-renew-choice.js';
import { EMPTY_CARD } from './card-fields.js';
import { useCheckedFields } from './use-checked-fields.js';
import { ConfirmPaymentDialog } from './confirm-payment-dialog.js';
import { GiftCardModal } from './gift-card-modal.js';
import { CheckoutPromoCodes } from '../promotions/checkout-promo-codes.js';
import { ResidentZip } from '../promotions/resident-zip.js';
import { PartialPayment } from './partial-payment.js';
import { IdentityFields } from './identity-fields.js';
import type { PaymentSettings } from './payment-settings.js';
import { PaymentLinkPanel } from './payment-link-panel.js';
import { PaymentMethods } from './payment-methods.js';
import { PayBar } from './pay-bar.js';
import { methodFeeFor } from './method-fee.js';
import { instalmentTexts } from '../manage/instalments/texts.js';
import { PayStatus } from './pay-status.js';
import { payRequestBody } from './pay-request-body.js';
import { payWithRetry as payCartWithRetry } from './pay-with-retry.js';
import type { StripeCardHandle } from './stripe-card-field.js';
import type { StripeJs } from './stripe-js.js';
import { TermsModal } from './terms-modal.js';
import { runCaptcha } from './captcha.js';
import { walletRequest } from './wallet-request.js';
import { goToProvider, isRedirectMethod, redirectPayBody } from './redirect-methods.js';
import type { StripeBacsHandle } from './stripe-bacs-field.js';
import { useSeller } from '../../config/use-config.js';
import { usePayMethod } from './use-pay-method.js';
import {
  chosenAmount,
  partialOptions,
  type PartialChoice,
  nextPayStep,
  payFailure,
  validateCard,
  type AppliedGiftCard,
  type CardValue,
  type PayStep,
} from './model.js';

const FOCUS_DELAY_MS = 100;

interface Message {
  text: string;
  detail: string | null;
}

interface CheckoutFormProps {
  cartId: string;
  outstanding: number;
  /** What is due now (a scheduled-payment plan); equals outstanding without one. */
  due: number;
  /** A staff-created cart: the payment-link page (docs/payments.md#partial-payments-and-payment-links). */
  injected: boolean;
  paid: number;
  currency: string;
  settings: PaymentSettings;
  /** Back from a payment redirect that did not go through: its message (redirect-return.ts). */
  initialFailure?: Message | null;
  /** A logged-in member buys as themselves: no identity form (docs/checkout.md#your-information). */
  member: boolean;
  /** The "your information" fields for a payment method (docs/checkout.md#your-information). */
  identityForm: (method: string) => IdentityField[];
  /** The server has an address-lookup key and the seller chose autocomplete mode (docs/checkout.md#address-lookup). */
  addressLookup: boolean;
  /** The cart summary; given the chosen method's fee when the server priced it for this payment (docs/payments.md "Payment-method fees"). */
  summary: ReactNode | ((methodFee: string | null) => ReactNode);
  onCompleted: (orderIds: string[]) => void;
  onPending: () => void;
  onPartial: (doc: TPayAnswer) => void;
  onExpired: () => void;
  onRefresh: () => void;
  /** docs/payments.md#gift-cards: the gift cards kept on the cart (applied before a reload), shown again and paid with first. */
  keptGiftCards?: TCart['giftCards'];
  /** A change to a booked order (self-edit, /manage/{id}/confirm): its buyer is known, so no "your information" (only the address a method needs) and no promo codes. */
  knownPurchaser?: boolean;
  /** docs/checkout.md#data stripeFee: each payment method's fee on what is due, as the server priced it. */
  stripeFee?: TCart['stripeFee'];
}

export function CheckoutForm({ cartId, outstanding, due, injected, paid, currency, settings, initialFailure = null, member, identityForm, addressLookup, summary, onCompleted, onPending, onPartial, onExpired, onRefresh, knownPurchaser = false, keptGiftCards = [], stripeFee = [] }: CheckoutFormProps) {
  const testMode = settings.cardGateway === 'demo';
  const hasTerms = !!(settings.termsUrl || settings.termsText);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [identity, setIdentity] = useState<IdentityAnswers>(EMPTY_ANSWERS);
  const [identityErrors, setIdentityErrors] = useState<IdentityErrors>({});
  const { value: card, setValue: setCard, errors: cardErrors, setErrors: setCardErrors, onChange: onCardChange } = useCheckedFields<CardValue>(EMPTY_CARD);
  const [terms, setTerms] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [stripe, setStripe] = useState<StripeJs | null | 'loading'>('loading');
  const stripeCard = useRef<StripeCardHandle>(null);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [banner, setBanner] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<Message | null>(initialFailure);
  // Bacs Direct Debit: Stripe's bank form, and the buyer's agreement to the mandate (docs/payments.md).
  const stripeBacs = useRef<StripeBacsHandle>(null);
  const [mandate, setMandate] = useState(false);
  const [mandateError, setMandateError] = useState<string | null>(null);
  // A payment plan's deposit: the buyer's consent that this card pays the later instalments on their due dates (docs/payments.md "Later instalments").
  const [instalmentConsent, setInstalmentConsent] = useState(false);
  const sellerName = useSeller().name;
  const [notice, setNotice] = useState<string | null>(null);
  const [giftCards, setGiftCards] = useState<AppliedGiftCard[]>(() => keptGiftCards.filter((g) => g.state === 'active' && toMinor(g.balance) > 0).map((g) => ({ number: g.number, balance: g.balance, used: false })));
  const [giftOpen, setGiftOpen] = useState(false);
  const [action, setAction] = useState<{ intentId: string; amount: string } | null>(null);
  const { methods, method, chooseMethod, walletChosen } = usePayMethod({ stripe, testMode, currency, outstanding, redirectMethods: settings.redirectMethods });
  // A wallet's sheet must open from the click itself, so its captcha answer is fetched when the
  // wallet is chosen; one passing answer opens the cart's checkout for a while (docs/payments.md).
  const walletCaptcha = useRef<string | null>(null);
  useEffect(() => {
    if (!walletChosen || !settings.captchaSiteKey || member || walletCaptcha.current) return;
    void runCaptcha(settings.captchaSiteKey).then((token) => {
      walletCaptcha.current = token;
    });
  }, [walletChosen, settings.captchaSiteKey, member]);

  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [failure]);

  const busy = useRef(false);
  /** One Idempotency-Key per pay attempt: kept until the attempt has its answer. */
  const attemptKey = useRef<string | null>(null);
  /** The failing payment came from the wallet sheet (its postal-code refusal adds a hint, docs/checkout.md#errors). */
  const walletAttempt = useRef(false);
  /** The purchaser already set on this cart, by e-mail. */
  const purchaser = useRef<{ email: string; identityId: string; answers: string } | null>(null);

  const options = partialOptions(due, outstanding);
  const [choice, setChoice] = useState<PartialChoice>('due');
  const [otherText, setOtherText] = useState(() => fromMinor(due));
  const otherMinor = Number.isFinite(Number(otherText)) ? Math.round(Number(otherText) * 100) : due;
  const step = nextPayStep(outstanding, giftCards, currency, chosenAmount(choice, due, outstanding, otherMinor));
  const money = (amount: string) => formatMoney(amount, currency, { zeroAsFree: false });
  const total = fromMinor(outstanding);
  const fee = methodFeeFor(stripeFee, method, step, due);
  // Offered on a plan (less is due now than outstanding) for a card paying now while something stays for later; a membership's auto-renew asks its own.
  const consentOffered = due < outstanding && step.kind === 'card' && method === 'card' && toMinor(step.amount) < outstanding && !readAutoRenew(cartId);

  const focusFirstInvalid = () => {
    setTimeout(() => {
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (!first) return;
      first.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      first.focus({ preventScroll: true });
    }, FOCUS_DELAY_MS);
  };

  const form = identityForm(method);
  // A known buyer's form (a member's, an order's buyer's) is hidden, except the address a payment method needs (docs/checkout.md#your-information).
  const knownAddress = (member || knownPurchaser) && isRedirectMethod(method) ? addressFieldsOf(form) : null;
  const lookup = useAddressLookup({ available: addressLookup, form, answers: identity, onAnswers: (answers) => setAnswers(answers) });
  const validate = (current: PayStep): boolean => {
    const idErrors = knownAddress ? validateIdentityAnswers(knownAddress, identity) : member || knownPurchaser ? {} : { ...validateIdentityAnswers(form, identity), ...lookup.errors(identity) };
    const cErrors = current.kind === 'card' && method === 'card' && testMode ? validateCard(card) : {};
    const mandateMissing = current.kind === 'card' && method === 'bacs_debit' && !mandate;
    setIdentityErrors(idErrors);
    setCardErrors(cErrors);
    setMandateError(mandateMissing ? en.payRedirect.mandateRequired : null);
    setTermsError(null);
    const ok = !Object.values(idErrors).some(Boolean) && !Object.keys(cErrors).length && !mandateMissing;
    setBanner(!ok);
    if (!ok) focusFirstInvalid();
    return ok;
  };

  const ensurePurchaser = async () => {
    // A gift of membership: the giftee named on the gift page goes on the cart with the buyer.
    const giftee = readGiftee(cartId);
    if (knownAddress) {
      const kept = identityAnswersToKeep(knownAddress, identity);
      const answers = JSON.stringify([kept, method]);
      if (purchaser.current?.answers === answers) return;
      await addressCheckout(cartId, kept, method, member);
      purchaser.current = { email: '', identityId: '', answers };
      return;
    }
    if (knownPurchaser) return;
    if (member) {
      if (purchaser.current && purchaser.current.answers === '') return;
      await (giftee ? giftCheckout(cartId, giftee.identityId) : memberCheckout(cartId));
      purchaser.current = { email: '', identityId: '', answers: '' };
      return;
    }
    const value = registrationOf(form, identity);
    const methodType = isRedirectMethod(method) ? method : undefined;
    const answers = JSON.stringify([identity, methodType]);
    if (purchaser.current?.email === value.email.toLowerCase() && purchaser.current.answers === answers) return;
    const identityId = purchaser.current?.email === value.email.toLowerCase() ? purchaser.current.identityId : await registerGuest(value);
    await guestCheckout(cartId, identityId, identityAnswersToKeep(form, identity), giftee?.identityId, methodType);
    purchaser.current = { email: value.email.toLowerCase(), identityId, answers };
  };

  const payWithRetry = (body: TPayBody, key: string) => payCartWithRetry(cartId, body, key, member);

  const handleResult = (result: TPayAnswer, current: PayStep) => {
    attemptKey.current = null;
    if (result.outcome === 'completed') {
      clearGiftee();
      clearAutoRenew();
      const ids = result.ticket_order?._data.map((o) => o.id) ?? [];
      const fromCart = result.cart?._data[0]?.ticket_order_id;
      onCompleted(ids.length ? ids : fromCart ? [fromCart] : []);
      return;
    }
    if (result.outcome === 'pending') {
      onPending();
      return;
    }
    // Partial (docs/payments.md#captcha-and-terms): cart refreshed, stay on the page, payment element cleared, terms reset.
    // The card's balance drops by what it paid, so the gift-card dialog never shows the old balance.
    if (current.kind === 'gift_card') setGiftCards((list) => list.map((g) => (g.number === current.number ? { ...g, used: true, spent: current.amount, balance: fromMinor(Math.max(0, toMinor(g.balance) - toMinor(current.amount))) } : g)));
    setCard(EMPTY_CARD);
    setTerms(false);
    setNotice(format(en.checkout.partialPaid, { amount: money(current.amount) }));
    onPartial(result);
  };

  const handleFailure = (error: unknown) => {
    attemptKey.current = null;
    const f = payFailure(error, { wallet: walletAttempt.current });
    walletAttempt.current = false;
    if (f.kind === 'requires_action') {
      // Afterpay / Clearpay: off to the provider's page; it sends the buyer back here (redirect-return.ts).
      if (f.redirectUrl && goToProvider(f.redirectUrl)) {
        setNotice(en.payRedirect.redirecting);
        return;
      }
      const amount = step.kind === 'card' ? step.amount : total;
      if (testMode) setAction({ intentId: f.intentId, amount });
      else if (f.clientSecret) void confirmWithStripe(f.intentId, f.clientSecret, amount);
      else setFailure({ text: en.checkout.editDetails, detail: null });
      return;
    }
    if (f.kind === 'expired') {
      onExpired();
      return;
    }
    // docs/checkout.md#errors intent_processing: the payment is in flight; the pending page follows it.
    if (f.kind === 'processing') {
      onPending();
      return;
    }
    if (step.kind === 'gift_card') {
      // The gift card was refused (e.g. spent meanwhile): its own text, and it leaves the list so the card can pay.
      const number = step.number;
      setGiftCards((list) => list.filter((g) => g.number !== number));
      setFailure({ text: f.detail ?? f.text, detail: null });
    } else {
      setFailure({ text: f.text, detail: f.detail && f.detail !== f.text ? f.detail : null });
    }
    onRefresh();
  };

  const run = async (task: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    setFailure(null);
    try {
      await task();
    } catch (error) {
      handleFailure(error);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  // docs/memberships.md#8-auto-renew pay body auto_renew: with the card that is to be kept for the renewals.
  const bodyFor = (current: PayStep) => {
    const body = payRequestBody(current, testMode, card);
    // The same flag carries the instalment consent (docs/payments.md "Later instalments").
    const keepCard = readAutoRenew(cartId) || (consentOffered && instalmentConsent);
    return body && current.kind === 'card' && keepCard ? { ...body, auto_renew: true } : body;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    const current = step;
    setNotice(null);
    if (!validate(current)) return;
    if (!bodyFor(current)) {
      setFailure({ text: en.checkout.notSupported, detail: null });
      return;
    }
    // The terms modal (docs/payments.md#captcha-and-terms): accepted once per payment step before paying.
    if (hasTerms && !terms) {
      setTermsOpen(true);
      return;
    }
    pay(current);
  };

  const pay = (current: PayStep) => {
    const redirectMethod = current.kind === 'card' && isRedirectMethod(method) ? method : null;
    const body = redirectMethod ? redirectPayBody(redirectMethod, current.amount, null) : bodyFor(current)!;
    const wantsWallet = current.kind === 'card' && !testMode && (method === 'apple_pay' || method === 'google_pay');
    if (wantsWallet && stripe && stripe !== 'loading') {
      payWithWallet(stripe, current.amount);
      return;
    }
    // The terms were accepted before paying (the modal above): the server records it (docs/payments.md).
    if (hasTerms) body.terms_accepted = true;
    void run(async () => {
      if (settings.captchaSiteKey && !member) {
        const token = await runCaptcha(settings.captchaSiteKey);
        if (!token) return; // dismissed or expired: abort silently (docs/checkout.md#your-information)
        body.captcha = token;
      }
      if (redirectMethod === 'bacs_debit') {
        // Stripe.js makes the payment method from Stripe's bank form at Stripe: only its id comes to Foyer.
        const pm = await stripeBacs.current?.paymentMethod();
        if (!pm || 'error' in pm) {
          setFailure({ text: en.checkout.notCharged, detail: pm && 'error' in pm ? pm.error : en.checkout.stripeFailed });
          return;
        }
        body.gateway_data = redirectPayBody(redirectMethod, current.amount, { paymentMethodId: pm.id }).gateway_data;
      }
      if (body.gateway_id === 'stripe' && !redirectMethod) {
        const pm = await stripeCard.current?.paymentMethod();
        if (!pm || 'error' in pm) {
          setFailure({ text: en.checkout.notCharged, detail: pm && 'error' in pm ? pm.error : en.checkout.stripeFailed });
          return;
        }
        body.gateway_data = { payment_method_id: pm.id };
      }
      try {
        await ensurePurchaser();
      } catch (error) {
        // The details were refused (or the server is unwell): nothing was charged; say what the server said.
        setFailure({ text: isApiError(error) && error.status >= 400 && error.status < 500 ? error.description : en.checkout.unexpected, detail: null });
        return;
      }
      attemptKey.current ??= newIdempotencyKey();
      const result = await payWithRetry(body, attemptKey.current);
      handleResult(result, current);
    });
  };

  /** 3-D Secure through Stripe.js, then the same pay again naming the intent (docs/checkout.md#calls). */
  const confirmWithStripe = (intentId: string, clientSecret: string, amount: string) =>
    run(async () => {
      const problem = await stripeCard.current?.confirm(clientSecret);
      if (problem) {
        setFailure({ text: en.checkout.notCharged, detail: problem });
        return;
      }
      const result = await payWithRetry({ amount, gateway_id: 'stripe', gateway_data: { payment_intent_id: intentId } }, newIdempotencyKey());
      handleResult(result, { kind: 'card', amount });
    });

  /** Apple Pay / Google Pay: the browser's sheet gives a payment method, paid like a card. */
  const payWithWallet = (stripeJs: StripeJs, amount: string) => {
    // The sheet shows what the card is charged: with the method's fee when the server priced it.
    const request = walletRequest(stripeJs, currency, fee && 'exact' in fee ? toMinor(fee.exact.total) : outstanding);
    request.on('paymentmethod', (e) => {
      void run(async () => {
        try {
          await ensurePurchaser();
          const captcha = walletCaptcha.current;
          walletCaptcha.current = null;
          const result = await payWithRetry({ amount, gateway_id: 'stripe', gateway_data: { payment_method_id: e.paymentMethod.id }, ...(hasTerms ? { terms_accepted: true } : {}), ...(captcha ? { captcha } : {}) }, newIdempotencyKey());
          e.complete('success');
          handleResult(result, { kind: 'card', amount });
        } catch (error) {
          e.complete('fail');
          walletAttempt.current = true;
          throw error;
        }
      });
    });
    request.show();
  };

  const onConfirmAction = () => {
    const pending = action;
    if (!pending) return;
    setAction(null);
    void run(async () => {
      await confirmDemoIntent(pending.intentId);
      const result = await payWithRetry({ amount: pending.amount, gateway_id: 'demo', gateway_data: { payment_intent_id: pending.intentId } }, newIdempotencyKey());
      handleResult(result, { kind: 'card', amount: pending.amount });
    });
  };

  const setAnswers = (answers: IdentityAnswers) => {
    setIdentity((prev) => answersWith(prev, answers));
    if (Object.keys(answers).some((k) => identityErrors[k])) setIdentityErrors((prev) => ({ ...prev, ...Object.fromEntries(Object.keys(answers).map((k) => [k, undefined])) }));
  };
  const setField = (name: string, value: string | boolean) => setAnswers({ [name]: value });

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
          <section className="panel checkout-section" aria-labelledby={`${id}-info`}>
            <h2 id={`${id}-info`} className="section-title">
              {en.checkout.yourInformation}
            </h2>
            {knownPurchaser && knownAddress ? (
              <IdentityFields id={id} form={knownAddress} value={identity} errors={identityErrors} onChange={setField} />
            ) : member ? (
              <>
                <p className="notice notice--info">{en.checkout.memberMessage}</p>
                {knownAddress && <IdentityFields id={id} form={knownAddress} value={identity} errors={identityErrors} onChange={setField} />}
              </>
            ) : (
              <>
                <p className="muted checkout-section__hint">{en.checkout.yourInformationHint}</p>
                <ResidentZip zipInputId={`${id}-zip_code`}>
                  <IdentityFields id={id} form={form} value={identity} errors={identityErrors} onChange={setField} renderField={lookup.renderField(id, identityErrors)} />
                </ResidentZip>
              </>
            )}
          </section>
        )}

        {!knownPurchaser && <CheckoutPromoCodes />}
        <section className="panel checkout-section" aria-labelledby={`${id}-payment`}>
          <div className="checkout-section__head">
            <h2 id={`${id}-payment`} className="section-title">
              {en.checkout.payment}
            </h2>
            {testMode && <span className="badge badge--test">{en.checkout.testMode}</span>}
          </div>

          {paid > 0 && <PayStatus paid={money(fromMinor(paid))} outstanding={money(total)} />}
          {notice && (
            <p className="notice notice--info" role="status">
              {notice}
            </p>
          )}

          {step.kind === 'free' ? (
            <p className="notice notice--info">{en.checkout.nothingToPay}</p>
          ) : (
            <>
              {giftCards.length > 0 && (
                <AppliedGiftCards
                  giftCards={giftCards}
                  money={money}
                  onRemove={(number) => {
                    setGiftCards((list) => list.filter((x) => x.number !== number));
                    void dropGiftCard(cartId, number, member).catch(() => undefined);
                  }}
                />
              )}
              {options.length > 1 && step.kind !== 'gift_card' && (
                <PartialPayment id={id} due={due} outstanding={outstanding} choice={choice} otherText={otherText} money={money} onChoice={setChoice} onOther={setOtherText} />
              )}
              {step.kind === 'gift_card' ? (
                <p className="notice notice--info">{format(en.checkout.giftCardWillPay, { amount: money(step.amount) })}</p>
              ) : (
                <PaymentMethods
                  id={id}
                  methods={methods}
                  method={method}
                  onMethod={chooseMethod}
                  testMode={testMode}
                  card={card}
                  cardErrors={cardErrors}
                  onCardChange={onCardChange}
                  stripeCard={stripeCard}
                  stripePublishableKey={settings.stripePublishableKey}
                  onStripeReady={setStripe}
                  bacs={{
                    ref: stripeBacs,
                    amountMinor: toMinor(step.amount),
                    sellerName,
                    agreed: mandate,
                    onAgree: (agreed) => {
                      setMandate(agreed);
                      if (agreed) setMandateError(null);
                    },
                    mandateError,
                  }}
                />
              )}
              {consentOffered && (
                <div className="field field--wide field--check">
                  <label className="check">
                    <input type="checkbox" checked={instalmentConsent} onChange={(e) => setInstalmentConsent(e.currentTarget.checked)} data-testid="instalment-consent" />
                    <span>{instalmentTexts.autopay}</span>
                  </label>
                </div>
              )}
              <button type="button" className="button button--secondary gift-card-open" onClick={() => setGiftOpen(true)} aria-haspopup="dialog">
                {en.checkout.giftCardOpen}
              </button>
            </>
          )}
        </section>

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

        {failure && (
          <div ref={failureRef} className="notice notice--error" role="alert" data-testid="pay-error">
            <p className="notice__title">{failure.text}</p>
            {failure.detail && <p>{failure.detail}</p>}
          </div>
        )}

        <PayBar step={step} outstanding={outstanding} total={total} money={money} submitting={submitting} blocked={stripeBlocked} fee={fee} />
      </form>

      <section className="panel checkout__summary" aria-labelledby={`${id}-summary`}>
        <h2 id={`${id}-summary`} className="section-title">
          {en.checkout.summary}
        </h2>
        {typeof summary === 'function' ? summary(fee && 'exact' in fee ? fee.exact.fee : null) : summary}
      </section>

      <GiftCardModal
        open={giftOpen}
        applied={giftCards}
        onClose={() => setGiftOpen(false)}
        onApplied={(card) => {
          setGiftCards((list) => [...list, card]);
          setGiftOpen(false);
          // Kept on the cart, so a reload still has it (docs/checkout.md#data); a refusal takes it off again with its text.
          keepGiftCard(cartId, card.number, member).catch((error: unknown) => {
            setGiftCards((list) => list.filter((g) => g.number !== card.number));
            setFailure({ text: isApiError(error) && error.status >= 400 && error.status < 500 ? error.description : en.giftCard.trouble, detail: null });
          });
        }}
      />
      <TermsModal
        open={termsOpen}
        termsUrl={settings.termsUrl}
        termsText={settings.termsText}
        captchaNotice={!!settings.captchaSiteKey && !member}
        onAccept={() => {
          setTermsOpen(false);
          setTerms(true);
          pay(step);
        }}
        onDecline={() => {
          setTermsOpen(false);
          setTermsError(en.checkout.termsRequired);
        }}
      />
      <ConfirmPaymentDialog
        open={action !== null}
        amount={action ? money(action.amount) : ''}
        onConfirm={onConfirmAction}
        onCancel={() => {
          setAction(null);
          setFailure({ text: en.checkout.editDetails, detail: null });
        }}
      />
    </div>
  );
}
