import { Link } from 'react-router';
import { en } from '../../i18n/en.js';
import { ManageOrder } from './manage-page.js';
import { NotFoundPage } from '../../ui/not-found-page.js';
import { useConfigEntries } from '../../config/use-config.js';
import { myAccountPages } from '../../config/my-account-pages.js';

/** My Account order detail (/my/orders/{id}, docs/after-sale.md#screens): the order as its manage page shows it; "Order not found". Not found when the seller's My Account has no recent orders. */
export function Component() {
  const shown = myAccountPages(useConfigEntries()).includes('recent_orders');
  if (!shown) return <NotFoundPage />;
  return (
    <ManageOrder
      notFound={
        <section className="manage" aria-labelledby="page-title">
          <h1 id="page-title" className="page-title">
            {en.manage.title}
          </h1>
          <div className="panel">
            <p>{en.myAccount.orderNotFound}</p>
            <Link to="/my/orders">{en.myAccount.recent_orders}</Link>
          </div>
        </section>
      }
    />
  );
}
