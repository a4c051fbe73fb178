import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminMember } from '@foyer/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.js';
import { adminText as t, fill } from '../../i18n/en-admin.js';
import { Modal } from '../../ui/modal.js';
import { cardsToPrint, changeMember, membersQuery } from './admin-api.js';
import type { Column } from './data-table.js';
import { PagedQueryTable } from './paged-query-table.js';
import { dateTime } from './format.js';
import { ResendCardsDialog } from './resend-cards-dialog.js';
import { formText, onFormData } from '../../lib/form-data.js';
import { FormActions } from './form-actions.js';

const PAGE = 25;
type Action = 'extend' | 'cancel' | 'auto_renew/cancel';

/**
 * Members (docs/box-office.md, Members): find member cards by name, e-mail or member id; a card
 * set's validity, auto-renew and order; extend, cancel, stop auto-renew (with a reason); resend
 * the cards; the cards-to-print CSV since the last export.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const offset = Number(params.get('offset') ?? 0) || 0;
  const client = useQueryClient();
  const results = useQuery(membersQuery(q, offset, PAGE));
  const [acting, setActing] = useState<{ member: TAdminMember; action: Action } | null>(null);
  const [resending, setResending] = useState<TAdminMember | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = (member: TAdminMember, action: Action) => {
    setError(null);
    setMessage(null);
    setActing({ member, action });
  };
  const columns: Column<TAdminMember>[] = [
    { key: 'name', label: t.members.columns.name, cell: (m) => m.name, sortValue: (m) => m.name },
    { key: 'id', label: t.members.columns.memberId, cell: (m) => <code>{m.scan_code}</code> },
    { key: 'level', label: t.members.columns.level, cell: (m) => m.level, sortValue: (m) => m.level },
    { key: 'valid_to', label: t.members.columns.validTo, cell: (m) => dateTime(m.valid_to), sortValue: (m) => m.valid_to },
    { key: 'renew', label: t.members.columns.autoRenew, cell: (m) => m.auto_renew_state },
    { key: 'order', label: t.members.columns.order, cell: (m) => (m.ticket_order_id ? <Link to={`/admin/orders/${m.ticket_order_id}`}>{t.members.viewOrder}</Link> : '—') },
    {
      key: 'actions',
      label: t.members.columns.actions,
      cell: (m) => (
        <span className="admin-actions">
          <button type="button" className="button button--secondary" aria-label={fill(t.members.extendLabel, { name: m.name })} onClick={() => act(m, 'extend')}>
            {t.members.extend}
          </button>
          {m.auto_renew_state === 'scheduled' && (
            <button type="button" className="button button--secondary" aria-label={fill(t.members.stopRenewLabel, { name: m.name })} onClick={() => act(m, 'auto_renew/cancel')}>
              {t.members.stopRenew}
            </button>
          )}
          <button type="button" className="button button--secondary" aria-label={fill(t.members.cancelLabel, { name: m.name })} onClick={() => act(m, 'cancel')}>
            {t.members.cancel}
          </button>
          <button type="button" className="button button--secondary" aria-label={fill(t.members.resendLabel, { name: m.name })} onClick={() => {
            setError(null);
            setMessage(null);
            setResending(m);
          }}>
            {t.members.resend}
          </button>
        </span>
      ),
    },
  ];
  return (
    <>
      <h1>{t.members.title}</h1>
      <form role="search" className="admin-search" onSubmit={onFormData((f) => {
        setParams({ q: formText(f, 'q').trim(), offset: '0' });
      })}>
        <label htmlFor="admin-member-q">{t.members.label}</label>
        <div className="admin-search__row">
          <input id="admin-member-q" name="q" type="search" defaultValue={q} minLength={2} maxLength={200} required />
          <button type="submit" className="button">
            {t.members.submit}
          </button>
        </div>
      </form>
      <p>
        <button type="button" className="button button--secondary" onClick={() => void cardsToPrint().then(download, (e: unknown) => setError(errorMessage(e)))}>
          {t.members.cardsToPrint}
        </button>
      </p>
      {message && (
        <p className="notice" role="status">
          {message}
        </p>
      )}
      {error && !acting && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <PagedQueryTable
        query={results}
        list={results.data?.admin_member}
        showPending={Boolean(q)}
        none={fill(t.members.none, { q })}
        count={(n) => fill(t.members.count, { n })}
        columns={columns}
        rowKey={(m) => m.id}
        pageSize={PAGE}
        offset={offset}
        onPage={(next) => setParams({ q, offset: String(next) })}
      />
      <ResendCardsDialog member={resending} onClose={() => setResending(null)} onDone={(text) => {
        setResending(null);
        setMessage(text);
      }} />
      <Modal open={acting !== null} title={acting ? t.members.titles[acting.action] : ''} onClose={() => setActing(null)} size="sm">
        {acting && (
          <form
            className="admin-form"
            onSubmit={onFormData((f) => {
              const reason = formText(f, 'reason');
              const body = acting.action === 'extend' ? { reason, valid_to: new Date(`${formText(f, 'valid_to')}T23:59:59`).toISOString() } : { reason };
              changeMember(acting.member.card_set_id, acting.action, body).then(
                () => (setActing(null), setMessage(fill(t.members.done[acting.action], { name: acting.member.name })), void client.invalidateQueries({ queryKey: ['admin_member'] })),
                (failure: unknown) => setError(errorMessage(failure)),
              );
            })}
          >
            <p>{fill(t.members.lead, { name: acting.member.name, level: acting.member.level, until: dateTime(acting.member.valid_to) })}</p>
            {error && (
              <p className="notice notice--error" role="alert">
                {error}
              </p>
            )}
            {acting.action === 'extend' && (
              <label>
                {t.members.newEnd}
                <input name="valid_to" type="date" required />
              </label>
            )}
            <label>
              {t.members.reason}
              <textarea name="reason" required maxLength={500} rows={2} />
            </label>
            <FormActions submit={t.members.confirm[acting.action]} cancel={t.members.close} onCancel={() => setActing(null)} />
          </form>
        )}
      </Modal>
    </>
  );
}

/** The CSV as a file the browser saves. */
function download(csv: { name: string; text: string }) {
  const url = URL.createObjectURL(new Blob([csv.text], { type: 'text/csv' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: csv.name });
  a.click();
  URL.revokeObjectURL(url);
}
