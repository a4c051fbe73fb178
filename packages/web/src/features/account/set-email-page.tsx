import { EMAIL_MAX } from '@foyer/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.js';
import { paths } from '../../lib/paths.js';
import { en } from '../../i18n/en.js';
import { Skeleton } from '../../ui/skeleton.js';
import { useDocumentTitle } from '../../ui/use-document-title.js';
import { useAccount } from './account-context.js';
import { updateMe, userQueryKey } from './api.js';
import { EmailField, FormFooter, showFieldErrors } from './field.js';
import { confirmEmailError, emailError } from './validation.js';
import { TitledPage } from '../../ui/titled-page.js';

/** A safe in-app path from `next` (never another origin). */
export function nextPath(value: string | null, fallback: string): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : fallback;
}

/** /user/set-email-address (docs/accounts.md): a 'no-email+' member sets a real address. */
export function Component() {
  useDocumentTitle(en.account.setEmailTitle);
  const { user, loading, openLogin } = useAccount();

  let body: React.ReactNode;
  if (loading) body = <Skeleton width="100%" height={220} />;
  else if (!user)
    body = (
      <div className="notice notice--info">
        <p>{en.account.setEmailLogin}</p>
        <p>
          <button type="button" className="button" onClick={() => openLogin()}>
            {en.account.login}
          </button>
        </p>
      </div>
    );
  else if (!user.needs_email)
    body = (
      <div className="notice notice--info" role="status">
        <p>{en.account.setEmailNotNeeded}</p>
        <p>
          <Link to={paths.events}>{en.errors.backToEvents}</Link>
        </p>
      </div>
    );
  else body = <SetEmailForm />;

  return (
    <TitledPage className="account-page" title={en.account.setEmailTitle} size="sm">
      {body}
    </TitledPage>
  );
}

function SetEmailForm() {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; confirm?: string | null }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!showFieldErrors({ email: emailError(email), confirm: confirmEmailError(email, confirm) }, setErrors, formRef)) return;
    setBusy(true);
    setFailure(null);
    try {
      const doc = await updateMe({ email: email.trim() });
      queryClient.setQueryData(userQueryKey, doc);
      void navigate(nextPath(params.get('next'), paths.checkout), { replace: true, state: { notice: en.account.setEmailDone } });
    } catch (error) {
      // 409: another account uses the address (docs/accounts.md#errors) — the server's text says so.
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="account-form panel" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
      <p>{en.account.setEmailLead}</p>
      <EmailField id={`${id}-email`} label={en.account.email} maxLength={EMAIL_MAX} value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
      <EmailField
        id={`${id}-confirm`}
        label={en.account.confirmEmail}
        maxLength={EMAIL_MAX}
        value={confirm}
        error={errors.confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <FormFooter failure={failure} busy={busy} text={en.account.setEmailSubmit} busyText={en.account.saving} />
    </form>
  );
}
