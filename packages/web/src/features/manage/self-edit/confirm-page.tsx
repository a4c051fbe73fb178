import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useConfigEntries, useSeller } from '../../../config/use-config.js';
import { selfEditText } from '../../../i18n/en-self-edit.js';
import { formatMoney } from '../../../lib/money.js';
import { Skeleton } from '../../../ui/skeleton.js';
import { useDocumentTitle } from '../../../ui/use-document-title.js';
import { CheckoutForm, checkoutIdentityForm } from '../../checkout/public.js';
import { cartPayAmounts } from '../../../shared/payment/model.js';
import { paymentSettings } from '../../../shared/payment/payment-settings.js';
import { isApiError } from '../../../api/client.js';
import { PAY_FAILURE_STATE } from '../manage-return.js';
import { OrderLoadFailed } from '../order-load-errors.js';
import { instalmentPayPath } from '../instalments/instalment-plan.js';
import { changeCartQuery, changeCartStore, managePath } from './change-api.js';
import { useChangeCartExpiry } from './change-expiry.js';
import { TitledPage } from '../../../ui/titled-page.js';

/**
 * /manage/{orderId}/confirm (docs/after-sale.md#screens, docs/after-sale.md#how-a-change-works-server): the change costs more, so the difference is paid with the
 * checkout's own payment form — same gateways, same pay call and idempotency keys — for the change
 * cart; the order's buyer is known (no "your information"), so a method that needs the address
 * (Afterpay, Bacs; docs/payments.md#redirect-methods-afterpay--clearpay-and-bacs-direct-debit) asks only for that — offered here too, so a buyer who pays that way at
 * checkout can pay a change the same way. Success goes back to /manage/{orderId}, where the server
 * has sent the order-update e-mail with the change; Afterpay's return does too (manage-return.ts).
 * With no change in this tab, what is left to pay is the order's own plan (later instalments,
 * issue 13): the address goes on to /manage/{orderId}/pay, which collects it or says nothing is due.
 */
export function Component() {
  const { orderId = '' } = useParams();
  const seller = useSeller();
  const entries = useConfigEntries();
  const navigate = useNavigate();
  const client = useQueryClient();
  useDocumentTitle(selfEditText.confirmTitle);
  const cartId = changeCartStore.read(orderId);
  const change = useQuery(changeCartQuery(cartId));
  const cart = change.data?.cart._data.at(0);
  useChangeCartExpiry(orderId, change);
  const back = managePath(orderId);
  const failure = (useLocation().state as Record<string, { text: string; detail: string | null }> | null)?.[PAY_FAILURE_STATE] ?? null;
  const done = (kind: string) => {
    changeCartStore.clear(orderId);
    // The order changed: its cached reads (the manage page's) are stale.
    void client.invalidateQueries({ queryKey: ['ticket_order'] });
    void navigate(managePath(orderId, { changed: kind }), { replace: true });
  };

  if (!cartId) return <Navigate to={instalmentPayPath(orderId)} replace />;
  // docs/after-sale.md#errors Order management: a failure other than the change being gone.
  if (change.isError && !(isApiError(change.error) && change.error.status === 404)) return <OrderLoadFailed onRetry={() => void change.refetch()} />;
  return (
    <TitledPage className="manage confirm-changes" title={selfEditText.confirmTitle}>
      <p>
        <Link to={back}>{selfEditText.back}</Link>
      </p>
      {(change.isError && isApiError(change.error) && change.error.status === 404) || (cart && cart.state !== 'pending') ? (
        <p className="notice notice--warning">
          {selfEditText.nothingToPay} <Link to={back}>{selfEditText.restart}</Link>
        </p>
      ) : !cart ? (
        <Skeleton height={240} />
      ) : (
        <>
          <p className="muted">{selfEditText.confirmLead}</p>
          <CheckoutForm
            key={cart.id}
            cartId={cart.id}
            amounts={cartPayAmounts(cart)}
            stripeFee={cart.stripeFee}
            injected={false}
            currency={seller.currency}
            settings={paymentSettings(entries, seller.meta)}
            member={false}
            knownPurchaser
            addressLookup={false}
            identityForm={(method) => checkoutIdentityForm(entries, [], [], method)}
            initialFailure={failure}
            summary={<p className="panel">{formatMoney(cart.cart_fees.total_outstanding, seller.currency, { zeroAsFree: false })}</p>}
            onCompleted={() => done('rescheduled')}
            onPending={() => done('rescheduled')}
            onPartial={() => void change.refetch()}
            onExpired={() => void navigate(back, { replace: true })}
            onRefresh={() => void change.refetch()}
          />
        </>
      )}
    </TitledPage>
  );
}
