import { reportError } from '../lib/report-error.js';
import { useRouteError } from 'react-router';
import { isNotFoundError } from '../lib/not-found-error.js';
import { NotFoundPage } from '../ui/not-found-page.js';
import { en } from '../i18n/en.js';
import { SkipLink } from './shell.js';

export function UnexpectedError() {
  return (
    <section className="status-page" role="alert">
      <h1 className="page-title">{en.errors.unexpected}</h1>
      <div className="status-page__actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {en.errors.reload}
        </button>
      </div>
    </section>
  );
}

/** Error boundary inside the shell: 404s render the not-found page, anything else offers a reload. */
export function RouteError() {
  const error = useRouteError();
  if (isNotFoundError(error)) return <NotFoundPage />;
  console.error(error);
  reportRenderError(error);
  return <UnexpectedError />;
}

/** A page that broke while rendering or loading goes to the server's log (API errors were reported where they were answered). */
function reportRenderError(error: unknown) {
  if (error instanceof Error && error.name !== 'ApiError') reportError({ source: 'render', message: error.message || error.name, stack: error.stack });
}

/** Error boundary above the shell (e.g. configuration could not load): no header, still a way out. */
export function RootError() {
  const error = useRouteError();
  console.error(error);
  reportRenderError(error);
  return (
    <div className="app">
      <SkipLink />
      <main id="main" className="main" tabIndex={-1}>
        <UnexpectedError />
      </main>
    </div>
  );
}
