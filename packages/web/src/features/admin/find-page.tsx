import { useQuery } from '@tanstack/react-query';
import type { TAdminOrderRow } from '@foyer/contracts';
import { Link, useSearchParams } from 'react-router';
import { adminText as t, fill } from '../../i18n/en-admin.js';
import { ordersQuery } from './admin-api.js';
import type { Column, Sort } from './data-table.js';
import { PagedQueryTable } from './paged-query-table.js';
import { dateTime } from './format.js';
import { formText, onFormData } from '../../lib/form-data.js';

const PAGE = 25;
const SORTABLE = ['created_at', 'order_number', 'total'];

const columns: Column<TAdminOrderRow>[] = [
  { key: 'order_number', label: t.find.columns.order, cell: (o) => <Link to={`/admin/orders/${o.id}`}>{o.order_number}</Link> },
  { key: 'created_at', label: t.find.columns.date, cell: (o) => dateTime(o.created_at) },
  { key: 'name', label: t.find.columns.buyer, cell: (o) => o.name ?? '—' },
  { key: 'email', label: t.find.columns.email, cell: (o) => o.email ?? '—' },
  { key: 'tickets', label: t.find.columns.tickets, cell: (o) => o.ticket_count, numeric: true },
  { key: 'total', label: t.find.columns.total, cell: (o) => o.total, numeric: true },
  { key: 'state', label: t.find.columns.state, cell: (o) => o.state },
];

/** Find (docs/box-office.md): one search box; the results as a sortable, paginated table. The search lives in the address. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const sortParam = params.get('sort') ?? '-created_at';
  const offset = Number(params.get('offset') ?? 0) || 0;
  const sort: Sort = { key: sortParam.replace(/^-/, ''), descending: sortParam.startsWith('-') };
  const results = useQuery(ordersQuery(q, sortParam, offset, PAGE));
  const set = (changes: Record<string, string>) => setParams({ q, sort: sortParam, offset: String(offset), ...changes });
  return (
    <>
      <h1>{t.find.title}</h1>
      <form
        role="search"
        className="admin-search"
        onSubmit={onFormData((f) => {
          set({ q: formText(f, 'q').trim(), offset: '0' });
        })}
      >
        <label htmlFor="admin-q">{t.find.label}</label>
        <div className="admin-search__row">
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the staff find page is this search field; staff open it to type a name or order number */}
          <input id="admin-q" name="q" type="search" defaultValue={q} minLength={2} maxLength={200} required autoFocus />
          <button type="submit" className="button">
            {t.find.submit}
          </button>
        </div>
      </form>
      {!q && <p>{t.find.lead}</p>}
      <PagedQueryTable
        query={results}
        list={results.data?.admin_order}
        showPending={Boolean(q)}
        none={fill(t.find.none, { q })}
        count={(n) => fill(t.find.count, { n })}
        columns={columns}
        rowKey={(o) => o.id}
        sortable={SORTABLE}
        sort={sort}
        onSort={(s) => set({ sort: `${s?.descending ? '-' : ''}${s?.key ?? 'created_at'}`, offset: '0' })}
        pageSize={PAGE}
        offset={offset}
        onPage={(next) => set({ offset: String(next) })}
      />
    </>
  );
}
