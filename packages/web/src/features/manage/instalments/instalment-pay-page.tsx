import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useConfigEntries, useSeller } from '../../../config/use-config.js';
import { en, format } from '../../../i18n/en.js';
import { Skeleton } from '../../../ui/skeleton.js';
import { useDocumentTitle } from '../../../ui/use-document-title.js';
import { paymentSettings } from '../../../shared/payment/payment-settings.js';
import { manageOrderQuery } from '../api.js';
import { manageKeyStore } from '../manage-key.js';
import { orderLoadError } from '../order-load-errors.js';
import { managePath } from '../self-edit/change-api.js';
import { instalmentView } from './instalment-plan.js';
import { InstalmentPayForm } from './instalment-pay-form.js';
import { instalmentTexts } from '../../../shared/payment/instalment-texts.js';

// The staff desk takes a dearer move's difference with the checkout's own Stripe card field, loaded
// through this route's chunk (which holds it already), so no storefront chunk is split for it
// (docs/box-office.md#move).
export { StripeCardField } from '../../../shared/payment/stripe-card-field.js';
export { paymentSettings } from '../../../shared/payment/payment-settings.js';

/**
 * /manage/{orderId}/pay — pays what a booked order on a payment plan still owes (docs/after-sale.md#how-a-change-works-server
 * manage-order payments) with checkout's own payment parts: the partial-payment choice (due,
 * outstanding, other), the methods (card — test cards or Stripe — and the browser's wallet, the
 * default when there is one), gift cards and the pay bar. The order's cart is
 * paid (POST cart/{id}/pay with the manage link's key); on success back to /manage/{orderId}
 * with a message (the server e-mails the receipt).
 */
export function Component() {
  const { orderId = '' } = useParams();
  const key = manageKeyStore.read(orderId);
  const seller = useSeller();
  const settings = paymentSettings(useConfigEntries(), seller.meta);
  useDocumentTitle(instalmentTexts.payTitle);
  const query = useQuery(manageOrderQuery(orderId, key));
  const view = useMemo(() => (query.data ? instalmentView(query.data, orderId) : null), [query.data, orderId]);
  const order = query.data?.ticket_order._data.find((o) => o.id === orderId);

  if (query.isError) return orderLoadError(query);
  if (!query.data) {
    return (
      <div aria-busy="true" aria-label={en.manage.loading}>
        <Skeleton width="50%" height="2rem" style={{ marginBottom: 16 }} />
        <Skeleton height={200} />
      </div>
    );
  }
  const back = managePath(orderId);
  return (
    <section className="manage instalment-pay" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        {order ? format(instalmentTexts.payHeading, { number: order.order_number }) : instalmentTexts.payTitle}
      </h1>
      {view && order ? (
        <InstalmentPayForm cartId={order.cart_id} orderId={orderId} orderKey={key} due={view.due} outstanding={view.outstanding} laterDates={view.plan.some((p) => p.status === 'scheduled')} stripeFee={order.stripeFee} currency={seller.currency} settings={settings} back={back} />
      ) : (
        <div className="panel">
          <p>{instalmentTexts.nothingToPay}</p>
          <Link to={back}>{instalmentTexts.backToOrder}</Link>
        </div>
      )}
    </section>
  );
}
