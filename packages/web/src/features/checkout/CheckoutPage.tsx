import { Link } from 'react-router';
import { paths } from '../../app/paths.js';
import { en } from '../../i18n/en.js';
import { useDocumentTitle } from '../../ui/useDocumentTitle.js';
import { PlaceholderPage } from '../placeholders/PlaceholderPage.js';
import { useCart } from '../cart/CartContext.js';
import { CartContents } from '../cart/CartWidget.js';

/**
 * /checkout (placeholder until the checkout issue): the cart summary when a cart exists, the
 * empty-cart placeholder otherwise.
 */
export function Component() {
  const { view, loading } = useCart();
  useDocumentTitle(en.checkout.title);
  if (!loading && (!view || view.ticketCount === 0)) return <PlaceholderPage page="checkout" />;
  return (
    <section className="checkout" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        {en.checkout.title}
      </h1>
      <div className="checkout__layout">
        <section className="panel" aria-labelledby="summary-title">
          <h2 id="summary-title" className="section-title">
            {en.checkout.summary}
          </h2>
          <CartContents variant="summary" />
        </section>
        <div className="checkout__next">
          <p className="notice notice--info">{en.checkout.paymentSoon}</p>
          <Link className="button button--secondary" to={paths.events}>
            {en.cart.moreEvents}
          </Link>
        </div>
      </div>
    </section>
  );
}
