import { Link } from 'react-router';
import { en } from '../i18n/en.js';
import { paths } from '../lib/paths.js';

/** A status page's way out (a pending payment, a page still to come): back to the events. */
export function BackToEvents() {
  return (
    <div className="status-page__actions">
      <Link className="button" to={paths.events}>
        {en.errors.backToEvents}
      </Link>
    </div>
  );
}
