import type { TLoginAnswer } from '@foyer/contracts';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.js';
import { en } from '../../i18n/en.js';
import { logIn } from './api.js';
import { focusFirstInvalid, PasswordField } from './field.js';
import { useCartIdForLogin, withCart } from './use-cart-id.js';

export const FORGOT_PASSWORD_PATH = '/user/forgot-password';
export const FORGOT_MEMBERSHIP_PATH = '/user/forgot-membership';

/** docs/accounts.md#web-screens: the e-mail, a password field, a login button, a back button and a forgot-password link. */
export function PasswordStep({ email, onBack, onLoggedIn }: { email: string; onBack: () => void; onLoggedIn: (answer: TLoginAnswer) => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const cartId = useCartIdForLogin();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ text: string; forgot: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!password) {
      setError(en.account.required);
      focusFirstInvalid(formRef.current);
      return;
    }
    setError(null);
    setFailure(null);
    setBusy(true);
    try {
      onLoggedIn(await logIn({ method: 'password', username: email, password, ...withCart(cartId) }));
    } catch (err) {
      setBusy(false);
      // docs/accounts.md#errors: incorrect_password comes with the forgot-password link.
      setFailure({ text: errorMessage(err), forgot: isApiError(err) && err.code === 'incorrect_password' });
    }
  };

  return (
    <form ref={formRef} className="account-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
      <p className="account-form__who">
        {en.account.email}: <strong>{email}</strong>
      </p>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        id={`${id}-password`}
        label={en.account.password}
        autoComplete="current-password"
        value={password}
        data-autofocus
        error={error}
        onChange={(e) => setPassword(e.target.value)}
      />
      {failure && (
        <div className="field-error" role="alert">
          <p>{failure.text}</p>
          {failure.forgot && <Link to={FORGOT_PASSWORD_PATH}>{en.account.forgotPassword}</Link>}
        </div>
      )}
      <div className="account-form__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? en.account.loggingIn : en.account.login}
        </button>
        <button type="button" className="button button--secondary" onClick={onBack} disabled={busy}>
          {en.account.back}
        </button>
      </div>
      <p className="account-form__aside">
        <Link to={FORGOT_PASSWORD_PATH}>{en.account.forgotPassword}</Link>
      </p>
    </form>
  );
}
