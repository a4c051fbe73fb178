import { errorMessage } from '../api/client.js';
import { en } from '../i18n/en.js';

/** An error with a way out: the message (server description or fallback) and a retry button. */
export function ErrorNotice({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p className="notice__title">{title}</p>
      <p>{errorMessage(error)}</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {en.errors.retry}
        </button>
      )}
    </div>
  );
}
