import { fromMinor, type TCart } from '@foyer/contracts';
import { readCartMods } from './reprice-cart.js';

/**
 * The cart's promotion fields on the wire (docs/promotions.md#cart-modifiers): what the modifiers took off its live tickets
 * (face − adjusted, minor units), its cart mods and codes.
 */
export function cartPromotionFields(cartmods: string, tickets: readonly { state: string; face_value: number; adjusted_value: number }[]) {
  const discount = tickets.reduce((sum, t) => (t.state === 'cancelled' ? sum : sum + t.face_value - t.adjusted_value), 0);
  const stored = readCartMods(cartmods);
  const wire: Pick<TCart, 'cartmods' | 'promo_codes'> = { cartmods: stored.mods.map((m) => ({ ...m, discount: fromMinor(m.discount) })), promo_codes: stored.codes };
  return { discount, wire };
}
