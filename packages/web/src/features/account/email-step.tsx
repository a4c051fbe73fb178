import { LOGIN_EMAIL_MAX } from '@foyer/contracts/constants';
import type { TLoginMethod } from '@foyer/contracts';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { errorMessage } from '../../api/client.js';
import { en } from '../../i18n/en.js';
import { requestOtp } from './api.js';
import { EmailField, focusFirstInvalid } from './field.js';
import { storeLogin } from './login-storage.js';
import { emailError } from './validation.js';

/** The first login step (docs/accounts.md#web-screens): the e-mail, then a password or a one-time passcode. */
export function EmailStep({
  email: initialEmail,
  methods,
  redirectPath,
  onPassword,
  onOtp,
  onRegister,
  onMember,
}: {
  email: string;
  methods: readonly TLoginMethod[];
  redirectPath: string;
  onPassword: (email: string) => void;
  onOtp: (email: string, token: string) => void;
  onRegister: (email: string) => void;
  onMember?: () => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const password = methods.includes('password');
  const otp = methods.includes('otp');

  const valid = () => {
    const problem = emailError(email, LOGIN_EMAIL_MAX);
    setError(problem);
    if (problem) setTimeout(() => focusFirstInvalid(formRef.current), 0);
    return !problem;
  };

  const sendPasscode = async () => {
    if (!valid()) return;
    setBusy(true);
    setFailure(null);
    try {
      const { token } = await requestOtp(email.trim());
      storeLogin({ email: email.trim(), token, redirectPath });
      onOtp(email.trim(), token);
    } catch (err) {
      setFailure(errorMessage(err));
      setBusy(false);
    }
  };

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    if (password) {
      if (valid()) onPassword(email.trim());
    } else void sendPasscode();
  };

  if (!password && !otp) {
    return onMember ? <MemberOnly onMember={onMember} /> : null;
  }

  return (
    <form ref={formRef} className="account-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <EmailField
        id={`${id}-email`}
        label={en.account.email}
        value={email}
        maxLength={LOGIN_EMAIL_MAX}
        data-autofocus
        error={error}
        onChange={(e) => setEmail(e.target.value)}
      />
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <div className="account-form__actions">
        {password && (
          <button type="submit" className="button" disabled={busy}>
            {en.account.withPassword}
          </button>
        )}
        {otp && (
          <button type={password ? 'button' : 'submit'} className={password ? 'button button--secondary' : 'button'} disabled={busy} onClick={password ? () => void sendPasscode() : undefined}>
            {busy ? en.account.sending : en.account.withPasscode}
          </button>
        )}
      </div>
      {onMember && (
        <p className="account-form__aside">
          <button type="button" className="button--link" onClick={onMember}>
            {en.account.memberOr}
          </button>
        </p>
      )}
      <p className="account-form__aside">
        {en.account.noAccount}{' '}
        <button type="button" className="button--link" onClick={() => onRegister(email.trim())}>
          {en.account.createAccount}
        </button>
      </p>
    </form>
  );
}

function MemberOnly({ onMember }: { onMember: () => void }) {
  return (
    <button type="button" className="button" onClick={onMember}>
      {en.account.memberTitle}
    </button>
  );
}
