import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths.js';
import { en } from '../../i18n/en.js';
import { useDocumentTitle } from '../../ui/use-document-title.js';

/** /checkout/pending/{cartId} (001 §2): a debit payment awaiting clearing, with its reference number. */
export function Component() {
  const { cartId = '' } = useParams();
  useDocumentTitle(en.pending.title);
  return (
    <section className="status-page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        {en.pending.title}
      </h1>
      <p className="page-lead">{en.pending.text}</p>
      <p>
        {en.pending.reference}: <strong data-testid="reference">{cartId}</strong>
      </p>
      <div className="status-page__actions">
        <Link className="button" to={paths.events}>
          {en.errors.backToEvents}
        </Link>
      </div>
    </section>
  );
}
