import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX } from '@foyer/contracts/constants';
import { checkPassword } from '@foyer/contracts/rules';
import type { TUserDocument } from '@foyer/contracts';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { errorMessage, isApiError } from '../../api/client.js';
import { en } from '../../i18n/en.js';
import { register } from './api.js';
import { Field, showFieldErrors } from './field.js';
import { NewPasswordField } from './password-requirements.js';
import { confirmEmailError, confirmPasswordError, emailError, requiredError } from './validation.js';

type Values = { first_name: string; last_name: string; email: string; confirm_email: string; password: string; confirm_password: string };
type Errors = Partial<Record<keyof Values, string | null>>;

export function registerErrors(values: Values): Errors {
  return {
    first_name: requiredError(values.first_name, NAME_MAX),
    last_name: requiredError(values.last_name, NAME_MAX),
    email: emailError(values.email, EMAIL_MAX),
    confirm_email: confirmEmailError(values.email, values.confirm_email),
    password: checkPassword(values.password).valid ? null : en.account.invalidPassword,
    confirm_password: confirmPasswordError(values.password, values.confirm_password),
  };
}

/** Registration (POST user with a password): the new member is logged in at once. */
export function RegisterForm({ initialEmail, onLogin, onRegistered }: { initialEmail: string; onLogin: () => void; onRegistered: (doc: TUserDocument) => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>({ first_name: '', last_name: '', email: initialEmail, confirm_email: '', password: '', confirm_password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<{ text: string; login: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!showFieldErrors(registerErrors(values), setErrors, formRef)) return;
    setBusy(true);
    setFailure(null);
    try {
      const doc = await register({ first_name: values.first_name.trim(), last_name: values.last_name.trim(), email: values.email.trim(), password: values.password });
      onRegistered(doc);
    } catch (error) {
      setBusy(false);
      setFailure({ text: errorMessage(error), login: isApiError(error) && error.status === 409 });
    }
  };

  const field = (key: keyof Values, label: string, props: Record<string, unknown>) => (
    <Field id={`${id}-${key}`} label={label} value={values[key]} error={errors[key]} required aria-required="true" onChange={set(key)} {...props} />
  );

  return (
    <form ref={formRef} className="account-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
      <div className="account-form__row">
        {field('first_name', en.account.firstName, { autoComplete: 'given-name', maxLength: NAME_MAX, 'data-autofocus': true })}
        {field('last_name', en.account.lastName, { autoComplete: 'family-name', maxLength: NAME_MAX })}
      </div>
      {field('email', en.account.email, { type: 'email', autoComplete: 'email', maxLength: EMAIL_MAX })}
      {field('confirm_email', en.account.confirmEmail, { type: 'email', autoComplete: 'email', maxLength: EMAIL_MAX })}
      <NewPasswordField id={id} label={en.account.password} value={values.password} error={errors.password} onChange={set('password')} />
      {field('confirm_password', en.account.confirmPassword, { type: 'password', autoComplete: 'new-password', maxLength: PASSWORD_MAX })}
      {failure && (
        <div className="field-error" role="alert">
          <p>{failure.text}</p>
        </div>
      )}
      <div className="account-form__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? en.account.registering : en.account.register}
        </button>
      </div>
      <p className="account-form__aside">
        {en.account.haveAccount}{' '}
        <button type="button" className="button--link" onClick={onLogin} data-testid={failure?.login ? 'login-instead' : undefined}>
          {en.account.login}
        </button>
      </p>
    </form>
  );
}
