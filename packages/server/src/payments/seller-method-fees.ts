import { PAYMENT_CONFIG } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { sellerConfigValue } from '../config/public.js';
import { methodFeesOf, type MethodFee } from './method-fees.js';

/** The seller's payments.payment_method_fees (docs/payments.md "Payment-method fees"); none when unset. */
export async function sellerMethodFees(tx: Tx, sellerId: string): Promise<MethodFee[]> {
  const { namespace, name } = PAYMENT_CONFIG.paymentMethodFees;
  return methodFeesOf(await sellerConfigValue(tx, sellerId, namespace, name).catch(() => undefined));
}
