import { EMAIL_MAX } from '@foyer/contracts/constants';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { errorMessage, isApiError } from '../../api/client.js';
import { en, format } from '../../i18n/en.js';
import { useDocumentTitle } from '../../ui/use-document-title.js';
import { EmailField, focusFirstInvalid, FormFooter } from './field.js';
import { emailError } from './validation.js';
import { TitledPage } from '../../ui/titled-page.js';

/**
 * A request by e-mail (forgot password, forgot membership, resend tickets). For recovery the
 * answer is the same for every address and a 404 counts as sent too (docs/accounts.md#errors: never reveal whether
 * an account exists); a page whose 404 has its own text in the spec (resend) passes notFoundText.
 */
export function EmailRequestPage({
  title,
  lead,
  submitText,
  sentText,
  send,
  notFoundText,
  children,
}: {
  title: string;
  lead: string;
  submitText: string;
  sentText: string;
  send: (email: string) => Promise<unknown>;
  notFoundText?: string;
  children?: React.ReactNode;
}) {
  useDocumentTitle(title);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    const problem = emailError(email);
    setError(problem);
    if (problem) {
      setTimeout(() => focusFirstInvalid(formRef.current), 0);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await send(email.trim());
      setSent(email.trim());
    } catch (err) {
      if (isApiError(err) && err.status === 404) {
        if (notFoundText) setFailure(notFoundText);
        else setSent(email.trim());
      } else setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <TitledPage className="account-page" title={title} size="sm">
      {sent ? (
        <p className="notice notice--info" role="status">
          {format(sentText, { email: sent })}
        </p>
      ) : (
        <>
          <p className="page-lead">{lead}</p>
          <form ref={formRef} className="account-form panel" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
            <EmailField
              id={`${id}-email`}
              label={en.account.email}
              maxLength={EMAIL_MAX}
              value={email}
              error={error}
              onChange={(e) => setEmail(e.target.value)}
            />
            <FormFooter failure={failure} busy={busy} text={submitText} busyText={en.account.sending} />
          </form>
        </>
      )}
      {children}
    </TitledPage>
  );
}
