import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminOrderDetail } from '@foyer/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { adminText as t, fill } from '../../i18n/en-admin.js';
import { orderQuery, resendOrder } from './admin-api.js';
import { DataTable } from './data-table.js';
import { dateTime } from './format.js';
import { RefundDialog } from './refund-dialog.js';
import { MoveDialog } from './move-dialog.js';
import { isRenameable, TicketNameDialog, ticketLabel } from './ticket-name-dialog.js';

type Detail = TAdminOrderDetail;
type Ticket = Detail['tickets'][number];

/** The order page (docs/box-office.md): tickets, money, changes, e-mails and a timeline; refund, resend, attendee names. */
export function Component() {
  const { id = '' } = useParams();
  const client = useQueryClient();
  const order = useQuery(orderQuery(id));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [refund, setRefund] = useState<'selected' | 'whole' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [naming, setNaming] = useState<Ticket | null>(null);
  const [moving, setMoving] = useState<Ticket[] | null>(null);
  if (order.isPending) return <p>{t.loading}</p>;
  if (order.isError) return <p role="alert">{fill(t.error, { message: order.error.message })}</p>;
  const o = order.data;
  const toggle = (ticketId: string) => setSelected((now) => (now.has(ticketId) ? new Set([...now].filter((x) => x !== ticketId)) : new Set([...now, ticketId])));
  const chosen = o.tickets.filter((x) => selected.has(x.id));
  const refresh = () => client.invalidateQueries({ queryKey: ['admin_order'] });
  return (
    <>
      <p>
        <Link to="/admin">{t.order.back}</Link>
      </p>
      <h1>{fill(t.order.title, { number: o.admin_order.order_number })}</h1>
      {message && (
        <p className="notice" role="status">
          {message}
        </p>
      )}
      <section aria-labelledby="order-summary" className="admin-summary">
        <h2 id="order-summary">{t.order.summary}</h2>
        <dl>
          <dt>{t.order.buyer}</dt>
          <dd>{[o.admin_order.name, o.admin_order.email, o.admin_order.phone].filter(Boolean).join(' · ') || '—'}</dd>
          <dt>{t.order.total}</dt>
          <dd>{o.admin_order.total}</dd>
          <dt>{t.order.paid}</dt>
          <dd>{o.admin_order.paid}</dd>
          <dt>{t.order.refunded}</dt>
          <dd>{o.admin_order.refunded}</dd>
          <dt>{t.order.refundable}</dt>
          <dd>{o.admin_order.refundable}</dd>
          <dt>{t.order.terms}</dt>
          <dd>{o.admin_order.terms_accepted_at ? fill(t.order.termsAccepted, { when: dateTime(o.admin_order.terms_accepted_at), hash: o.admin_order.terms_hash?.slice(0, 12) ?? '' }) : t.order.termsNone}</dd>
        </dl>
        <div className="admin-actions">
          <button type="button" className="button" disabled={!chosen.length} onClick={() => setRefund('selected')}>
            {t.order.refundSelected}
          </button>
          <button type="button" className="button button--secondary" disabled={!chosen.length} onClick={() => setMoving(chosen)}>
            {t.move.open}
          </button>
          <button type="button" className="button button--secondary" disabled={o.admin_order.refundable === '0.00' && !o.tickets.some((x) => x.state === 'booked')} onClick={() => setRefund('whole')}>
            {t.order.refundAll}
          </button>
          <button type="button" className="button button--secondary" onClick={() => void resendOrder(id).then((r) => setMessage(fill(t.order.resent, { email: r.sent_to })), (e: unknown) => setMessage(e instanceof Error ? e.message : String(e)))}>
            {t.order.resend}
          </button>
        </div>
      </section>
      <DataTable<Ticket>
        caption={t.order.tickets}
        rows={o.tickets}
        rowKey={(x) => x.id}
        columns={[
          {
            key: 'select',
            label: t.order.columns.ticket,
            cell: (x) => <input type="checkbox" checked={selected.has(x.id)} disabled={x.state !== 'booked'} onChange={() => toggle(x.id)} aria-label={fill(t.order.select, { name: ticketLabel(x) })} />,
          },
          { key: 'event', label: t.order.columns.event, cell: (x) => `${x.event_name} — ${x.ticket_type_name}`, sortValue: (x) => x.event_name },
          { key: 'session', label: t.order.columns.session, cell: (x) => dateTime(x.session_start), sortValue: (x) => x.session_start ?? '' },
          { key: 'seat', label: t.order.columns.seat, cell: (x) => x.seat ?? '—' },
          { key: 'scan', label: t.order.columns.scanCode, cell: (x) => <code>{x.scan_code}</code> },
          {
            key: 'name',
            label: t.order.columns.name,
            cell: (x) => (
              <span className="admin-name">
                {x.admit_name ?? '—'}
                {isRenameable(x) && (
                  <button type="button" className="button button--secondary" aria-label={fill(t.ticketName.editLabel, { ticket: ticketLabel(x) })} onClick={() => setNaming(x)}>
                    {t.ticketName.edit}
                  </button>
                )}
              </span>
            ),
            sortValue: (x) => x.admit_name ?? '',
          },
          { key: 'value', label: t.order.columns.value, cell: (x) => x.value, numeric: true, sortValue: (x) => Number(x.value) },
          { key: 'state', label: t.order.columns.state, cell: (x) => x.state, sortValue: (x) => x.state },
        ]}
      />
      <DataTable<Detail['payments'][number]>
        caption={t.order.payments}
        rows={o.payments}
        rowKey={(x) => x.id}
        columns={[
          { key: 'when', label: t.order.columns.when, cell: (x) => dateTime(x.created_at), sortValue: (x) => x.created_at },
          { key: 'kind', label: t.order.columns.kind, cell: (x) => x.kind, sortValue: (x) => x.kind },
          { key: 'gateway', label: t.order.columns.gateway, cell: (x) => x.gateway_id },
          { key: 'card', label: t.order.columns.card, cell: (x) => (x.card_last4 ? fill(t.order.cardEnding, { last4: x.card_last4 }) : '—') },
          { key: 'amount', label: t.order.columns.amount, cell: (x) => x.amount, numeric: true, sortValue: (x) => Number(x.amount) },
          { key: 'status', label: t.order.columns.status, cell: (x) => x.status },
        ]}
      />
      {o.instalments.length > 0 && (
        <DataTable<Detail['instalments'][number]>
          caption={t.order.instalments}
          rows={o.instalments}
          rowKey={(x) => x.id}
          columns={[
            { key: 'due', label: t.order.columns.due, cell: (x) => x.due_date },
            { key: 'amount', label: t.order.columns.amount, cell: (x) => x.amount, numeric: true },
            { key: 'status', label: t.order.columns.status, cell: (x) => x.status },
          ]}
        />
      )}
      <DataTable<Detail['mails'][number]>
        caption={t.order.mails}
        rows={o.mails}
        rowKey={(x) => x.id}
        columns={[
          { key: 'when', label: t.order.columns.when, cell: (x) => dateTime(x.created_at), sortValue: (x) => x.created_at },
          { key: 'subject', label: t.order.columns.subject, cell: (x) => x.subject },
          { key: 'to', label: t.order.columns.to, cell: (x) => x.to_address },
          { key: 'status', label: t.order.columns.status, cell: (x) => x.status },
        ]}
      />
      <DataTable<Detail['timeline'][number]>
        caption={t.order.timeline}
        rows={o.timeline}
        rowKey={(x) => `${x.at}|${x.what}`}
        columns={[
          { key: 'when', label: t.order.columns.when, cell: (x) => dateTime(x.at), sortValue: (x) => x.at },
          { key: 'what', label: t.order.columns.what, cell: (x) => x.what },
          { key: 'by', label: t.order.columns.by, cell: (x) => x.by ?? '—' },
        ]}
      />
      <TicketNameDialog
        orderId={id}
        ticket={naming}
        onClose={() => setNaming(null)}
        onDone={(text) => {
          setNaming(null);
          setMessage(text);
          void refresh();
        }}
      />
      <MoveDialog
        orderId={id}
        tickets={moving}
        onClose={() => setMoving(null)}
        onDone={(text) => {
          setMoving(null);
          setSelected(new Set());
          setMessage(text);
          void refresh();
        }}
      />
      <RefundDialog
        open={refund !== null}
        orderId={id}
        tickets={refund === 'selected' ? chosen : null}
        refundable={o.admin_order.refundable}
        onClose={() => setRefund(null)}
        onDone={(text) => {
          setRefund(null);
          setSelected(new Set());
          setMessage(text);
          void refresh();
        }}
      />
    </>
  );
}
