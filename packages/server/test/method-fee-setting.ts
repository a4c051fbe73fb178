import type { Db } from '../src/db/database.js';
import { uuidv7 } from '../src/ids.js';

/** Card: 0.30 + 2 %, under the configuration pmc_card_1 (docs/payments.md "Payment-method fees"). */
export const CARD_FEE = [{ pmc_id: 'pmc_card_1', payment_method: 'card', fixed: 30, percent: 2 }];

/** Stores payments.payment_method_fees for every seller (replacing any); the cleanup removes it. */
export async function setMethodFees(db: Db, fees: unknown): Promise<() => Promise<void>> {
  const clear = () => db.deleteFrom('config_entry').where('namespace', '=', 'payments').where('name', '=', 'payment_method_fees').execute();
  await clear();
  const sellers = await db.selectFrom('seller').select('id').execute();
  await db
    .insertInto('config_entry')
    .values(sellers.map((seller) => ({ id: uuidv7(), seller_id: seller.id, resource_id: seller.id, namespace: 'payments', name: 'payment_method_fees', value: JSON.stringify(fees) })))
    .execute();
  return async () => { await clear(); };
}
