import { Link } from 'react-router';
import { en } from '../../i18n/en.js';
import { ManageOrder } from './manage-page.js';

/** My Account order detail (/my/orders/{id}, 001 §2): the order as its manage page shows it; "Order not found". */
export function Component() {
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
