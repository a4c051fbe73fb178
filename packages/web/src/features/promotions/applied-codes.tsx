import { useState } from 'react';
import type { TCart } from '@foyer/contracts';
import { en, format } from '../../i18n/en.js';
import { useCart } from '../../shared/cart/cart-context.js';
import { applyCode } from './api.js';
import { promoErrorText } from './model.js';

/**
 * The codes on the cart: the buyer's, each with a remove button (the use goes back to the code);
 * the seller's default code (docs/promotions.md#the-storefront) marked as applied automatically; a code that tickets of a
 * code-required group need (`required`, docs/promotions.md#applying-codes) marked as such, without a remove button (the server
 * refuses it).
 */
export function AppliedCodes({ cart }: { cart: TCart }) {
  const { store } = useCart();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const codes = cart.promo_codes ?? [];
  if (!codes.length) return null;

  const remove = async (code: string) => {
    setBusy(code);
    setError(null);
    try {
      store.accept(await applyCode(cart.id, code, { remove: true }));
    } catch (e) {
      setError(promoErrorText(e, code));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="promo-codes">
      <ul className="promo-codes__list" aria-label={en.promo.appliedList}>
        {codes.map((c) => (
          <li key={c.code} className="promo-codes__item">
            <span className="promo-chip">{c.code}</span>
            {c.phase === 'default' || c.required ? (
              <span className="muted">{c.required ? en.promo.needed : en.promo.automatic}</span>
            ) : (
              <button type="button" className="button button--link" disabled={busy !== null} aria-label={format(en.promo.removeLabel, { code: c.code })} onClick={() => void remove(c.code)}>
                {en.promo.remove}
              </button>
            )}
          </li>
        ))}
      </ul>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
