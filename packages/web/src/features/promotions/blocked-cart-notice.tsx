import type { TCart } from '@foyer/contracts';
import { en } from '../../i18n/en.js';
import { blockingOf } from './model.js';

/** docs/promotions.md#applying-codes blocked cart: "A code is required to continue with your order." with the server's description. */
export function BlockedCartNotice({ cart, onEnterCode }: { cart: TCart; onEnterCode: () => void }) {
  const blocking = blockingOf(cart);
  if (!blocking) return null;
  return (
    <div className="notice notice--warning" role="alert" data-testid="blocked-cart">
      <p className="notice__title">{en.promo.codeRequired}</p>
      {blocking.description && <p>{blocking.description}</p>}
      <button type="button" className="button button--secondary" onClick={onEnterCode} aria-haspopup="dialog">
        {en.promo.enterCode}
      </button>
    </div>
  );
}
