// The cart's totals (docs/cart.md#screens): subtotal, fees, discounts, what is paid, a payment method's fee, and the total or what is left to pay.
import type { TCart } from '@foyer/contracts';
import { fromMinor, toMinor } from '@foyer/contracts/constants';
import { en } from '../../i18n/en.js';
import { DiscountRows } from '../promotions/public.js';
import { cartTotals } from '../../shared/cart/model.js';

/** `fee`: the chosen payment method's fee at checkout, over zero (docs/payments.md "Payment-method fees"), or null. */
export function CartTotals({ cart, fee, money }: { cart: TCart; fee: string | null; money: (amount: string) => string }) {
  const totals = cartTotals(cart);
  return (
    <dl className="cart-totals">
      {(totals.fees !== '0.00' || totals.discounts !== '0.00' || totals.payments !== '0.00' || fee !== null) && (
        <>
          <div className="cart-totals__row">
            <dt>{en.cart.subtotal}</dt>
            <dd>{money(totals.subtotal)}</dd>
          </div>
          {totals.fees !== '0.00' && (
            <div className="cart-totals__row">
              <dt>{en.cart.fees}</dt>
              <dd>{money(totals.fees)}</dd>
            </div>
          )}
          <DiscountRows cart={cart} total={totals.discounts} money={money} />
          {totals.payments !== '0.00' && (
            <div className="cart-totals__row">
              <dt>{en.cart.paid}</dt>
              <dd data-testid="cart-paid">−{money(totals.payments)}</dd>
            </div>
          )}
          {fee !== null && (
            <div className="cart-totals__row">
              <dt>{en.cart.paymentFee}</dt>
              <dd data-testid="cart-method-fee">{money(fee)}</dd>
            </div>
          )}
        </>
      )}
      <div className="cart-totals__row cart-totals__row--total">
        <dt>{totals.payments !== '0.00' ? en.cart.leftToPay : en.cart.total}</dt>
        <dd data-testid="cart-total">{money(fee === null ? totals.outstanding : fromMinor(toMinor(totals.outstanding) + toMinor(fee)))}</dd>
      </div>
    </dl>
  );
}
