import type { TAdminMoveLink } from '@foyer/contracts';
import { adminText as t, fill } from '../../i18n/en-admin.js';
import { dateTime } from './format.js';

/** A move's payment link once made (docs/box-office.md#paid-by-a-payment-link): the link to copy, until when the places are held, where it was e-mailed. */
export function MoveLinkSent(props: { link: TAdminMoveLink; tickets: number; onClose: () => void }) {
  const { link } = props;
  return (
    <div className="admin-form" role="status">
      <h3>{fill(t.move.linkTitle, { amount: link.difference })}</h3>
      <label>
        {t.move.link}
        <input readOnly value={link.link ?? ''} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <p>{fill(t.move.linkHeld, { n: props.tickets, time: dateTime(link.expires_at) })}</p>
      <p>{link.emailed_to ? fill(t.move.linkEmailed, { email: link.emailed_to }) : t.move.linkNotEmailed}</p>
      <div className="admin-actions">
        <button type="button" className="button" onClick={props.onClose}>
          {t.move.close}
        </button>
      </div>
    </div>
  );
}
