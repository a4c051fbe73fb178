import { useQuery } from '@tanstack/react-query';
import type { TAdminCartAnswer, TAdminSessionListRow } from '@foyer/contracts';
import { useState } from 'react';
import { adminText as t, fill } from '../../i18n/en-admin.js';
import { createPaymentLink, sessionsQuery } from './admin-api.js';
import { ContactFields, readContact } from './contact-fields.js';
import { dateTime } from './format.js';
import { TicketLineFields } from './ticket-line-fields.js';
import { onFormData } from '../../lib/form-data.js';
import { useSubmission } from './use-submission.js';

interface Line {
  session: TAdminSessionListRow;
  typeId: string;
  typeName: string;
  quantity: number;
}

const today = () => new Date().toLocaleDateString('en-CA');

/**
 * Payment links (docs/box-office.md, Payment links): the tickets (a day's session, a type, how many;
 * several lines), an optional purchaser, whether to e-mail them; the answer's single-use link.
 */
export function Component() {
  const [date, setDate] = useState(today());
  const sessions = useQuery(sessionsQuery(date));
  const [sessionId, setSessionId] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [made, setMade] = useState<TAdminCartAnswer | null>(null);
  const { error, busy, submit } = useSubmission();
  const session = sessions.data?.admin_session._data.find((s) => s.id === sessionId) ?? null;
  return (
    <>
      <h1>{t.links.title}</h1>
      <p>{t.links.lead}</p>
      {made && (
        <div className="notice" role="status">
          <p>{fill(made.emailed_to ? t.links.doneEmailed : t.links.done, { number: made.cart_number, total: made.total, email: made.emailed_to ?? '' })}</p>
          <label className="admin-form">
            {t.links.link}
            <input readOnly value={made.link} onFocus={(e) => e.currentTarget.select()} />
          </label>
        </div>
      )}
      <form
        className="admin-form"
        aria-label={t.links.addTitle}
        onSubmit={onFormData((f) => {
          const type = session?.ticket_types.find((x) => x.id === f.get('ticket_type'));
          if (!session || !type) return;
          setLines((now) => [...now, { session, typeId: type.id, typeName: type.name, quantity: Number(f.get('quantity')) }]);
        })}
      >
        <h2>{t.links.addTitle}</h2>
        <label>
          {t.links.day}
          <input type="date" value={date} required onChange={(e) => {
            setDate(e.target.value);
            setSessionId('');
          }} />
        </label>
        <label>
          {t.links.session}
          <select value={sessionId} required onChange={(e) => setSessionId(e.target.value)}>
            <option value="">{t.links.chooseSession}</option>
            {sessions.data?.admin_session._data.map((s) => (
              <option key={s.id} value={s.id}>
                {`${s.event_name} — ${dateTime(s.start_datetime)}`}
              </option>
            ))}
          </select>
        </label>
        {session && <TicketLineFields session={session} labels={t.links} />}
        <button type="submit" className="button button--secondary" disabled={!session}>
          {t.links.add}
        </button>
      </form>
      {lines.length > 0 && (
        <ul aria-label={t.links.lines}>
          {lines.map((l, i) => (
            <li key={`${l.session.id}-${l.typeId}-${i}`}>
              {fill(t.links.line, { n: l.quantity, type: l.typeName, event: l.session.event_name, time: dateTime(l.session.start_datetime) })}{' '}
              <button type="button" className="button button--secondary" onClick={() => setLines((now) => now.filter((_, j) => j !== i))}>
                {t.links.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="admin-form"
        aria-label={t.links.createTitle}
        onSubmit={onFormData((f) => {
          const { contact: purchaser, send_email } = readContact(f);
          submit(
            () => createPaymentLink({ items: lines.map((l) => ({ ticket_type: l.typeId, session: l.session.id, quantity: l.quantity })), purchaser, send_email }),
            (answer) => {
              setMade(answer);
              setLines([]);
            },
          );
        })}
      >
        <h2>{t.links.createTitle}</h2>
        {error && (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        )}
        <ContactFields labels={t.links} />
        <button type="submit" className="button" disabled={busy || !lines.length}>
          {t.links.create}
        </button>
      </form>
    </>
  );
}
