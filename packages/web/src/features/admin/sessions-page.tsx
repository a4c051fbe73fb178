import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminSessionListRow, TAdminSessionRow } from '@foyer/contracts';
import { STAFF_ACTION_ROLES, staffRoleAllows } from '@foyer/contracts/constants';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.js';
import { adminText as t, fill } from '../../i18n/en-admin.js';
import { Modal } from '../../ui/modal.js';
import { meQuery, patchSession, sessionsQuery } from './admin-api.js';
import { DataTable, type Column } from './data-table.js';
import { dateTime } from './format.js';
import { CompDialog } from './comp-dialog.js';
import { formText, onFormData } from '../../lib/form-data.js';

const today = () => new Date().toLocaleDateString('en-CA');

/** Sessions (docs/box-office.md): a day's sessions with what is sold, held and left; close, reopen, capacity (admins only: others are not offered them). */
export function Component() {
  const me = useQuery(meQuery());
  const mayChange = me.data !== undefined && staffRoleAllows(me.data.staff.role, STAFF_ACTION_ROLES.changeSession);
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? today();
  const client = useQueryClient();
  const list = useQuery(sessionsQuery(date));
  const [editing, setEditing] = useState<TAdminSessionRow | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [comping, setComping] = useState<TAdminSessionListRow | null>(null);
  const [issued, setIssued] = useState<{ message: string; orderId: string } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['admin_session'] });
  const act = (work: Promise<unknown>) => work.then(() => (setError(null), setEditing(null), refresh()), (e: unknown) => setError(errorMessage(e)));
  const comps: Column<TAdminSessionListRow> = {
    key: 'comps',
    label: t.sessions.columns.comps,
    cell: (s) => (
      <button type="button" className="button button--secondary" disabled={!s.ticket_types.length} aria-label={fill(t.comps.openLabel, { event: s.event_name, time: dateTime(s.start_datetime) })} onClick={() => {
        setIssued(null);
        setComping(s);
      }}>
        {t.comps.open}
      </button>
    ),
  };
  const actions: Column<TAdminSessionRow> = {
    key: 'actions',
    label: t.sessions.columns.actions,
    cell: (s) => (
      <span className="admin-actions">
        <button type="button" className="button button--secondary" onClick={() => void act(patchSession(s.id, { closed: !s.closed }))}>
          {s.closed ? t.sessions.reopen : t.sessions.close}
        </button>
        <button type="button" className="button button--secondary" onClick={() => {
          setError(null);
          setEditing(s);
        }}>
          {t.sessions.changeCapacity}
        </button>
      </span>
    ),
  };
  return (
    <>
      <h1>{t.sessions.title}</h1>
      <form className="admin-search" onSubmit={onFormData((f) => {
        setParams({ date: formText(f, 'date') });
      })}>
        <label htmlFor="admin-day">{t.sessions.date}</label>
        <div className="admin-search__row">
          <input id="admin-day" name="date" type="date" defaultValue={date} required />
          <button type="submit" className="button">
            {t.sessions.show}
          </button>
        </div>
      </form>
      {issued && (
        <p className="notice" role="status">
          {issued.message} <Link to={`/admin/orders/${issued.orderId}`}>{t.comps.view}</Link>
        </p>
      )}
      {error && !editing && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {list.isPending && <p>{t.loading}</p>}
      {list.isError && <p role="alert">{fill(t.error, { message: list.error.message })}</p>}
      {list.data && !list.data.admin_session._total && <p role="status">{t.sessions.none}</p>}
      {list.data && list.data.admin_session._total > 0 && (
        <DataTable<TAdminSessionListRow>
          caption={fill(t.sessions.title, {})}
          rows={list.data.admin_session._data}
          rowKey={(s) => s.id}
          columns={[
            { key: 'event', label: t.sessions.columns.event, cell: (s) => s.event_name, sortValue: (s) => s.event_name },
            { key: 'start', label: t.sessions.columns.start, cell: (s) => dateTime(s.start_datetime), sortValue: (s) => s.start_datetime },
            { key: 'capacity', label: t.sessions.columns.capacity, cell: (s) => (s.capacity === -1 ? t.sessions.unlimited : s.capacity), numeric: true, sortValue: (s) => s.capacity },
            { key: 'sold', label: t.sessions.columns.sold, cell: (s) => s.sold, numeric: true, sortValue: (s) => s.sold },
            { key: 'held', label: t.sessions.columns.held, cell: (s) => s.held, numeric: true, sortValue: (s) => s.held },
            { key: 'oldest', label: t.sessions.columns.oldestHold, cell: (s) => dateTime(s.oldest_hold_at) },
            { key: 'in', label: t.sessions.columns.checkedIn, cell: (s) => s.checked_in, numeric: true, sortValue: (s) => s.checked_in },
            { key: 'available', label: t.sessions.columns.available, cell: (s) => s.available ?? t.sessions.unlimited, numeric: true, sortValue: (s) => s.available ?? Number.MAX_SAFE_INTEGER },
            { key: 'state', label: t.sessions.columns.state, cell: (s) => (s.closed ? t.sessions.closed : t.sessions.open), sortValue: (s) => Number(s.closed) },
            comps,
            ...(mayChange ? [actions] : []),
          ]}
        />
      )}
      <CompDialog
        session={comping}
        onClose={() => setComping(null)}
        onDone={(message, orderId) => {
          setComping(null);
          setIssued({ message, orderId });
          void refresh();
        }}
      />
      <Modal open={editing !== null} title={t.sessions.changeCapacity} onClose={() => setEditing(null)} size="sm">
        {editing && (
          <form className="admin-form" onSubmit={onFormData((f) => void act(patchSession(editing.id, { capacity: Number(f.get('capacity')) })))}>
            {error && (
              <p className="notice notice--error" role="alert">
                {error}
              </p>
            )}
            <label>
              {fill(t.sessions.capacityOf, { event: editing.event_name, time: dateTime(editing.start_datetime) })}
              <input name="capacity" type="number" min={-1} step={1} defaultValue={editing.capacity} required data-autofocus />
            </label>
            <button type="submit" className="button">
              {t.sessions.save}
            </button>
          </form>
        )}
      </Modal>
    </>
  );
}
