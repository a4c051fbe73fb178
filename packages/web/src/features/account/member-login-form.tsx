import { LOGIN_TEXT_MAX, LOGIN_ZIP_MAX, PASSWORD_MAX } from '@foyer/contracts/constants';
import type { TLoginAnswer } from '@foyer/contracts';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client.js';
import { en } from '../../i18n/en.js';
import { logIn } from './api.js';
import { Field, FormFooter } from './field.js';
import type { MemberMethod } from './login-methods.js';
import { FORGOT_MEMBERSHIP_PATH } from './password-step.js';
import { useCartIdForLogin, withCart } from './use-cart-id.js';

export interface MemberValues {
  scan_code: string;
  zip_code: string;
  last_name: string;
  password: string;
}

/** The second field of each member-id method (docs/memberships.md#3-being-recognised). */
const SECOND: Record<MemberMethod, { key: keyof MemberValues; label: string; max: number; type: string; autoComplete: string }> = {
  scan_code: { key: 'zip_code', label: en.account.zipCode, max: LOGIN_ZIP_MAX, type: 'text', autoComplete: 'postal-code' },
  scan_code_last_name: { key: 'last_name', label: en.account.lastName, max: LOGIN_TEXT_MAX, type: 'text', autoComplete: 'family-name' },
  scan_code_password: { key: 'password', label: en.account.password, max: PASSWORD_MAX, type: 'password', autoComplete: 'current-password' },
};

/** Pause after the last keystroke before a filled form tries by itself. */
export const MEMBER_AUTO_TRY_MS = 600;

/** Whether the filled-in fields make a complete attempt, and its key (one automatic try per set of values). */
export function memberAttempt(method: MemberMethod, values: MemberValues): string | null {
  const second = values[SECOND[method].key];
  if (!values.scan_code.trim() || !second.trim()) return null;
  return `${values.scan_code.trim()}\u0000${second.trim()}`;
}

/** Member id login (docs/memberships.md#2-buying): it tries by itself once every field is filled; a button tries again. */
export function MemberLoginForm({
  method,
  initial,
  initialError,
  onBack,
  onLoggedIn,
}: {
  method: MemberMethod;
  initial?: Partial<MemberValues>;
  initialError?: unknown;
  onBack?: () => void;
  onLoggedIn: (answer: TLoginAnswer) => void;
}) {
  const id = useId();
  const cartId = useCartIdForLogin();
  const [values, setValues] = useState<MemberValues>({ scan_code: '', zip_code: '', last_name: '', password: '', ...initial });
  const [failure, setFailure] = useState<string | null>(initialError ? errorMessage(initialError) : null);
  const [busy, setBusy] = useState(false);
  const tried = useRef<string | null>(initialError ? memberAttempt(method, { scan_code: '', zip_code: '', last_name: '', password: '', ...initial }) : null);
  const done = useRef(onLoggedIn);
  useLayoutEffect(() => {
    done.current = onLoggedIn;
  }, [onLoggedIn]);
  const second = SECOND[method];

  const attempt = useCallback(async () => {
    const key = memberAttempt(method, values);
    if (!key) return;
    tried.current = key;
    setBusy(true);
    setFailure(null);
    try {
      const body = { method, scan_code: values.scan_code.trim(), [second.key]: second.key === 'password' ? values.password : values[second.key].trim(), ...withCart(cartId) };
      done.current(await logIn(body));
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  }, [method, values, second.key, cartId]);

  useEffect(() => {
    const key = memberAttempt(method, values);
    if (!key || key === tried.current || busy) return;
    const timer = setTimeout(() => void attempt(), MEMBER_AUTO_TRY_MS);
    return () => clearTimeout(timer);
  }, [method, values, attempt, busy]);

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    void attempt();
  };
  const set = (key: keyof MemberValues) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));

  return (
    <form className="account-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <Field id={`${id}-scan`} label={en.account.scanCode} value={values.scan_code} maxLength={LOGIN_TEXT_MAX} autoComplete="off" required aria-required="true" data-autofocus onChange={set('scan_code')} />
      <Field
        id={`${id}-second`}
        label={second.label}
        type={second.type}
        value={values[second.key]}
        maxLength={second.max}
        autoComplete={second.autoComplete}
        required
        aria-required="true"
        onChange={set(second.key)}
      />
      <FormFooter failure={failure} busy={busy} text={en.account.login} busyText={en.account.loggingIn}>
        {onBack && (
          <button type="button" className="button button--secondary" onClick={onBack}>
            {en.account.back}
          </button>
        )}
      </FormFooter>
      <p className="account-form__aside">
        <Link to={FORGOT_MEMBERSHIP_PATH}>{en.account.forgotMembership}</Link>
      </p>
    </form>
  );
}
