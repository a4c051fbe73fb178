import { DEMO_CARDS, fromMinor, toMinor } from '@foyer/contracts';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/client.js';
import { paths } from '../../app/paths.js';
import { useConfigEntries, useSeller } from '../../config/useConfig.js';
import { en, format } from '../../i18n/en.js';
import { formatMoney } from '../../lib/money.js';
import { Skeleton } from '../../ui/Skeleton.js';
import { useDocumentTitle } from '../../ui/useDocumentTitle.js';
import { fetchCart } from '../cart/api.js';
import { completePath, useCart } from '../cart/CartContext.js';
import { CartContents, CartTimer } from '../cart/CartWidget.js';
import { useOptionalAccount } from '../account/AccountContext.js';
import { confirmDemoIntent, guestCheckout, memberCheckout, newIdempotencyKey, payCart, registerGuest, type PayRequest, type TPayDocument } from './api.js';
import { ConfirmPaymentDialog } from './ConfirmPaymentDialog.js';
import { GiftCardModal } from './GiftCardModal.js';
import { PartialPayment } from './PartialPayment.js';
import { IdentityFields } from './IdentityFields.js';
import { paymentSettings, type PaymentSettings } from './payment-settings.js';
import { regionsOf } from './regions.js';
import { StripeCardField, type StripeCardHandle } from './StripeCardField.js';
import type { StripeJs, StripePaymentRequest } from './stripe-js.js';
import { TermsModal } from './TermsModal.js';
import { runCaptcha } from './captcha.js';
import {
  ADDRESS_METHODS,
  availableMethods,
  chosenAmount,
  defaultMethod,
  isInjectedCart,
  partialOptions,
  paymentDueMinor,
  type PartialChoice,
  EMPTY_IDENTITY,
  formatCardNumber,
  formatExpiry,
  digits,
  maskGiftCard,
  nextPayStep,
  outstandingMinor,
  paidMinor,
  payFailure,
  trimIdentity,
  validateCard,
  validateIdentity,
  type AppliedGiftCard,
  type CardErrors,
  type CardValue,
  type IdentityErrors,
  type IdentityValue,
  type PaymentMethod,
  type PayStep,
} from './model.js';

/** 001 §4: wait, then pay again while another payment for the cart is in flight. */
const PROCESSING_RETRY_MS = 1500;
const PROCESSING_RETRIES = 4;
const FOCUS_DELAY_MS = 100;

const EMPTY_CARD: CardValue = { number: '', expiry: '', cvc: '' };

interface Message {
  text: string;
  detail: string | null;
}

/**
 * /checkout and /checkout/{cartId} (001 §2, §4): your information, payment (accordion), terms,
 * the cart summary and a sticky footer with the total to pay and the pay button.
 */
export function Component() {
  const { cartId: cartIdParam } = useParams();
  const { view, loading, cartId, doc, store, completedOrderId } = useCart();
  const navigate = useNavigate();
  const seller = useSeller();
  const settings = paymentSettings(useConfigEntries(), seller.meta);
  const account = useOptionalAccount();
  const member = account?.user ?? null;
  useDocumentTitle(en.checkout.title);
  const [adopting, setAdopting] = useState(() => !!cartIdParam && cartIdParam !== cartId);
  const completing = useRef(false);

  // A cart named in the address: read it (not found → the not-found route), then keep it.
  useEffect(() => {
    if (!cartIdParam || cartIdParam === store.getSnapshot().cartId) {
      setAdopting(false);
      return;
    }
    let live = true;
    fetchCart(cartIdParam)
      .then(() => store.adopt(cartIdParam))
      .then(() => live && setAdopting(false))
      .catch((error: unknown) => {
        if (!live) return;
        if (isApiError(error) && (error.status === 404 || error.status === 403)) navigate('/404', { replace: true });
        else setAdopting(false);
      });
    return () => {
      live = false;
    };
  }, [cartIdParam, store, navigate]);

  const reading = adopting || (cartId !== null && doc === null && (loading || !view));
  // 001 §2: a member without a real e-mail address sets one first (a 'no-email+' placeholder).
  if (member && (member.needs_email || !member.email || member.email.startsWith('no-email+'))) return <Navigate to="/user/set-email-address" replace />;
  // The stored cart turned out to be an order already (001 §2): its complete page.
  if (!completing.current && completedOrderId && !cartId) return <Navigate to={completePath([completedOrderId])} replace />;
  if (!completing.current && !reading && (!cartId || !view || view.ticketCount === 0)) return <Navigate to={paths.home} replace />;

  return (
    <section className="checkout" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        {en.checkout.title}
      </h1>
      {/* Phones: the hold's countdown above the form (the summary with its own timer is further down). */}
      <div className="checkout__timer">
        <CartTimer />
      </div>
      {reading || !view ? (
        <CheckoutSkeleton />
      ) : (
        <CheckoutForm
          key={view.cart.id}
          cartId={view.cart.id}
          outstanding={outstandingMinor(view.cart)}
          due={paymentDueMinor(view.cart, outstandingMinor(view.cart))}
          injected={isInjectedCart(view.cart)}
          paid={paidMinor(view.cart)}
          currency={seller.currency}
          settings={settings}
          member={member !== null}
          summary={<CartContents variant="summary" />}
          onCompleted={(orderIds) => {
            completing.current = true;
            navigate(completePath(orderIds), { replace: true });
            store.clear();
          }}
          onPending={() => {
            completing.current = true;
            navigate(`/checkout/pending/${encodeURIComponent(view.cart.id)}`, { replace: true });
            store.clear();
          }}
          onPartial={(result) => store.accept(result)}
          onExpired={() => store.expire()}
          onRefresh={() => void store.refresh()}
        />
      )}
    </section>
  );
}

function CheckoutSkeleton() {
  return (
    <div className="checkout__layout" aria-busy="true" aria-label={en.checkout.loading}>
      <div className="checkout__main">
        <div className="panel">
          <Skeleton height={24} width="40%" style={{ marginBottom: 16 }} />
          <Skeleton height={44} style={{ marginBottom: 12 }} />
          <Skeleton height={44} style={{ marginBottom: 12 }} />
          <Skeleton height={44} />
        </div>
        <div className="panel">
          <Skeleton height={24} width="30%" style={{ marginBottom: 16 }} />
          <Skeleton height={160} />
        </div>
      </div>
      <div className="panel">
        <Skeleton height={24} width="50%" style={{ marginBottom: 16 }} />
        <Skeleton height={96} />
      </div>
    </div>
  );
}

interface CheckoutFormProps {
  cartId: string;
  outstanding: number;
  /** What is due now (a scheduled-payment plan); equals outstanding without one. */
  due: number;
  /** A staff-created cart: the payment-link page (001 §2). */
  injected: boolean;
  paid: number;
  currency: string;
  settings: PaymentSettings;
  /** A logged-in member buys as themselves: no identity form (001 §2). */
  member: boolean;
  summary: ReactNode;
  onCompleted: (orderIds: string[]) => void;
  onPending: () => void;
  onPartial: (doc: TPayDocument) => void;
  onExpired: () => void;
  onRefresh: () => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function CheckoutForm({ cartId, outstanding, due, injected, paid, currency, settings, member, summary, onCompleted, onPending, onPartial, onExpired, onRefresh }: CheckoutFormProps) {
  const testMode = settings.cardGateway === 'demo';
  const hasTerms = !!(settings.termsUrl || settings.termsText);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [identity, setIdentity] = useState<IdentityValue>(EMPTY_IDENTITY);
  const [identityErrors, setIdentityErrors] = useState<IdentityErrors>({});
  const [card, setCard] = useState<CardValue>(EMPTY_CARD);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [terms, setTerms] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [stripe, setStripe] = useState<StripeJs | null | 'loading'>('loading');
  const [wallet, setWallet] = useState<'apple' | 'google' | 'none'>('none');
  const stripeCard = useRef<StripeCardHandle>(null);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [banner, setBanner] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<Message | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [giftCards, setGiftCards] = useState<AppliedGiftCard[]>([]);
  const [giftOpen, setGiftOpen] = useState(false);
  const [action, setAction] = useState<{ intentId: string; amount: string } | null>(null);
  const methods = availableMethods({ testMode, wallet });
  const [method, setMethod] = useState<PaymentMethod>(() => defaultMethod(methods));
  // Stripe answers whether the browser has a wallet; the default is the wallet when it does (001 §4).
  useEffect(() => {
    if (!stripe || stripe === 'loading' || outstanding <= 0) return;
    const request = walletRequest(stripe, currency, outstanding);
    void request.canMakePayment().then((can) => {
      const found = can?.applePay ? 'apple' : can?.googlePay ? 'google' : 'none';
      setWallet(found);
      if (found !== 'none') setMethod(found === 'apple' ? 'apple_pay' : 'google_pay');
    });
  }, [stripe, currency, outstanding]);

  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [failure]);

  const busy = useRef(false);
  /** One Idempotency-Key per pay attempt: kept until the attempt has its answer. */
  const attemptKey = useRef<string | null>(null);
  /** The purchaser already set on this cart, by e-mail. */
  const purchaser = useRef<{ email: string; identityId: string } | null>(null);

  const options = partialOptions(due, outstanding);
  const [choice, setChoice] = useState<PartialChoice>('due');
  const [otherText, setOtherText] = useState(() => fromMinor(due));
  const otherMinor = Number.isFinite(Number(otherText)) ? Math.round(Number(otherText) * 100) : due;
  const step = nextPayStep(outstanding, giftCards, currency, chosenAmount(choice, due, outstanding, otherMinor));
  const money = (amount: string) => formatMoney(amount, currency, { zeroAsFree: false });
  const total = fromMinor(outstanding);

  const focusFirstInvalid = () => {
    setTimeout(() => {
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (!first) return;
      first.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      first.focus({ preventScroll: true });
    }, FOCUS_DELAY_MS);
  };

  const addressRequired = ADDRESS_METHODS.has(method);
  const validate = (current: PayStep): boolean => {
    const idErrors = member ? {} : validateIdentity(identity, { addressRequired, hasRegions: regionsOf(identity.country).length > 0 });
    const cErrors = current.kind === 'card' && method === 'card' && testMode ? validateCard(card) : {};
    setIdentityErrors(idErrors);
    setCardErrors(cErrors);
    setTermsError(null);
    const ok = !Object.keys(idErrors).length && !Object.keys(cErrors).length;
    setBanner(!ok);
    if (!ok) focusFirstInvalid();
    return ok;
  };

  const ensurePurchaser = async () => {
    if (member) {
      if (purchaser.current) return;
      await memberCheckout(cartId);
      purchaser.current = { email: '', identityId: '' };
      return;
    }
    const value = trimIdentity(identity);
    if (purchaser.current?.email === value.email.toLowerCase()) return;
    const identityId = await registerGuest(value);
    await guestCheckout(cartId, identityId);
    purchaser.current = { email: value.email.toLowerCase(), identityId };
  };

  /** Pays once; waits and tries again (same key) while another payment for the cart is in flight. */
  const payWithRetry = async (body: PayRequest, key: string): Promise<TPayDocument> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await payCart(cartId, body, key, member);
      } catch (error) {
        if (isApiError(error) && error.code === 'intent_processing' && attempt < PROCESSING_RETRIES) {
          await sleep(PROCESSING_RETRY_MS);
          continue;
        }
        throw error;
      }
    }
  };

  const handleResult = (result: TPayDocument, current: PayStep) => {
    attemptKey.current = null;
    if (result.outcome === 'completed') {
      const ids = result.ticket_order?._data.map((o) => o.id) ?? [];
      const fromCart = result.cart?._data[0]?.ticket_order_id;
      onCompleted(ids.length ? ids : fromCart ? [fromCart] : []);
      return;
    }
    if (result.outcome === 'pending') {
      onPending();
      return;
    }
    // Partial (001 §4): cart refreshed, stay on the page, payment element cleared, terms reset.
    if (current.kind === 'gift_card') setGiftCards((list) => list.map((g) => (g.number === current.number ? { ...g, used: true, spent: current.amount } : g)));
    setCard(EMPTY_CARD);
    setTerms(false);
    setNotice(format(en.checkout.partialPaid, { amount: money(current.amount) }));
    onPartial(result);
  };

  const handleFailure = (error: unknown) => {
    attemptKey.current = null;
    const f = payFailure(error);
    if (f.kind === 'requires_action') {
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
    if (f.kind === 'processing') {
      setFailure({ text: en.checkout.inProgress, detail: null });
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

  const bodyFor = (current: PayStep): PayRequest | null => {
    switch (current.kind) {
      case 'free':
        return { amount: '0', gateway_id: 'free', gateway_data: {} };
      case 'gift_card':
        return { amount: current.amount, gateway_id: 'ledger', gateway_data: { number: current.number } };
      case 'card':
        return testMode ? { amount: current.amount, gateway_id: 'demo', gateway_data: { card_number: digits(card.number) } } : { amount: current.amount, gateway_id: 'stripe', gateway_data: {} };
      default:
        return null;
    }
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
    // The terms modal (001 §2, §5): accepted once per payment step before paying.
    if (hasTerms && !terms) {
      setTermsOpen(true);
      return;
    }
    pay(current);
  };

  const pay = (current: PayStep) => {
    const body = bodyFor(current)!;
    const wantsWallet = current.kind === 'card' && !testMode && method !== 'card';
    if (wantsWallet && stripe && stripe !== 'loading') {
      payWithWallet(stripe, current.amount);
      return;
    }
    void run(async () => {
      if (settings.captchaSiteKey && !member) {
        const token = await runCaptcha(settings.captchaSiteKey);
        if (!token) return; // dismissed or expired: abort silently (001 §5)
        body.captcha = token;
      }
      if (body.gateway_id === 'stripe') {
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

  /** 3-D Secure through Stripe.js, then the same pay again naming the intent (001 §7). */
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
    const request = walletRequest(stripeJs, currency, outstanding);
    request.on('paymentmethod', (e) => {
      void run(async () => {
        try {
          await ensurePurchaser();
          const result = await payWithRetry({ amount, gateway_id: 'stripe', gateway_data: { payment_method_id: e.paymentMethod.id } }, newIdempotencyKey());
          e.complete('success');
          handleResult(result, { kind: 'card', amount });
        } catch (error) {
          e.complete('fail');
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

  const setField = (name: keyof IdentityValue, value: string) => {
    setIdentity((prev) => ({ ...prev, [name]: value }));
    if (identityErrors[name]) setIdentityErrors((prev) => ({ ...prev, [name]: undefined }));
  };

  // Stripe could not load: nothing can take the card (001 §8 says why next to the card form).
  const stripeBlocked = !testMode && step.kind === 'card' && method === 'card' && stripe === null;
  const buttonText = submitting
    ? en.checkout.processing
    : step.kind === 'free'
      ? en.checkout.payFree
      : step.kind === 'gift_card'
        ? format(en.checkout.payGiftCard, { amount: money(step.amount) })
        : format(en.checkout.pay, { amount: money(step.amount) });

  return (
    <div className={`checkout__layout${injected ? ' checkout--payment-link' : ''}`}>
      <form ref={formRef} className="checkout__main checkout-form" noValidate onSubmit={onSubmit} aria-busy={submitting}>
        {injected && (
          <section className="panel payment-link" data-testid="payment-link" aria-labelledby={`${id}-link`}>
            <h2 id={`${id}-link`} className="section-title">
              {en.checkout.paymentLinkTitle}
            </h2>
            <p className="payment-link__lead">{en.checkout.paymentLinkText}</p>
            <p>
              {en.checkout.totalOutstanding}: <strong data-testid="total-outstanding">{money(total)}</strong>
            </p>
          </section>
        )}
        {banner && (
          <div className="notice notice--error" role="alert" data-testid="form-errors">
            {en.checkout.formErrors}
          </div>
        )}

        <section className="panel checkout-section" aria-labelledby={`${id}-info`}>
          <h2 id={`${id}-info`} className="section-title">
            {en.checkout.yourInformation}
          </h2>
          {member ? (
            <p className="notice notice--info">{en.checkout.memberMessage}</p>
          ) : (
            <>
              <p className="muted checkout-section__hint">{en.checkout.yourInformationHint}</p>
              <IdentityFields id={id} value={identity} errors={identityErrors} addressRequired={addressRequired} onChange={setField} />
            </>
          )}
        </section>

        <section className="panel checkout-section" aria-labelledby={`${id}-payment`}>
          <div className="checkout-section__head">
            <h2 id={`${id}-payment`} className="section-title">
              {en.checkout.payment}
            </h2>
            {testMode && <span className="badge badge--test">{en.checkout.testMode}</span>}
          </div>

          {paid > 0 && (
            <dl className="pay-status" data-testid="pay-status">
              <div>
                <dt>{en.checkout.paid}</dt>
                <dd>{money(fromMinor(paid))}</dd>
              </div>
              <div>
                <dt>{en.checkout.outstanding}</dt>
                <dd>{money(total)}</dd>
              </div>
            </dl>
          )}
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
                <ul className="gift-cards" aria-label={en.giftCard.title}>
                  {giftCards.map((g) => (
                    <li key={g.number} className="gift-cards__item">
                      <span>
                        <strong>{format(en.checkout.giftCardApplied, { number: maskGiftCard(g.number) })}</strong>
                        <span className="muted">
                          {' · '}
                          {g.used && g.spent ? format(en.checkout.giftCardSpent, { amount: money(g.spent) }) : format(en.giftCard.balance, { amount: money(g.balance) })}
                        </span>
                      </span>
                      {!g.used && (
                        <button
                          type="button"
                          className="button button--link"
                          onClick={() => setGiftCards((list) => list.filter((x) => x.number !== g.number))}
                          aria-label={format(en.checkout.giftCardRemove, { number: maskGiftCard(g.number) })}
                        >
                          {en.cart.remove}
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              {options.length > 1 && step.kind !== 'gift_card' && (
                <PartialPayment id={id} due={due} outstanding={outstanding} choice={choice} otherText={otherText} money={money} onChoice={setChoice} onOther={setOtherText} />
              )}
              {step.kind === 'gift_card' ? (
                <p className="notice notice--info">{format(en.checkout.giftCardWillPay, { amount: money(step.amount) })}</p>
              ) : (
                <div className="pay-methods">
                  {methods.map((m) => (
                    <div key={m} className={`pay-method${method === m ? ' pay-method--open' : ''}`}>
                      <h3 className="pay-method__heading">
                        <button type="button" className="pay-method__header" aria-expanded={method === m} aria-controls={`${id}-${m}`} onClick={() => setMethod(m)}>
                          <span className="pay-method__radio" aria-hidden="true" />
                          {en.checkout.methods[m]}
                        </button>
                      </h3>
                      {method === m && m === 'card' && testMode && (
                        <div id={`${id}-${m}`} className="pay-method__panel">
                          <CardFields id={id} value={card} errors={cardErrors} onChange={(v, name) => {
                            setCard(v);
                            if (cardErrors[name]) setCardErrors((prev) => ({ ...prev, [name]: undefined }));
                          }} />
                          <TestCards />
                        </div>
                      )}
                      {/* Kept mounted while another method is open: Stripe's card element lives here. */}
                      {m === 'card' && !testMode && settings.stripePublishableKey && (
                        <div id={`${id}-${m}`} className="pay-method__panel" hidden={method !== m}>
                          <StripeCardField ref={stripeCard} id={id} publishableKey={settings.stripePublishableKey} onReady={setStripe} />
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

        <div className="pay-bar" data-testid="pay-bar">
          <div className="pay-bar__total">
            <span className="pay-bar__label">{step.kind === 'card' && toMinor(step.amount) < outstanding ? en.checkout.payingNow : en.checkout.totalToPay}</span>
            <span className="pay-bar__amount" data-testid="total-to-pay">
              {money(step.kind === 'card' ? step.amount : total)}
            </span>
          </div>
          <button type="submit" className="button pay-bar__button" disabled={submitting || stripeBlocked} aria-disabled={submitting || stripeBlocked}>
            {buttonText}
          </button>
        </div>
      </form>

      <section className="panel checkout__summary" aria-labelledby={`${id}-summary`}>
        <h2 id={`${id}-summary`} className="section-title">
          {en.checkout.summary}
        </h2>
        {summary}
      </section>

      <GiftCardModal
        open={giftOpen}
        applied={giftCards}
        onClose={() => setGiftOpen(false)}
        onApplied={(card) => {
          setGiftCards((list) => [...list, card]);
          setGiftOpen(false);
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

function CardFields({ id, value, errors, onChange }: { id: string; value: CardValue; errors: CardErrors; onChange: (value: CardValue, name: keyof CardValue) => void }) {
  const field = (name: keyof CardValue, label: string, autoComplete: string, placeholder: string, formatValue: (text: string) => string, maxLength: number) => {
    const fieldId = `${id}-card-${name}`;
    return (
      <div className={`field card-field card-field--${name}`}>
        <label htmlFor={fieldId}>{label}</label>
        <input
          id={fieldId}
          type="text"
          inputMode="numeric"
          autoComplete={autoComplete}
          placeholder={placeholder}
          maxLength={maxLength}
          value={value[name]}
          required
          aria-required="true"
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `${fieldId}-error` : undefined}
          onChange={(e) => onChange({ ...value, [name]: formatValue(e.target.value) }, name)}
        />
        {errors[name] && (
          <span className="field-error" id={`${fieldId}-error`}>
            {errors[name]}
          </span>
        )}
      </div>
    );
  };
  return (
    <div className="card-fields">
      {field('number', en.checkout.cardNumber, 'cc-number', '1234 1234 1234 1234', formatCardNumber, 23)}
      {field('expiry', en.checkout.expiry, 'cc-exp', 'MM / YY', formatExpiry, 7)}
      {field('cvc', en.checkout.cvc, 'cc-csc', '123', (t) => digits(t).slice(0, 4), 4)}
    </div>
  );
}

function TestCards() {
  const rows = Object.entries(DEMO_CARDS) as [keyof typeof en.checkout.testCards, string][];
  return (
    <div className="test-cards">
      <p>{en.checkout.testModeText}</p>
      <ul>
        {rows.map(([outcome, number]) => (
          <li key={number}>
            <code>{formatCardNumber(number)}</code> <span>{en.checkout.testCards[outcome] ?? outcome}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One payment request for the wallets (Apple Pay / Google Pay through Stripe). */
function walletRequest(stripe: StripeJs, currency: string, outstanding: number): StripePaymentRequest {
  return stripe.paymentRequest({ country: 'US', currency: currency.toLowerCase(), total: { label: en.checkout.totalToPay, amount: outstanding } });
}
