// A manage-order payment back from the provider's page (001 §2, §4): where the buyer lands, with the manage link's key.
import { changeCartStore, confirmPath, managePath } from './self-edit/change-api.js';

/**
 * The manage link's key, kept in this tab while the buyer is at a payment provider: the return
 * address the provider is given never carries it (it would sit in their logs), and the return needs
 * it to open /manage/{orderId} again. sessionStorage: this tab only, gone with it; never logged.
 */
const storeKey = (orderId: string) => `foyer.manage-key.${orderId}`;
export const manageKeyStore = {
  read: (orderId: string): string | null => sessionStorage.getItem(storeKey(orderId)),
  write: (orderId: string, key: string) => sessionStorage.setItem(storeKey(orderId), key),
  clear: (orderId: string) => sessionStorage.removeItem(storeKey(orderId)),
};

/** The state /manage/{orderId}/confirm is given when the payment did not go through: the form shows why. */
export const PAY_FAILURE_STATE = 'payFailure';

/**
 * Where the return goes: paid (or a debit clearing) → the order, with "changes saved" when it paid
 * this tab's change to the order; expired → the order; refused or partly paid → back to paying the
 * change. The key comes from this tab's store.
 */
export function manageReturnPath(orderId: string, cartId: string, outcome: 'done' | 'expired' | 'again'): string {
  const key = manageKeyStore.read(orderId);
  const change = changeCartStore.read(orderId) === cartId;
  if (outcome === 'again') return confirmPath(orderId, key);
  manageKeyStore.clear(orderId);
  if (outcome === 'done' && change) changeCartStore.clear(orderId);
  return managePath(orderId, key, outcome === 'done' && change ? { changed: 'rescheduled' } : {});
}
