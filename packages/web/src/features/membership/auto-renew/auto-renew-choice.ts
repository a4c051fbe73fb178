import { ASK_TO_AUTORENEW_PROMPT, CONFIG } from '@foyer/contracts/constants';
import { configValue } from '../../../config/config.js';
import { useAppConfig } from '../../../config/use-config.js';
import { cartTabState } from '../../../lib/cart-tab-state.js';

/** docs/memberships.md#8-auto-renew local state `autoRenewMembership`: the buyer asked to renew automatically (sent with the card payment). */
const autoRenew = cartTabState<boolean>('foyer.auto_renew');
export const saveAutoRenew = autoRenew.save;
export const readAutoRenew = (cartId: string | null) => autoRenew.read(cartId) === true;
export const clearAutoRenew = autoRenew.clear;

/** docs/memberships.md#8-auto-renew `ask_to_autorenew` = "prompt": the membership form offers auto-renew, My Account shows it. */
export function useAskToAutorenew(): boolean {
  const config = useAppConfig();
  return configValue(CONFIG.askToAutorenew, config.entries) === ASK_TO_AUTORENEW_PROMPT;
}
