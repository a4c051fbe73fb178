import { CARD_MAX_MINOR, CARD_MIN_MINOR, CARD_MIN_MINOR_GBP, SELF_EDIT_TEXT, toMinor } from '@foyer/contracts/constants';
import { canCancelOrder, type SelfEditRules } from '@foyer/contracts/rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage, isApiError } from '../../../api/client.js';
import { NotFoundPage } from '../../../ui/not-found-page.js';
import { useSeller } from '../../../config/use-config.js';
import { en, format } from '../../../i18n/en.js';
import { selfEditText } from '../../../i18n/en-self-edit.js';
import { formatMoney } from '../../../lib/money.js';
import { OrderLoadFailed } from '../order-load-errors.js';
import { Skeleton } from '../../../ui/skeleton.js';
import { useOptionalAccount } from '../../account/public.js';
import { readOrders } from '../../../shared/orders/orders.js';
import { bySession } from '../cancellable.js';
import { LazyWalletButtons } from '../../wallet/public.js';
import { changeCartQuery, changeCartStore, confirmFreeChange, discardChange, editOrderQuery, confirmPath, managePath, modifyChange } from './change-api.js';
import { CHANGE_EXPIRED_STATE, useChangeCartExpiry } from './change-expiry.js';
import { Modal } from '../../../ui/modal.js';
import { editSession, SessionCard } from './edit-order-session-card.js';
import { AddedCard } from './edit-order-added-card.js';
import { TitledPage } from '../../../ui/titled-page.js';

/**
 * /manage/{id} in self-edit mode (docs/after-sale.md#screens Edit order, docs/after-sale.md#how-a-change-works-server, docs/after-sale.md#who-may-read-or-change-an-order): a card per session with its image,
 * date, time, ticket count and price; Cancel and Reschedule per the edit-order button rules,
 * Remove on free tickets; Redeemed / Cancelled / Past Event labels. Changes go to a change cart
 * (the server holds the new tickets before the old leave the order); a sticky footer discards or
 * confirms them — free, or paid on /manage/{id}/confirm. Logged-in members are asked to log out.
 */
export function EditOrder({ orderId, orderKey, rules }: { orderId: string; orderKey: string | null; rules: SelfEditRules }) {
  const seller = useSeller();
  const account = useOptionalAccount();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const order = useQuery(editOrderQuery(orderId, orderKey));
  const [cartId, setCartId] = useState(() => changeCartStore.read(orderId));
  const change = useQuery(changeCartQuery(cartId));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const done = search.get('changed');
  const location = useLocation();
  const expired = (location.state as Record<string, unknown> | null)?.[CHANGE_EXPIRED_STATE] === true;
  useChangeCartExpiry(orderId, change, () => setCartId(null));
  const view = useMemo(() => (order.data ? readOrders(order.data, [orderId], seller.timezone)[0] : undefined), [order.data, orderId, seller.timezone]);

  // A change cart that has gone (expired, confirmed elsewhere) is forgotten.
  const changeCart = change.data?.cart._data.at(0);
  const live = !!changeCart && changeCart.state === 'pending' && (changeCart.expires_in ?? 1) > 0;
  useEffect(() => {
    if (cartId && (change.isError || (changeCart && !live))) {
      changeCartStore.clear(orderId);
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the server's answer says the change cart has gone: forgotten here as in the stored one
      setCartId(null);
      void order.refetch();
    }
  }, [cartId, change.isError, changeCart, live, orderId, order]);
  // docs/after-sale.md#screens: unsaved changes (a change cart) warn on browser unload.
  useEffect(() => {
    if (!live) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- browsers before Chrome 119 show the leave prompt only when returnValue is set (MDN: beforeunload)
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [live]);

  if (order.isError && isApiError(order.error) && order.error.status === 404) return <NotFoundPage />;
  if (order.isError) return <OrderLoadFailed onRetry={() => void order.refetch()} />;
  if (!view) return <Skeleton height={160} />;

  const now = new Date();
  const member = !!account?.user;
  const sessions = bySession(view.tickets);
  const orderEventMetas = view.tickets.filter((t) => t.ticket.state === 'booked' || t.ticket.state === 'redeemed').map((t) => t.event?.meta);
  const editSessions = sessions.map((s) => editSession(s, orderEventMetas));
  const orderCancellable = !member && canCancelOrder(rules, editSessions, now);
  const outstanding = changeCart ? toMinor(changeCart.cart_fees.total_outstanding) : 0;
  const added = (change.data?.ticket._data ?? []).filter((t) => t.state === 'held');

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: ['ticket_order'] });
    await client.invalidateQueries({ queryKey: ['cart', 'detail'] });
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const remove = (ticketIds: string[]) =>
    run(async () => {
      await modifyChange(orderId, orderKey, ticketIds, []);
      setCartId(changeCartStore.read(orderId));
      await refresh();
    });
  const discard = () =>
    run(async () => {
      await discardChange(orderId);
      setCartId(null);
      await refresh();
    });
  const confirm = () =>
    run(async () => {
      if (!changeCart) return;
      const kind = added.length ? 'rescheduled' : 'cancelled';
      if (outstanding <= 0) {
        await confirmFreeChange(changeCart.id);
        changeCartStore.clear(orderId);
        setCartId(null);
        setSearch((prev) => ({ ...Object.fromEntries(prev), changed: kind }), { replace: true });
        await refresh();
        return;
      }
      const min = seller.currency === 'GBP' ? CARD_MIN_MINOR_GBP : CARD_MIN_MINOR;
      if (outstanding < min || outstanding > CARD_MAX_MINOR) {
        setFailure(SELF_EDIT_TEXT.paymentNotSupported);
        return;
      }
      void navigate(confirmPath(orderId));
    });

  return (
    <TitledPage className="manage edit-order" title={format(en.manage.heading, { number: view.order.order_number })}>
      <LazyWalletButtons orderId={view.order.id} manageKey={orderKey} />
      {done && (
        <p className="notice notice--info" role="status">
          {done === 'rescheduled' ? SELF_EDIT_TEXT.rescheduled : SELF_EDIT_TEXT.ticketCancelled}
        </p>
      )}
      {member && <p className="notice notice--warning">{SELF_EDIT_TEXT.logOut}</p>}
      <Modal open={expired} title={selfEditText.expiredTitle} onClose={() => void navigate(managePath(orderId), { replace: true })}>
        <div className="dialog-body" role="alert">
          <p>{selfEditText.expiredText}</p>
        </div>
        <div className="dialog-actions">
          <button type="button" className="button" data-autofocus onClick={() => void navigate(managePath(orderId), { replace: true })}>
            {selfEditText.startOver}
          </button>
        </div>
      </Modal>
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      <div className="manage__sessions">
        {sessions.map((s, i) => (
          <SessionCard
            key={s.key}
            session={s}
            edit={editSessions[i]}
            rules={rules}
            now={now}
            disabled={busy || member}
            currency={seller.currency}
            orderId={orderId}
            onRemove={(ids) => void remove(ids)}
          />
        ))}
        {added.length > 0 && change.data && <AddedCard tickets={added} doc={change.data} currency={seller.currency} timezone={seller.timezone} />}
      </div>
      {orderCancellable && !live && (
        <div className="manage__actions">
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void remove(view.tickets.filter((t) => t.ticket.state === 'booked').map((t) => t.ticket.id))}>
            {en.manage.cancelOrder}
          </button>
        </div>
      )}
      {live && (
        <div className="pay-bar edit-order__footer">
          <p className="pay-bar__total">
            {outstanding > 0 ? format(selfEditText.toPay, { amount: formatMoney(changeCart.cart_fees.total_outstanding, seller.currency, { zeroAsFree: false }) }) : outstanding < 0 ? format(selfEditText.toRefund, { amount: formatMoney(String(-outstanding / 100), seller.currency) }) : selfEditText.nothingToPay}
          </p>
          <div className="manage__actions">
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => void discard()}>
              {selfEditText.discard}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => void confirm()}>
              {selfEditText.confirm}
            </button>
          </div>
        </div>
      )}
    </TitledPage>
  );
}
