// Paying from the checkout form (docs/payments.md#captcha-and-terms): captcha, Stripe's card or bank form, the
// wallet sheet, 3-D Secure, and what each answer (completed, pending, partial, a failure) does to the form.
import { toMinor } from '@foyer/contracts/constants';
import { useEffect, useRef, type Dispatch, type RefObject } from 'react';
import type { TPayAnswer, TPayBody } from '@foyer/contracts';
import { isApiError } from '../../api/client.js';
import { en, format } from '../../i18n/en.js';
import { confirmDemoIntent, newIdempotencyKey } from '../../shared/payment/pay-api.js';
import { runCaptcha } from './captcha.js';
import { EMPTY_CARD } from '../../shared/payment/card-fields.js';
import type { CheckoutFormAction, CheckoutFormState } from './checkout-form-state.js';
import { ensurePurchaser, type PurchaserInput, type PurchaserSet } from './ensure-purchaser.js';
import type { methodFeeFor } from '../../shared/payment/method-fee.js';
import { payFailure, type CardValue, type PayStep } from '../../shared/payment/model.js';
import { payRequestBody } from '../../shared/payment/pay-request-body.js';
import { payWithRetry as payCartWithRetry } from '../../shared/payment/pay-with-retry.js';
import { goToProvider, isRedirectMethod, redirectPayBody } from '../../shared/payment/redirect-methods.js';
import type { StripeBacsHandle } from '../../shared/payment/stripe-bacs-field.js';
import type { StripeCardHandle } from '../../shared/payment/stripe-card-field.js';
import type { StripeJs } from '../../shared/payment/stripe-js.js';
import { walletRequest } from '../../shared/payment/wallet-request.js';
import { clearGiftee, clearAutoRenew, readAutoRenew } from '../membership/public.js';

export interface CheckoutPayInput {
  purchaser: PurchaserInput;
  testMode: boolean;
  hasTerms: boolean;
  captchaSiteKey: string | null | undefined;
  currency: string;
  outstanding: number;
  stripe: StripeJs | null | 'loading';
  walletChosen: boolean;
  stripeCard: RefObject<StripeCardHandle | null>;
  stripeBacs: RefObject<StripeBacsHandle | null>;
  card: CardValue;
  setCard: (card: CardValue) => void;
  step: PayStep;
  total: string;
  fee: ReturnType<typeof methodFeeFor>;
  money: (amount: string) => string;
  consentOffered: boolean;
  state: CheckoutFormState;
  dispatch: Dispatch<CheckoutFormAction>;
  onCompleted: (orderIds: string[]) => void;
  onPending: () => void;
  onPartial: (doc: TPayAnswer) => void;
  onExpired: () => void;
  onRefresh: () => void;
}

export function useCheckoutPay(input: CheckoutPayInput) {
  const { purchaser, testMode, hasTerms, captchaSiteKey, currency, outstanding, stripe, walletChosen, stripeCard, stripeBacs, card, setCard, step, total, fee, money, consentOffered, state, dispatch } = input;
  const { cartId, member, method } = purchaser;
  // A wallet's sheet must open from the click itself, so its captcha answer is fetched when the
  // wallet is chosen; one passing answer opens the cart's checkout for a while (docs/payments.md).
  const walletCaptcha = useRef<string | null>(null);
  useEffect(() => {
    if (!walletChosen || !captchaSiteKey || member || walletCaptcha.current) return;
    void runCaptcha(captchaSiteKey).then((token) => {
      walletCaptcha.current = token;
    });
  }, [walletChosen, captchaSiteKey, member]);

  const busy = useRef(false);
  /** One Idempotency-Key per pay attempt: kept until the attempt has its answer. */
  const attemptKey = useRef<string | null>(null);
  /** The failing payment came from the wallet sheet (its postal-code refusal adds a hint, docs/checkout.md#errors). */
  const walletAttempt = useRef(false);
  const purchaserSet = useRef<PurchaserSet | null>(null);
  const fail = (text: string, detail: string | null = null) => dispatch({ type: 'failed', failure: { text, detail } });

  const payWithRetry = (body: TPayBody, key: string) => payCartWithRetry(cartId, body, key, member);
  const putPurchaser = () => ensurePurchaser(purchaserSet, purchaser);

  const handleResult = (result: TPayAnswer, current: PayStep) => {
    attemptKey.current = null;
    if (result.outcome === 'completed') {
      clearGiftee();
      clearAutoRenew();
      const ids = result.ticket_order?._data.map((o) => o.id) ?? [];
      const fromCart = result.cart._data.at(0)?.ticket_order_id;
      input.onCompleted(ids.length ? ids : fromCart ? [fromCart] : []);
      return;
    }
    if (result.outcome === 'pending') {
      input.onPending();
      return;
    }
    // Partial (docs/payments.md#captcha-and-terms): cart refreshed, stay on the page, payment element cleared, terms reset.
    setCard(EMPTY_CARD);
    dispatch({ type: 'partialPaid', step: current, notice: format(en.checkout.partialPaid, { amount: money(current.amount) }) });
    input.onPartial(result);
  };

  const handleFailure = (error: unknown) => {
    attemptKey.current = null;
    const f = payFailure(error, { wallet: walletAttempt.current });
    walletAttempt.current = false;
    if (f.kind === 'requires_action') {
      // Afterpay / Clearpay: off to the provider's page; it sends the buyer back here (redirect-return.ts).
      if (f.redirectUrl && goToProvider(f.redirectUrl)) {
        dispatch({ type: 'notice', notice: en.payRedirect.redirecting });
        return;
      }
      const amount = step.kind === 'card' ? step.amount : total;
      if (testMode) dispatch({ type: 'action', action: { intentId: f.intentId, amount } });
      else if (f.clientSecret) void confirmWithStripe(f.intentId, f.clientSecret, amount);
      else fail(en.checkout.editDetails);
      return;
    }
    if (f.kind === 'expired') {
      input.onExpired();
      return;
    }
    // docs/checkout.md#errors intent_processing: the payment is in flight; the pending page follows it.
    if (f.kind === 'processing') {
      input.onPending();
      return;
    }
    if (step.kind === 'gift_card') {
      // The gift card was refused (e.g. spent meanwhile): its own text, and it leaves the list so the card can pay.
      dispatch({ type: 'giftCardRefused', number: step.number, failure: { text: f.detail ?? f.text, detail: null } });
    } else {
      fail(f.text, f.detail && f.detail !== f.text ? f.detail : null);
    }
    input.onRefresh();
  };

  const run = async (task: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    dispatch({ type: 'started' });
    try {
      await task();
    } catch (error) {
      handleFailure(error);
    } finally {
      busy.current = false;
      dispatch({ type: 'finished' });
    }
  };

  // docs/memberships.md#8-auto-renew pay body auto_renew: with the card that is to be kept for the renewals.
  const bodyFor = (current: PayStep) => {
    const body = payRequestBody(current, testMode, card);
    // The same flag carries the instalment consent (docs/payments.md "Later instalments").
    const keepCard = readAutoRenew(cartId) || (consentOffered && state.instalmentConsent);
    return body && current.kind === 'card' && keepCard ? { ...body, auto_renew: true } : body;
  };

  const pay = (current: PayStep) => {
    const redirectMethod = current.kind === 'card' && isRedirectMethod(method) ? method : null;
    const body = redirectMethod ? redirectPayBody(redirectMethod, current.amount, null) : bodyFor(current);
    if (!body) throw new Error(`nothing to pay with for a ${current.kind} step`);
    const wantsWallet = current.kind === 'card' && !testMode && (method === 'apple_pay' || method === 'google_pay');
    if (wantsWallet && stripe && stripe !== 'loading') {
      payWithWallet(stripe, current.amount);
      return;
    }
    // The terms were accepted before paying (the modal above): the server records it (docs/payments.md).
    if (hasTerms) body.terms_accepted = true;
    void run(async () => {
      if (captchaSiteKey && !member) {
        const token = await runCaptcha(captchaSiteKey);
        if (!token) return; // dismissed or expired: abort silently (docs/checkout.md#your-information)
        body.captcha = token;
      }
      if (redirectMethod === 'bacs_debit') {
        // Stripe.js makes the payment method from Stripe's bank form at Stripe: only its id comes to Foyer.
        const pm = await stripeBacs.current?.paymentMethod();
        if (!pm || 'error' in pm) {
          fail(en.checkout.notCharged, pm && 'error' in pm ? pm.error : en.checkout.stripeFailed);
          return;
        }
        body.gateway_data = redirectPayBody(redirectMethod, current.amount, { paymentMethodId: pm.id }).gateway_data;
      }
      if (body.gateway_id === 'stripe' && !redirectMethod) {
        const pm = await stripeCard.current?.paymentMethod();
        if (!pm || 'error' in pm) {
          fail(en.checkout.notCharged, pm && 'error' in pm ? pm.error : en.checkout.stripeFailed);
          return;
        }
        body.gateway_data = { payment_method_id: pm.id };
      }
      try {
        await putPurchaser();
      } catch (error) {
        // The details were refused (or the server is unwell): nothing was charged; say what the server said.
        fail(isApiError(error) && error.status >= 400 && error.status < 500 ? error.description : en.checkout.unexpected);
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
        fail(en.checkout.notCharged, problem);
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
          await putPurchaser();
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
    const pending = state.action;
    if (!pending) return;
    dispatch({ type: 'action', action: null });
    void run(async () => {
      await confirmDemoIntent(pending.intentId);
      const result = await payWithRetry({ amount: pending.amount, gateway_id: 'demo', gateway_data: { payment_intent_id: pending.intentId } }, newIdempotencyKey());
      handleResult(result, { kind: 'card', amount: pending.amount });
    });
  };

  return { pay, bodyFor, onConfirmAction, isBusy: () => busy.current };
}
