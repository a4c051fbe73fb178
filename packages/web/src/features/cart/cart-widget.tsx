// The cart's places on the page (docs/cart.md#screens): the sidebar, the header button and its drawer, and the mobile footer.
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.js';
import { useSeller } from '../../config/use-config.js';
import { en, format } from '../../i18n/en.js';
import { formatMoney } from '../../lib/money.js';
import { CartIcon } from '../../ui/icons.js';
import { Modal } from '../../ui/modal.js';
import { useCart, useCartContext } from '../../shared/cart/cart-context.js';
import { CartContents } from './cart-contents.js';
import { badgeText } from '../../shared/cart/model.js';

/** The cart as a panel beside the page (desktop). */
export function CartSidebar() {
  const titleId = useId();
  const { view } = useCart();
  return (
    <section className="panel cart-sidebar" aria-labelledby={titleId}>
      <h2 id={titleId} className="cart-sidebar__title">
        <CartIcon />
        {en.cart.title}
        {view && view.ticketCount > 0 && <span className="cart-badge cart-badge--inline">{badgeText(view.ticketCount)}</span>}
      </h2>
      <CartContents variant="sidebar" headingLevel={2} />
    </section>
  );
}

/** Header cart button with the ticket count; opens the cart drawer (modal on desktop). */
export function CartButton() {
  const { view } = useCart();
  const { drawerOpen, openDrawer, closeDrawer } = useCartContext();
  const count = view?.ticketCount ?? 0;
  const name = count === 0 ? en.cart.open : count === 1 ? en.cart.openWithCountOne : format(en.cart.openWithCount, { count: badgeText(count) });
  return (
    <>
      <button type="button" className="cart-button" aria-haspopup="dialog" onClick={openDrawer} data-count={count}>
        <CartIcon />
        <span className="cart-button__text" aria-hidden="true">
          {en.cart.open}
        </span>
        {count > 0 && (
          <span className="cart-badge" aria-hidden="true">
            {badgeText(count)}
          </span>
        )}
        <span className="visually-hidden">{name}</span>
      </button>
      <CartDrawer open={drawerOpen} onClose={closeDrawer} />
    </>
  );
}

/** The mobile cart drawer (a modal on desktop); closes when the last ticket goes (docs/cart.md#holds-and-expiry). */
export function CartDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { view } = useCart();
  const count = view?.ticketCount ?? 0;
  const [hadTickets, setHadTickets] = useState(count > 0);
  useEffect(() => {
    if (!open) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- kept beside the close it decides, which calls the parent's onClose (not allowed during render)
    if (count > 0) setHadTickets(true);
    else if (hadTickets) {
      setHadTickets(false);
      onClose();
    }
  }, [open, count, hadTickets, onClose]);
  return (
    <Modal open={open} title={en.cart.title} onClose={onClose}>
      <CartContents variant="drawer" onNavigate={onClose} />
    </Modal>
  );
}

/**
 * The mobile cart footer (docs/events.md#upsells-and-add-ons mobile footer) under the upsell listing: the outstanding total,
 * a way into the cart drawer and on to checkout. Hidden where the sidebar shows.
 */
export function CartFooter() {
  const { view } = useCart();
  const { openDrawer } = useCartContext();
  const seller = useSeller();
  if (!view || view.ticketCount === 0) return null;
  const count = view.ticketCount === 1 ? en.quantities.ticketCountOne : format(en.quantities.ticketCount, { count: view.ticketCount });
  return (
    <div className="cart-footer">
      <button type="button" className="cart-footer__summary" onClick={openDrawer} aria-haspopup="dialog">
        <span className="reserve-bar__label">
          {count} · <span className="cart-footer__view">{en.cart.view}</span>
        </span>
        <span className="reserve-bar__amount">
          <span className="visually-hidden">{en.cart.total} </span>
          {formatMoney(view.cart.cart_fees.total_outstanding, seller.currency, { zeroAsFree: false })}
        </span>
      </button>
      <Link className="button cart-footer__proceed" to={paths.checkout}>
        {en.cart.proceedShort}
      </Link>
    </div>
  );
}
