// A manage-order payment back from the provider's page (docs/after-sale.md#screens, docs/after-sale.md#how-a-change-works-server): where the buyer lands.
import { changeCartStore, confirmPath, managePath } from './self-edit/change-api.js';

/** The state /manage/{orderId}/confirm is given when the payment did not go through: the form shows why. */
export const PAY_FAILURE_STATE = 'payFailure';

/**
 * Where the return goes: paid (or a debit clearing) → the order, with "changes saved" when it paid
 * this tab's change to the order; expired → the order; refused or partly paid → back to paying the
 * change. The return address the provider is given never carries the manage link's key (it would
 * sit in their logs): the order's page finds it in this tab's store (manage-key.ts).
 */
export function manageReturnPath(orderId: string, cartId: string, outcome: 'done' | 'expired' | 'again'): string {
  const change = changeCartStore.read(orderId) === cartId;
  if (outcome === 'again') return confirmPath(orderId);
  if (outcome === 'done' && change) changeCartStore.clear(orderId);
  return managePath(orderId, outcome === 'done' && change ? { changed: 'rescheduled' } : {});
}
