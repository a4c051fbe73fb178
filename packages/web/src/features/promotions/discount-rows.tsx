import { fromMinor, toMinor } from '@foyer/contracts/constants';
import type { TCart, TTicket } from '@foyer/contracts';
import { en } from '../../i18n/en.js';
import { discountsOf } from './model.js';

/** The cart's discounts in the totals (docs/promotions.md#cart-modifiers cart mods): one row per modifier, its name and what it took off. */
export function DiscountRows({ cart, total, money }: { cart: TCart; total: string; money: (amount: string) => string }) {
  const mods = discountsOf(cart);
  if (!mods.length) {
    return total === '0.00' ? null : (
      <div className="cart-totals__row cart-totals__row--discount">
        <dt>{en.cart.discounts}</dt>
        <dd>−{money(total.replace('-', ''))}</dd>
      </div>
    );
  }
  return (
    <>
      {mods.map((m) => (
        <div key={m.id} className="cart-totals__row cart-totals__row--discount" data-testid="cart-discount">
          <dt>{m.name}</dt>
          <dd>−{money(m.discount)}</dd>
        </div>
      ))}
    </>
  );
}

/** A line's price before its discount, struck through (the line shows what is charged). */
export function WasPrice({ tickets, charged, money }: { tickets: readonly TTicket[]; charged: string; money: (amount: string) => string }) {
  const face = fromMinor(tickets.reduce((n, t) => n + toMinor(t.face_value), 0));
  if (face === charged) return null;
  return (
    <s className="cart-line__was" aria-label={en.promo.wasPrice.replace('{price}', money(face))}>
      {money(face)}
    </s>
  );
}
