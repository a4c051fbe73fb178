import { checkPassword } from '@foyer/contracts/rules';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.js';
import { en, format } from '../../i18n/en.js';
import { Skeleton } from '../../ui/skeleton.js';
import { useDocumentTitle } from '../../ui/use-document-title.js';
import { useOptionalAccount } from './account-context.js';
import { resetPassword, validateResetToken } from './api.js';
import { FormFooter, PasswordField, showFieldErrors } from './field.js';
import { loggedOutOnly } from './guards.js';
import { NewPasswordField } from './password-requirements.js';
import { FORGOT_PASSWORD_PATH } from './password-step.js';
import { confirmPasswordError } from './validation.js';
import { TitledPage } from '../../ui/titled-page.js';

/** /user/reset-password?token= (docs/accounts.md): validate the link, choose a password, done. */
export const loader = loggedOutOnly;

const INVALID_CODES = new Set(['not_found', 'validate_failed']);

export function Component() {
  useDocumentTitle(en.account.resetTitle);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const check = useQuery({
    queryKey: ['password_reset', 'detail', token],
    queryFn: () => validateResetToken(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const [done, setDone] = useState<string | null>(null);

  let body: React.ReactNode;
  if (done) body = <Done email={done} />;
  else if (!token || (check.isError && isApiError(check.error) && INVALID_CODES.has(check.error.code))) body = <InvalidLink />;
  else if (check.isError)
    body = (
      <p className="notice notice--error" role="alert">
        {errorMessage(check.error)}
      </p>
    );
  else if (!check.data)
    body = (
      <div aria-busy="true">
        <p className="visually-hidden" role="status">
          {en.account.resetChecking}
        </p>
        <Skeleton width="100%" height={220} />
      </div>
    );
  else body = <ResetForm token={token} email={check.data.email} onDone={setDone} />;

  return (
    <TitledPage className="account-page" title={en.account.resetTitle} size="sm">
      {body}
    </TitledPage>
  );
}

function InvalidLink() {
  return (
    <div className="notice notice--error" role="alert">
      <p>{en.account.resetLinkInvalid}</p>
      <p>
        <Link to={FORGOT_PASSWORD_PATH}>{en.account.resetNewLink}</Link>
      </p>
    </div>
  );
}

function Done({ email }: { email: string }) {
  const account = useOptionalAccount();
  return (
    <div className="notice notice--info" role="status">
      <p>{en.account.resetDone}</p>
      <p>
        <button type="button" className="button" onClick={() => account?.openLogin({ email, step: 'password' })}>
          {en.account.login}
        </button>
      </p>
    </div>
  );
}

function ResetForm({ token, email, onDone }: { token: string; email: string; onDone: (email: string) => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string | null; confirm?: string | null }>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    // docs/accounts.md#field-rules: the requirements must be met, else "Invalid password".
    const found = { password: checkPassword(password).valid ? null : en.account.invalidPassword, confirm: confirmPasswordError(password, confirm) };
    if (!showFieldErrors(found, setErrors, formRef)) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await resetPassword(token, password);
      onDone(answer.email);
    } catch (error) {
      setBusy(false);
      setFailure(error);
    }
  };

  if (isApiError(failure) && INVALID_CODES.has(failure.code)) return <InvalidLink />;
  return (
    <form ref={formRef} className="account-form panel" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
      <p>{format(en.account.resetLead, { email })}</p>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <NewPasswordField id={id} label={en.account.newPassword} value={password} error={errors.password} onChange={(e) => setPassword(e.target.value)} />
      <PasswordField
        id={`${id}-confirm`}
        label={en.account.confirmPassword}
        autoComplete="new-password"
        value={confirm}
        error={errors.confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <FormFooter failure={failure === null ? null : errorMessage(failure)} busy={busy} text={en.account.resetSubmit} busyText={en.account.saving} />
    </form>
  );
}
