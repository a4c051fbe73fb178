import { Link } from 'react-router';
import { isApiError } from '../../api/client.js';
import { en } from '../../i18n/en.js';
import { instalmentTexts } from '../../shared/payment/instalment-texts.js';
import { TitledPage } from '../../ui/titled-page.js';

/** A manage link whose key has expired (the server's 404 with `_extra.reason: key_expired`). */
export const isExpiredLink = (error: unknown) => isApiError(error) && error.status === 404 && (error.extra as { reason?: unknown } | null)?.reason === 'key_expired';

/** What the holder of an expired manage link sees: the server's words and the way to a fresh link. */
export function ExpiredLink({ error }: { error: unknown }) {
  return (
    <TitledPage className="manage" title={en.manage.title} size="sm">
      <div className="panel">
        <p>{isApiError(error) ? error.description : ''}</p>
        <Link className="button" to="/resend">
          {instalmentTexts.getNewLink}
        </Link>
      </div>
    </TitledPage>
  );
}
