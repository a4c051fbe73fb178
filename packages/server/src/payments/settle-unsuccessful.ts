import type { Tx } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import type { ChargeResult } from './gateway.js';
import { updateOpenPayment } from './payments.repository.js';
import type { PayOutcome } from './settle-payment.js';

/**
 * A gateway answer that is not a success, recorded on a payment still open (only the first answer
 * counts): `release` frees what the attempt claimed (the cart, or the order of an instalment) and
 * `settled` answers when another answer came first. A success is the caller's to book.
 */
export async function settleUnsuccessful(
  tx: Tx,
  paymentId: string,
  result: Exclude<ChargeResult, { status: 'succeeded' }>,
  on: { release: () => Promise<void>; settled: () => Promise<PayOutcome | AppError> },
): Promise<PayOutcome | AppError> {
  switch (result.status) {
    case 'unknown':
      // Money may have moved: the claim stays until the webhook or reconciler knows.
      return new AppError(409, 'intent_processing', 'Your payment is being processed. Please wait a moment.', 'payment', { payment_id: paymentId });
    case 'processing':
      await updateOpenPayment(tx, paymentId, { status: 'processing', reference: result.reference });
      return { outcome: 'pending' };
    case 'failed':
      if (!(await updateOpenPayment(tx, paymentId, { status: 'failed', error_code: result.code }))) return on.settled();
      await on.release();
      return new AppError(402, result.code, result.message, 'payment', { payment_id: paymentId });
    case 'requires_action':
      if (!(await updateOpenPayment(tx, paymentId, { status: 'requires_action', reference: result.reference }))) return on.settled();
      await on.release();
      return new AppError(402, 'intent_requires_action', 'Your bank asks you to confirm this payment.', 'payment', {
        payment_id: paymentId,
        payment_intent_id: result.reference,
        payment_intent_client_secret: result.clientSecret,
        // A method that redirects (afterpay_clearpay): the page sends the buyer there.
        ...(result.redirectUrl ? { redirect_url: result.redirectUrl } : {}),
      });
  }
}
