import { Link, useLocation } from 'react-router';
import { en } from '../i18n/en.js';
import { paths } from '../lib/paths.js';
import { useDocumentTitle } from './use-document-title.js';

/** docs/routes.md#route-table catch-all and the named not-found route; the address keeps the full path. */
export function NotFoundPage() {
  const location = useLocation();
  useDocumentTitle(en.errors.notFoundTitle);
  return (
    <section className="status-page" aria-labelledby="not-found-title" data-path={location.pathname}>
      <h1 id="not-found-title" className="page-title">
        {en.errors.notFound}
      </h1>
      <div className="status-page__actions">
        <Link className="button" to={paths.events}>
          {en.errors.backToEvents}
        </Link>
        <Link className="button button--secondary" to={paths.home}>
          {en.errors.backHome}
        </Link>
      </div>
    </section>
  );
}
