import { useQuery } from '@tanstack/react-query';
import type { TAdminSalesReport } from '@foyer/contracts';
import { useSearchParams } from 'react-router';
import { adminText as t, fill } from '../../i18n/en-admin.js';
import { reportQuery } from './admin-api.js';
import { onFormData } from '../../lib/form-data.js';
import { DataTable, type Column } from './data-table.js';

type Line = TAdminSalesReport['by_day'][number];
const monthStart = () => new Date().toLocaleDateString('en-CA').slice(0, 8) + '01';
const today = () => new Date().toLocaleDateString('en-CA');

const lines = (first: string): Column<Line>[] => [
  { key: 'name', label: first, cell: (l) => l.name, sortValue: (l) => l.name },
  { key: 'quantity', label: t.reports.columns.quantity, cell: (l) => l.quantity, numeric: true, sortValue: (l) => l.quantity },
  { key: 'amount', label: t.reports.columns.amount, cell: (l) => l.amount, numeric: true, sortValue: (l) => Number(l.amount) },
];

/** Reports (docs/box-office.md): a period's sales on screen, and the same as CSV. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? monthStart();
  const to = params.get('to') ?? today();
  const report = useQuery(reportQuery(from, to));
  const r = report.data;
  return (
    <>
      <h1>{t.reports.title}</h1>
      <form className="admin-search admin-search--range" onSubmit={onFormData((f) => {
        setParams(Object.fromEntries(f) as Record<string, string>);
      })}>
        <label>
          {t.reports.from}
          <input name="from" type="date" defaultValue={from} required />
        </label>
        <label>
          {t.reports.to}
          <input name="to" type="date" defaultValue={to} required />
        </label>
        <button type="submit" className="button">
          {t.reports.show}
        </button>
        <a className="button button--secondary" href={`/api/admin/reports/sales?${new URLSearchParams({ from, to, format: 'csv' })}`} download>
          {t.reports.csv}
        </a>
      </form>
      {report.isPending && <p>{t.loading}</p>}
      {report.isError && <p role="alert">{fill(t.error, { message: report.error.message })}</p>}
      {r && (
        <>
          <section aria-labelledby="report-totals" className="admin-summary">
            <h2 id="report-totals">{t.reports.totals}</h2>
            <ul>
              <li>{fill(t.reports.orders, { n: r.orders.count, amount: r.orders.total })}</li>
              <li>{fill(t.reports.charged, { amount: r.payments.charged })}</li>
              <li>{fill(t.reports.refundedTotal, { amount: r.payments.refunded })}</li>
              <li>{fill(t.reports.liability, { amount: r.gift_card_liability })}</li>
            </ul>
          </section>
          <DataTable caption={t.reports.byDay} rows={r.by_day} rowKey={(l) => l.key} columns={lines(t.reports.columns.key)} />
          <DataTable caption={t.reports.byEvent} rows={r.by_event} rowKey={(l) => l.key} columns={lines(t.reports.columns.name)} />
          <DataTable caption={t.reports.byType} rows={r.by_ticket_type} rowKey={(l) => l.key} columns={lines(t.reports.columns.name)} />
          <DataTable
            caption={t.reports.byMethod}
            rows={r.payments_by_method}
            rowKey={(l) => l.key}
            columns={[...lines(t.reports.columns.name), { key: 'refunded', label: t.reports.columns.refunded, cell: (l) => l.refunded, numeric: true, sortValue: (l) => Number(l.refunded) }]}
          />
          <DataTable caption={t.reports.members} rows={r.members_by_level} rowKey={(l) => l.key} columns={lines(t.reports.columns.name).slice(0, 2)} />
        </>
      )}
    </>
  );
}
