import { useQuery } from '@tanstack/react-query';
import type { TAuditEntry } from '@foyer/contracts';
import { useSearchParams } from 'react-router';
import { adminText as t, fill } from '../../i18n/en-admin.js';
import { auditQuery } from './admin-api.js';
import type { Column } from './data-table.js';
import { PagedQueryTable } from './paged-query-table.js';
import { dateTime } from './format.js';
import { formText, onFormData } from '../../lib/form-data.js';

const PAGE = 25;
/** The filters GET admin/audit takes, as the form's fields and the address's parameters. */
const FILTERS = ['staff_email', 'action', 'object_type', 'object_id', 'from', 'to'] as const;
const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

const columns: Column<TAuditEntry>[] = [
  { key: 'when', label: t.audit.columns.when, cell: (a) => dateTime(a.created_at) },
  { key: 'who', label: t.audit.columns.who, cell: (a) => a.staff_email },
  { key: 'action', label: t.audit.columns.action, cell: (a) => <code>{a.action}</code> },
  { key: 'object', label: t.audit.columns.object, cell: (a) => `${a.object_type} ${a.object_id}` },
  { key: 'before', label: t.audit.columns.before, cell: (a) => <code className="admin-json">{shown(a.before)}</code> },
  { key: 'after', label: t.audit.columns.after, cell: (a) => <code className="admin-json">{shown(a.after)}</code> },
];

/** The audit log (docs/box-office.md, Audit log; admin): read-only, newest first, filtered and paged by the server. The filters live in the address. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTERS.flatMap((k) => {
      const value = params.get(k);
      return value ? [[k, value]] : [];
    })) as Record<string, string>;
  const offset = Number(params.get('offset') ?? 0) || 0;
  const log = useQuery(auditQuery(filters, offset, PAGE));
  return (
    <>
      <h1>{t.audit.title}</h1>
      <form
        className="admin-filters"
        aria-label={t.audit.filters}
        onSubmit={onFormData((f) => {
          const next: Record<string, string> = {};
          for (const k of FILTERS) {
            const v = formText(f, k).trim();
            // Times are typed as the desk's local time; the API takes ISO times.
            if (v) next[k] = k === 'from' || k === 'to' ? new Date(v).toISOString() : v;
          }
          setParams({ ...next, offset: '0' });
        })}
      >
        {FILTERS.map((k) => (
          <label key={k}>
            {t.audit.fields[k]}
            <input name={k} type={k === 'from' || k === 'to' ? 'datetime-local' : 'text'} defaultValue={k === 'from' || k === 'to' ? localInput(filters[k]) : (filters[k] ?? '')} maxLength={254} />
          </label>
        ))}
        <button type="submit" className="button">
          {t.audit.apply}
        </button>
      </form>
      <PagedQueryTable
        query={log}
        list={log.data?.audit_entry}
        none={t.audit.none}
        count={(n) => fill(t.audit.count, { n })}
        columns={columns}
        rowKey={(a) => a.id}
        pageSize={PAGE}
        offset={offset}
        onPage={(next) => setParams({ ...filters, offset: String(next) })}
      />
    </>
  );
}

/** An ISO time as a datetime-local field's value (local time, to the minute). */
function localInput(iso: string | undefined) {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
