import { Link } from 'react-router';
import { paths } from '../../app/paths.js';
import { en } from '../../i18n/en.js';
import { useDocumentTitle } from '../../ui/use-document-title.js';

export type PlaceholderKey = keyof typeof en.placeholders;

/** Pages whose flows arrive in later issues: a plain page with its title and a way back to the events. */
export function PlaceholderPage({ page }: { page: PlaceholderKey }) {
  const text = en.placeholders[page];
  useDocumentTitle(text.title);
  return (
    <section className="status-page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        {text.title}
      </h1>
      <p className="page-lead">{text.text}</p>
      <div className="status-page__actions">
        <Link className="button" to={paths.events}>
          {en.errors.backToEvents}
        </Link>
      </div>
    </section>
  );
}

export function placeholder(page: PlaceholderKey) {
  return function Placeholder() {
    return <PlaceholderPage page={page} />;
  };
}
