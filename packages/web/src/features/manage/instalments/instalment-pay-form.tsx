// The instalment payment form (docs/payments.md "Later instalments"): checkout's payment parts paying an order's cart with the manage key.
import type { TPayAnswer, TPayBody, TTicketOrder } from '@foyer/contracts';
import { fromMinor, toMinor } from '@foyer/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { en, format } from '../../../i18n/en.js';
import { formatMoney } from '../../../lib/money.js';
import { confirmDemoIntent, newIdempotencyKey } from '../../../shared/payment/pay-api.js';
import { ConfirmPaymentDialog } from '../../../shared/payment/confirm-payment-dialog.js';
import { AppliedGiftCards } from '../../../shared/payment/applied-gift-cards.js';
import { GiftCardModal } from '../../../shared/payment/gift-card-modal.js';
import { chosenAmount, clampOther, nextPayStep, partialOptions, payFailure, validateCard, type AppliedGiftCard, type PartialChoice } from '../../../shared/payment/model.js';
import { PartialPayment } from '../../../shared/payment/partial-payment.js';
import { PayBar } from '../../../shared/payment/pay-bar.js';
import { methodFeeFor } from '../../../shared/payment/method-fee.js';
import { payRequestBody } from '../../../shared/payment/pay-request-body.js';
import { payWithRetry } from '../../../shared/payment/pay-with-retry.js';
import { PaymentMethods } from '../../../shared/payment/payment-methods.js';
import { usePaymentMethods } from '../../../shared/payment/use-payment-methods.js';
import type { paymentSettings } from '../../../shared/payment/payment-settings.js';
import type { StripeJs } from '../../../shared/payment/stripe-js.js';
import { walletRequest } from '../../../shared/payment/wallet-request.js';
import { PAID_STATE } from './paid-state.js';
import { instalmentTexts } from '../../../shared/payment/instalment-texts.js';

interface FormProps {
  cartId: string;
  orderId: string;
  orderKey: string | null;
  due: number;
  outstanding: number;
  /** Instalments not yet due remain: the buyer may have the card charged on their dates. */
  laterDates?: boolean;
  /** Each payment method's fee on what is due now, as the server priced it (docs/payments.md "Payment-method fees"). */
  stripeFee?: TTicketOrder['stripeFee'];
  currency: string;
  settings: ReturnType<typeof paymentSettings>;
  back: string;
}

/** The payment form on its own: tested without the route. */
export function InstalmentPayForm({ cartId, orderId, orderKey, due, outstanding, laterDates = false, stripeFee = [], currency, settings, back }: FormProps) {
  const testMode = settings.cardGateway === 'demo';
  const id = useId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [choice, setChoice] = useState<PartialChoice>('due');
  const [otherText, setOtherText] = useState(fromMinor(due));
  const { card, setCardErrors, stripe, stripeCard, method, walletChosen, fields: methodFields } = usePaymentMethods({ id, testMode, currency, outstanding, stripePublishableKey: settings.stripePublishableKey });
  // Gift cards pay first, as at checkout; kept in this form only (the order's cart is booked).
  const [giftCards, setGiftCards] = useState<AppliedGiftCard[]>([]);
  const [giftOpen, setGiftOpen] = useState(false);
  const walletAttempt = useRef(false);
  // The buyer's consent that the card paying now pays the later instalments on their dates (docs/payments.md).
  const [autopay, setAutopay] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<{ text: string; detail: string | null } | null>(null);
  const [action, setAction] = useState<{ intentId: string; amount: string } | null>(null);
  const attemptKey = useRef<string | null>(null);
  const money = (amount: string) => formatMoney(amount, currency, { zeroAsFree: false });
  const options = partialOptions(due, outstanding);
  const amount = chosenAmount(options.length > 1 ? choice : 'outstanding', due, outstanding, clampOther(otherText, due, outstanding));
  const step = nextPayStep(outstanding, giftCards, currency, amount);
  // Offered while something stays to pay after this payment, for a card paid now.
  const autopayOffered = laterDates && step.kind === 'card' && method === 'card' && toMinor(step.amount) < outstanding;
  const paying = step.kind === 'card' || step.kind === 'gift_card' ? step.amount : fromMinor(amount);
  // The chosen method's fee, charged on top of the part paid as at checkout.
  const fee = methodFeeFor(stripeFee, method, step, due);

  const done = async (result: TPayAnswer) => {
    attemptKey.current = null;
    await client.invalidateQueries({ queryKey: ['ticket_order'] });
    if (result.outcome === 'pending') setFailure({ text: instalmentTexts.pending, detail: null });
    else void navigate(back, { state: { [PAID_STATE]: paying } });
  };
  const run = async (work: () => Promise<void>) => {
    setSubmitting(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      attemptKey.current = null;
      const f = payFailure(error, { wallet: walletAttempt.current });
      walletAttempt.current = false;
      if (f.kind === 'requires_action') {
        const pending = { intentId: f.intentId, amount: step.kind === 'card' ? step.amount : fromMinor(amount) };
        if (testMode) setAction(pending);
        else if (f.clientSecret) void confirmWithStripe(pending.intentId, f.clientSecret, pending.amount);
        else setFailure({ text: en.checkout.editDetails, detail: null });
      } else if (f.kind === 'message' && step.kind === 'gift_card') {
        // The gift card was refused (e.g. spent meanwhile): its own text, and it leaves the list so the card can pay.
        const number = step.number;
        setGiftCards((list) => list.filter((g) => g.number !== number));
        setFailure({ text: f.detail ?? f.text, detail: null });
      } else if (f.kind === 'message') setFailure({ text: f.text, detail: f.detail });
      else if (f.kind === 'processing') setFailure({ text: instalmentTexts.pending, detail: null });
      else setFailure({ text: en.checkout.unexpected, detail: null });
    } finally {
      setSubmitting(false);
    }
  };
  const pay = (body: TPayBody, key: string) => payWithRetry(cartId, body, key, false, orderKey);

  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    if (submitting || (step.kind !== 'card' && step.kind !== 'gift_card')) {
      if (step.kind === 'unsupported') setFailure({ text: en.checkout.notSupported, detail: null });
      return;
    }
    if (step.kind === 'card' && walletChosen && stripe && stripe !== 'loading') {
      payWithWallet(stripe, step.amount);
      return;
    }
    const errors = testMode && step.kind === 'card' ? validateCard(card) : {};
    setCardErrors(errors);
    if (Object.keys(errors).length) return;
    const body = payRequestBody(step, testMode, card);
    if (!body) throw new Error(`nothing to pay with for a ${step.kind} step`);
    if (autopayOffered && autopay) body.auto_renew = true;
    void run(async () => {
      if (body.gateway_id === 'stripe') {
        const pm = await stripeCard.current?.paymentMethod();
        if (!pm || 'error' in pm) {
          setFailure({ text: en.checkout.notCharged, detail: pm && 'error' in pm ? pm.error : en.checkout.stripeFailed });
          return;
        }
        body.gateway_data = { payment_method_id: pm.id };
      }
      attemptKey.current ??= newIdempotencyKey();
      await done(await pay(body, attemptKey.current));
    });
  };
  /** Apple Pay / Google Pay: the browser's sheet gives a payment method, paid like a card. */
  const payWithWallet = (stripeJs: StripeJs, paid: string) => {
    // The sheet asks for what the card is charged: with the method's fee when the server priced it.
    const request = walletRequest(stripeJs, currency, fee && 'exact' in fee && toMinor(fee.exact.total) - toMinor(fee.exact.fee) === toMinor(paid) ? toMinor(fee.exact.total) : toMinor(paid));
    request.on('paymentmethod', (e) => {
      void run(async () => {
        try {
          attemptKey.current ??= newIdempotencyKey();
          const result = await pay({ amount: paid, gateway_id: 'stripe', gateway_data: { payment_method_id: e.paymentMethod.id } }, attemptKey.current);
          e.complete('success');
          await done(result);
        } catch (error) {
          e.complete('fail');
          walletAttempt.current = true;
          throw error;
        }
      });
    });
    request.show();
  };
  const confirmWithStripe = (intentId: string, clientSecret: string, paying: string) =>
    run(async () => {
      const problem = await stripeCard.current?.confirm(clientSecret);
      if (problem) {
        setFailure({ text: en.checkout.notCharged, detail: problem });
        return;
      }
      await done(await pay({ amount: paying, gateway_id: 'stripe', gateway_data: { payment_intent_id: intentId } }, newIdempotencyKey()));
    });
  const onConfirmAction = () => {
    const pending = action;
    if (!pending) return;
    setAction(null);
    void run(async () => {
      await confirmDemoIntent(pending.intentId);
      await done(await pay({ amount: pending.amount, gateway_id: 'demo', gateway_data: { payment_intent_id: pending.intentId } }, newIdempotencyKey()));
    });
  };

  return (
    <form className="checkout-form instalment-pay__form" onSubmit={submit} noValidate aria-describedby={failure ? `${id}-failure` : undefined} data-order={orderId}>
      {options.length > 1 && <PartialPayment id={id} amounts={{ due, outstanding }} value={{ choice, otherText }} money={money} onChoice={setChoice} onOther={setOtherText} />}
      <h2 className="checkout-form__heading">{instalmentTexts.paymentHeading}</h2>
      {giftCards.length > 0 && <AppliedGiftCards giftCards={giftCards} money={money} onRemove={(number) => setGiftCards((list) => list.filter((g) => g.number !== number))} />}
      {step.kind === 'gift_card' ? (
        <p className="notice notice--info">{format(en.checkout.giftCardWillPay, { amount: money(step.amount) })}</p>
      ) : (
      <PaymentMethods {...methodFields} />
      )}
      {autopayOffered && (
        <div className="field field--wide field--check">
          <label className="check">
            <input type="checkbox" checked={autopay} onChange={(e) => setAutopay(e.currentTarget.checked)} />
            <span>{instalmentTexts.autopay}</span>
          </label>
        </div>
      )}
      <button type="button" className="button button--secondary gift-card-open" onClick={() => setGiftOpen(true)} aria-haspopup="dialog">
        {en.checkout.giftCardOpen}
      </button>
      {failure && (
        <p id={`${id}-failure`} className="notice notice--error" role="alert">
          {failure.text}
          {failure.detail && <span className="muted"> {failure.detail}</span>}
        </p>
      )}
      <PayBar step={step} outstanding={outstanding} total={fromMinor(outstanding)} money={money} submitting={submitting} blocked={false} fee={fee} />
      <GiftCardModal
        open={giftOpen}
        applied={giftCards}
        onClose={() => setGiftOpen(false)}
        onApplied={(applied) => {
          setGiftCards((list) => [...list, applied]);
          setGiftOpen(false);
        }}
      />
      <ConfirmPaymentDialog open={action !== null} amount={action ? money(action.amount) : ''} onConfirm={onConfirmAction} onCancel={() => setAction(null)} />
    </form>
  );
}
