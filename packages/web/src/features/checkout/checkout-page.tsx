// The /checkout route: picks the cart (or sends the buyer elsewhere) and composes the form around it.
import { useRef } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { paths } from '../../lib/paths.js';
import { useConfigEntries, useSeller } from '../../config/use-config.js';
import { en } from '../../i18n/en.js';
import { useDocumentTitle } from '../../ui/use-document-title.js';
import { completePath, useCart } from '../../shared/cart/cart-context.js';
import { CartContents, CartTimer } from '../cart/public.js';
import { useOptionalAccount } from '../account/public.js';
import { CheckoutForm } from './checkout-form.js';
import { CheckoutSkeleton } from './checkout-skeleton.js';
import { paymentSettings } from '../../shared/payment/payment-settings.js';
import { isInjectedCart } from '../../shared/cart/model.js';
import { cartPayAmounts } from '../../shared/payment/model.js';
import { useAdoptCartFromPath } from './use-adopt-cart-from-path.js';
import { addressLookupConfigured, checkoutIdentityForm } from './identity-form-model.js';
import { listOf } from '../../api/document.js';
import { useRedirectReturn } from './redirect-return.js';

/**
 * /checkout and /checkout/{cartId} (docs/checkout.md#your-information): your information, payment (accordion), terms,
 * the cart summary and a sticky footer with the total to pay and the pay button.
 */
export function Component() {
  const { cartId: cartIdParam } = useParams();
  const { view, loading, cartId, doc, store, completedOrderId } = useCart();
  const navigate = useNavigate();
  const seller = useSeller();
  const entries = useConfigEntries();
  const settings = paymentSettings(entries, seller.meta);
  const account = useOptionalAccount();
  const member = account?.user ?? null;
  useDocumentTitle(en.checkout.title);
  const adopting = useAdoptCartFromPath(cartIdParam);
  const completing = useRef(false);
  // Back from a payment redirect (docs/checkout.md#screens): finished through the server before anything else shows.
  const redirectReturn = useRedirectReturn({
    onCompleted: (path) => {
      completing.current = true;
      void navigate(path, { replace: true });
      store.clear();
    },
    onPending: (id) => {
      completing.current = true;
      void navigate(`/checkout/pending/${encodeURIComponent(id)}`, { replace: true });
      store.clear();
    },
    onExpired: () => store.expire(),
    onRefresh: () => void store.refresh(),
  });

  // While a logged-in visitor's account loads, nothing is shown: a member never sees the guest's form flash by.
  const reading = redirectReturn.finishing || adopting || !!account?.loading || (cartId !== null && doc === null && (loading || !view));
  // docs/checkout.md#screens: a member without a real e-mail address sets one first (a 'no-email+' placeholder).
  if (member && (member.needs_email || !member.email || member.email.startsWith('no-email+'))) return <Navigate to="/user/set-email-address" replace />;
  // The stored cart turned out to be an order already (docs/checkout.md#screens): its complete page.
  // completing is a ref, not state: it must hold in the very render the cleared cart causes (a store update, synchronous), before the navigation lands.
  // eslint-disable-next-line react-hooks/refs -- set by the paid handlers just before they clear the cart; state would lag that store update
  if (!completing.current && completedOrderId && !cartId) return <Navigate to={completePath([completedOrderId])} replace />;
  // eslint-disable-next-line react-hooks/refs -- as above
  if (!completing.current && !reading && (!cartId || !view || view.ticketCount === 0)) return <Navigate to={paths.home} replace />;

  return (
    <section className="checkout" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        {en.checkout.title}
      </h1>
      {/* Phones: the hold's countdown above the form (the summary with its own timer is further down). */}
      <div className="checkout__timer">
        <CartTimer />
      </div>
      {redirectReturn.finishing ? (
        <p className="notice notice--info" role="status" data-testid="payment-return">
          {en.payRedirect.finishing}
        </p>
      ) : reading || !view ? (
        <CheckoutSkeleton />
      ) : (
        <CheckoutForm
          key={view.cart.id}
          cartId={view.cart.id}
          keptGiftCards={view.cart.giftCards}
          amounts={cartPayAmounts(view.cart)}
          stripeFee={view.cart.stripeFee}
          injected={isInjectedCart(view.cart)}
          currency={seller.currency}
          settings={settings}
          initialFailure={redirectReturn.failure}
          member={member !== null}
          addressLookup={addressLookupConfigured(entries)}
          identityForm={(method) => checkoutIdentityForm(entries, listOf(doc ?? undefined, 'event_template'), listOf(doc ?? undefined, 'ticket_group'), method)}
          summary={(methodFee) => <CartContents variant="summary" methodFee={methodFee} />}
          onCompleted={(orderIds) => {
            completing.current = true;
            void navigate(completePath(orderIds), { replace: true });
            store.clear();
          }}
          onPending={() => {
            completing.current = true;
            void navigate(`/checkout/pending/${encodeURIComponent(view.cart.id)}`, { replace: true });
            store.clear();
          }}
          onPartial={(result) => store.accept(result)}
          onExpired={() => store.expire()}
          onRefresh={() => void store.refresh()}
        />
      )}
    </section>
  );
}
