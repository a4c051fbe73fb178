import { Link } from 'react-router';
import { isApiError } from '../../api/client.js';
import { en } from '../../i18n/en.js';
import { instalmentTexts } from '../../shared/payment/instalment-texts.js';
import { pageTitleClass } from '../../ui/page-title.js';

/** A manage link whose key has expired (the server's 404 with `_extra.reason: key_expired`). */
export const isExpiredLink = (error: unknown) => isApiError(error) && error.status === 404 && (error.extra as { reason?: unknown } | null)?.reason === 'key_expired';

/** What the holder of an expired manage link sees: the server's words and the way to a fresh link. */
export function ExpiredLink({ error }: { error: unknown }) {
  return (
    <section className="manage" aria-labelledby="page-title">
      <h1 id="page-title" className={pageTitleClass('sm')}>
        {en.manage.title}
      </h1>
      <div className="panel">
        <p>{isApiError(error) ? error.description : ''}</p>
        <Link className="button" to="/resend">
          {instalmentTexts.getNewLink}
        </Link>
      </div>
    </section>
  );
}
