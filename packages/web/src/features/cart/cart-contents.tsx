// The cart's contents (docs/cart.md#screens): the countdown, items grouped by event and session, totals, promo codes and the actions.
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { toMinor } from '@foyer/contracts/constants';
import { errorMessage } from '../../api/client.js';
import { paths } from '../../lib/paths.js';
import { useSeller } from '../../config/use-config.js';
import { en } from '../../i18n/en.js';
import { formatMoney } from '../../lib/money.js';
import { Modal } from '../../ui/modal.js';
import { Skeleton } from '../../ui/skeleton.js';
import { trackRemoveFromCart } from '../../shared/analytics/track.js';
import { AppliedCodes, PromoPanel } from '../promotions/public.js';
import { useCart } from '../../shared/cart/cart-context.js';
import { RemoveConfirm, type RemovalAsked } from './cart-remove-confirm.js';
import { CartSections } from './cart-sections.js';
import { CartTimer } from './cart-timer.js';
import { CartTotals } from './cart-totals.js';
import { removalPlan, type CartLine } from '../../shared/cart/model.js';

export type CartVariant = 'sidebar' | 'drawer' | 'summary';

/**
 * The cart's contents: items grouped by event and session, totals, actions. At checkout the summary
 * gets the chosen payment method's fee (`methodFee`, as the server priced it): a fee row, and a total
 * that includes it — what the card is charged when paying it all (docs/payments.md "Payment-method fees").
 */
export function CartContents({ variant, onNavigate, headingLevel = 2, methodFee = null }: { variant: CartVariant; onNavigate?: () => void; headingLevel?: 2 | 3; methodFee?: string | null }) {
  const { view, loading, store } = useCart();
  const seller = useSeller();
  const location = useLocation();
  const [confirm, setConfirm] = useState<RemovalAsked | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (loading && !view) {
    return (
      <div aria-busy="true" aria-label={en.cart.loading}>
        <Skeleton height={20} width="60%" style={{ marginBottom: 12 }} />
        <Skeleton height={48} style={{ marginBottom: 8 }} />
        <Skeleton height={48} />
      </div>
    );
  }
  if (!view || view.ticketCount === 0) {
    return (
      <div className="cart-empty">
        <p className="cart-empty__title">{en.cart.empty}</p>
        {variant !== 'summary' && <p className="muted">{en.cart.emptyHint}</p>}
      </div>
    );
  }

  const fee = methodFee !== null && toMinor(methodFee) > 0 ? methodFee : null;
  const money = (amount: string) => formatMoney(amount, seller.currency, { zeroAsFree: false });
  const onCheckout = location.pathname.startsWith(paths.checkout);

  const askRemove = (line: CartLine) => {
    const plan = removalPlan(view, line.key);
    setError(null);
    if (plan) setConfirm({ line, plan });
  };

  const doRemove = async () => {
    if (!confirm) return;
    setRemoving(true);
    setError(null);
    try {
      if (confirm.plan.kind === 'delete_cart') await store.deleteAll();
      else await store.remove(confirm.plan.ticketIds);
      trackRemoveFromCart(view, confirm.plan.kind === 'delete_cart' ? null : confirm.plan.ticketIds, seller.currency);
      setConfirm(null);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <div className={`cart cart--${variant}`}>
      <CartTimer />
      <CartSections view={view} subHeading={headingLevel === 2 ? 'h3' : 'h4'} money={money} onRemove={askRemove} />
      {error && !confirm && (
        <p className="notice notice--error cart__error" role="alert">
          {error}
        </p>
      )}
      <CartTotals cart={view.cart} fee={fee} money={money} />
      {variant === 'summary' ? <AppliedCodes cart={view.cart} /> : <PromoPanel />}
      {variant !== 'summary' && (
        <div className="cart-actions">
          {!onCheckout && (
            <Link className="button cart-actions__proceed" to={paths.checkout} onClick={onNavigate}>
              {en.cart.proceed}
            </Link>
          )}
          {variant === 'drawer' && (
            <Link className="button button--secondary" to={paths.events} onClick={onNavigate}>
              {en.cart.moreEvents}
            </Link>
          )}
        </div>
      )}
      <Modal open={confirm !== null} title={en.cart.removeTitle} onClose={() => !removing && setConfirm(null)}>
        {confirm && <RemoveConfirm confirm={confirm} error={error} removing={removing} onCancel={() => setConfirm(null)} onConfirm={() => void doRemove()} />}
      </Modal>
    </div>
  );
}
