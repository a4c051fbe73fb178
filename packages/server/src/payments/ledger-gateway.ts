import type { Db } from '../db/database.js';
import { creditGiftCard, debitGiftCard, setPaymentReference } from './payments.repository.js';
import type { ChargeRequest, ChargeResult, PaymentGateway } from './gateway.js';
import { gatewayDataText } from './gateway-data-text.js';

/**
 * Gift cards (docs/payments.md#paying `ledger`): the balance is debited with one conditional update, so two
 * checkouts spending the same card can never take more than it holds.
 */
export function ledgerGateway(db: Db, sellerId: string): PaymentGateway {
  return {
    id: 'ledger',
    isCard: false,
    givesBackInterrupted: true,
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const number = gatewayDataText(request.data.number).trim().toUpperCase();
      if (!number || number.length > 70) return { status: 'failed', code: 'payment_failed', message: 'Enter the gift card number.' };
      const reference = `ledger_${number}`;
      // The debit and the card it came from commit together on the payment: a pay call cut off
      // after this leaves a trace the reconciler can give back (reconcile-checkouts.ts).
      const debited = await db.transaction().execute(async (tx) => {
        if (!(await debitGiftCard(tx, sellerId, number, request.amount))) return false;
        await setPaymentReference(tx, request.paymentId, reference);
        return true;
      });
      if (debited) return { status: 'succeeded', reference };
      return { status: 'failed', code: 'payment_failed', message: 'Gift Card balance is $0' };
    },
    async refund(payment) {
      const number = payment.reference?.replace(/^ledger_/, '');
      if (!number) return;
      await creditGiftCard(db, sellerId, number, payment.amount);
    },
  };
}
