import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { errorMessage } from '../../api/client.js';
import { useConfigEntries, useSeller } from '../../config/use-config.js';
import { en, format } from '../../i18n/en.js';
import { formatOrderDateTime } from '../../lib/dates.js';
import { formatMoney } from '../../lib/money.js';
import { Modal } from '../../ui/modal.js';
import { Skeleton } from '../../ui/skeleton.js';
import { useDocumentTitle } from '../../ui/use-document-title.js';
import { readOrders } from '../../shared/orders/orders.js';
import { seatLabel } from '../../shared/events/seat-label.js';
import { cancelTickets, manageOrderQuery } from './api.js';
import { manageKeyStore } from './manage-key.js';
import { orderLoadError } from './order-load-errors.js';
import { instalmentView } from './instalments/instalment-plan.js';
import { InstalmentSummary } from './instalments/instalment-summary.js';
import { PAID_STATE } from './instalments/paid-state.js';
import { bySession, isCancellable, whyNotCancellable, type SessionTickets } from './cancellable.js';
import { LazyWalletButtons } from '../wallet/public.js';
import { instalmentTexts } from '../../shared/payment/instalment-texts.js';
import { changeCartStore, selfEditRules } from './self-edit/change-api.js';
import { EditOrder } from './self-edit/edit-order.js';
import { selfEditEligible } from '@foyer/contracts/rules';
import { TitledPage } from '../../ui/titled-page.js';

/**
 * /manage/{id} — cancel free order (docs/after-sale.md#cancelling-a-free-order): the order's tickets grouped by date and session
 * (collapsed when there is more than one), a checkbox per cancellable ticket, select all per
 * session, Cancel order and Cancel selected behind a confirmation; an order with tickets that are
 * not free says "You must contact us to cancel this order.". The buyer's own order only.
 */
export function Component() {
  return <ManageOrder />;
}

/** The order of the address's id; `notFound` replaces the 404 page (My Account says "Order not found"). */
export function ManageOrder({ notFound }: { notFound?: ReactNode }) {
  const { id = '' } = useParams();
  // The key the e-mail's manage link opened this order with, kept in the tab (manage-key.ts).
  const key = manageKeyStore.read(id);
  const seller = useSeller();
  const rules = selfEditRules(useConfigEntries());
  const client = useQueryClient();
  useDocumentTitle(en.manage.title);
  const query = useQuery(manageOrderQuery(id, key));
  const view = useMemo(() => (query.data ? readOrders(query.data, [id], seller.timezone)[0] : undefined), [query.data, id, seller.timezone]);
  // What an order on a payment plan still owes, and the message after paying it (features/manage/instalments).
  const instalments = useMemo(() => (query.data ? instalmentView(query.data, id) : null), [query.data, id]);
  const paidNotice = (useLocation().state as Record<string, string> | null)?.[PAID_STATE] ?? null;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (query.isError) return orderLoadError(query, notFound);
  if (!view) return <ManageSkeleton />;
  // docs/after-sale.md#screens: self-edit mode (web.self_edit_rules and an eligible ticket) shows the edit-order screen.
  const editable = rules && view.tickets.some((t) => selfEditEligible(rules, { handler: t.ticket.handler, category: t.event?.category ?? null, ticket_order_id: t.ticket.ticket_order_id }, view.order.id));
  if (rules && (editable || changeCartStore.read(id))) return <EditOrder orderId={id} orderKey={key} rules={rules} />;

  const now = new Date();
  const sessions = bySession(view.tickets);
  const cancellable = view.tickets.filter((t) => isCancellable(t, now)).map((t) => t.ticket.id);
  const notFree = view.tickets.some((t) => Number(t.ticket.adjusted_value) !== 0);
  const toggle = (ids: string[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const ticketId of ids) if (on) next.add(ticketId);
      else next.delete(ticketId);
      return next;
    });

  const run = async (ticketIds: string[]) => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await cancelTickets(id, key, ticketIds);
      setNotice(format(en.manage.cancelled, { n: answer.cancelled }));
      setSelected(new Set());
      await client.invalidateQueries({ queryKey: ['ticket_order'] });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  return (
    <TitledPage className="manage" title={format(en.manage.heading, { number: view.order.order_number })}>
      <LazyWalletButtons orderId={view.order.id} manageKey={key} />
      {paidNotice && (
        <p className="notice notice--info" role="status">
          {format(instalmentTexts.paid, { amount: formatMoney(paidNotice, seller.currency, { zeroAsFree: false }) })}
        </p>
      )}
      {instalments && <InstalmentSummary view={instalments} orderId={id} currency={seller.currency} />}
      {notice && (
        <p className="notice notice--info" role="status">
          {notice}
        </p>
      )}
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      {notFree ? (
        <p className="notice notice--warning">{en.manage.contactUs}</p>
      ) : (
        !view.tickets.length && <p className="muted">{en.manage.nothingLeft}</p>
      )}
      <div className="manage__sessions">
        {sessions.map((s) => (
          <SessionCard key={s.key} session={s} open={sessions.length === 1} cancellable={cancellable} selected={selected} onToggle={toggle} disabled={notFree || busy} now={now} />
        ))}
      </div>
      {!notFree && cancellable.length > 0 && (
        <div className="manage__actions">
          <button type="button" className="button button--secondary" disabled={busy || !selected.size} onClick={() => setConfirm([...selected])}>
            {format(en.manage.cancelSelected, { n: selected.size })}
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => setConfirm(cancellable)}>
            {en.manage.cancelOrder}
          </button>
        </div>
      )}
      <Modal open={confirm !== null} title={en.manage.confirmTitle} onClose={() => setConfirm(null)}>
        <div className="dialog-body">
          <p>{format(en.manage.confirmText, { n: confirm?.length ?? 0 })}</p>
          <div className="dialog-actions">
            <button type="button" className="button button--secondary" onClick={() => setConfirm(null)}>
              {en.manage.keep}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => confirm && void run(confirm)}>
              {busy ? en.manage.cancelling : en.manage.confirmCancel}
            </button>
          </div>
        </div>
      </Modal>
    </TitledPage>
  );
}

function SessionCard(props: { session: SessionTickets; open: boolean; cancellable: string[]; selected: Set<string>; onToggle: (ids: string[], on: boolean) => void; disabled: boolean; now: Date }) {
  const { session: s } = props;
  const mine = s.tickets.map((t) => t.ticket.id).filter((ticketId) => props.cancellable.includes(ticketId));
  const all = mine.length > 0 && mine.every((ticketId) => props.selected.has(ticketId));
  const when = s.start ? formatOrderDateTime(s.start, s.timezone) : null;
  return (
    <details className="panel manage__session" open={props.open}>
      <summary>
        <span className="manage__session-title">{s.title}</span>
        {when && <span className="muted"> · {when}</span>}
        <span className="muted"> · {format(en.manage.ticketCount, { n: s.tickets.length })}</span>
      </summary>
      {mine.length > 0 && (
        <label className="manage__select-all">
          <input type="checkbox" checked={all} disabled={props.disabled} onChange={(e) => props.onToggle(mine, e.target.checked)} />
          {format(en.manage.selectAll, { session: [s.title, when].filter(Boolean).join(', ') })}
        </label>
      )}
      <ul className="manage__tickets">
        {s.tickets.map((t) => {
          const can = props.cancellable.includes(t.ticket.id);
          const label = [t.type?.name, t.seat ? seatLabel(t.seat) : null, t.ticket.scan_code].filter(Boolean).join(' · ');
          return (
            <li key={t.ticket.id}>
              {can ? (
                <label>
                  <input type="checkbox" checked={props.selected.has(t.ticket.id)} disabled={props.disabled} onChange={(e) => props.onToggle([t.ticket.id], e.target.checked)} />
                  {label}
                </label>
              ) : (
                <span>
                  {label} <span className="muted">({whyNotCancellable(t, props.now)})</span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}

function ManageSkeleton() {
  return (
    <div aria-busy="true" aria-label={en.manage.loading}>
      <Skeleton width="50%" height="2rem" style={{ marginBottom: 16 }} />
      <Skeleton height={120} />
    </div>
  );
}
