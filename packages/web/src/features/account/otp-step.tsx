import { OTP_LENGTH } from '@foyer/contracts/constants';
import type { TLoginAnswer } from '@foyer/contracts';
import { useCallback, useEffect, useId, useLayoutEffect, useReducer, useRef, useState, type SubmitEvent } from 'react';
import { errorMessage } from '../../api/client.js';
import { en, format } from '../../i18n/en.js';
import { logIn, requestOtp } from './api.js';
import { Field } from './field.js';
import { storeLogin } from './login-storage.js';
import { initialOtpState, isCompleteOtp, normalizeOtp, OTP_HINT_MS, OTP_RETRY_MS, otpReducer } from './otp.js';
import { useCartIdForLogin, withCart } from './use-cart-id.js';

/** The otp_form step (docs/accounts.md#web-screens): the rules live in otp.ts; this wires them to the input and the timers. */
export function OtpStep({
  email,
  token,
  initialCode,
  redirectPath,
  onToken,
  onBack,
  onLoggedIn,
}: {
  email: string;
  token: string;
  initialCode?: string;
  redirectPath: string;
  onToken: (token: string) => void;
  onBack: () => void;
  onLoggedIn: (answer: TLoginAnswer) => void;
}) {
  const id = useId();
  const cartId = useCartIdForLogin();
  const [state, dispatch] = useReducer(otpReducer, initialOtpState);
  const [code, setCode] = useState(() => normalizeOtp(initialCode ?? ''));
  const [hint, setHint] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [lastSubmit, setLastSubmit] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = useRef(false);
  const done = useRef(onLoggedIn);
  useLayoutEffect(() => {
    done.current = onLoggedIn;
  }, [onLoggedIn]);

  const submit = useCallback(
    async (value: string) => {
      if (busy.current || state.locked) return;
      busy.current = true;
      dispatch({ type: 'submit' });
      setHint(false);
      setLastSubmit((n) => n + 1);
      try {
        const answer = await logIn({ method: 'otp', token, otp: value, ...withCart(cartId) });
        dispatch({ type: 'succeeded' });
        storeLogin(null);
        done.current(answer);
      } catch (error) {
        dispatch({ type: 'failed', error });
      } finally {
        busy.current = false;
      }
    },
    [state.locked, token, cartId],
  );

  // A passcode from the address submits by itself (docs/accounts.md#web-screens).
  const autoSubmitted = useRef(false);
  useEffect(() => {
    if (autoSubmitted.current || !isCompleteOtp(code) || !initialCode) return;
    autoSubmitted.current = true;
    void submit(code);
  }, [code, initialCode, submit]);

  // not_available_yet: the same code again after 5 s.
  useEffect(() => {
    if (!state.waiting) return;
    const timer = setTimeout(() => void submit(code), OTP_RETRY_MS);
    return () => clearTimeout(timer);
  }, [state.waiting, code, submit]);

  // 30 s without a submit: the code may not have arrived.
  useEffect(() => {
    if (state.locked) return;
    const timer = setTimeout(() => setHint(true), OTP_HINT_MS);
    return () => clearTimeout(timer);
  }, [lastSubmit, state.locked]);

  // Locked: focus goes to "send a new code".
  const resendRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (state.locked) resendRef.current?.focus();
  }, [state.locked]);

  const onChange = (text: string) => {
    const value = normalizeOtp(text);
    setCode(value);
    if (isCompleteOtp(value) && !state.submitting && !state.waiting) void submit(value);
  };

  const resend = async () => {
    setNotice(null);
    try {
      const answer = await requestOtp(email);
      storeLogin({ email, token: answer.token, redirectPath });
      onToken(answer.token);
      dispatch({ type: 'reset' });
      setCode('');
      setHint(false);
      setLastSubmit((n) => n + 1);
      setNotice(en.account.otpResent);
      inputRef.current?.focus();
    } catch (error) {
      setNotice(errorMessage(error));
    }
  };

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    if (isCompleteOtp(code)) void submit(code);
  };

  const fieldError = state.error ?? (code.length > 0 && !isCompleteOtp(code) && lastSubmit > 0 ? en.account.otpLength : null);

  return (
    <form className="account-form" noValidate onSubmit={onSubmit} aria-busy={state.submitting}>
      <p>{format(en.account.otpSent, { email })}</p>
      <Field
        ref={inputRef}
        id={`${id}-otp`}
        label={en.account.otpLabel}
        className="otp-input"
        type="text"
        inputMode="text"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={OTP_LENGTH + 4}
        value={code}
        required
        aria-required="true"
        readOnly={state.locked}
        aria-disabled={state.locked || undefined}
        data-autofocus
        data-locked={state.locked}
        error={fieldError}
        hint={en.account.otpLength}
        onChange={(e) => onChange(e.target.value)}
      />
      <p className="visually-hidden" role="status" aria-live="polite">
        {state.waiting ? en.account.otpWaiting : ''}
      </p>
      {state.waiting && <p className="field-hint">{en.account.otpWaiting}</p>}
      {hint && !state.locked && (
        <p className="notice notice--info" role="status">
          {en.account.otpHint}
        </p>
      )}
      {notice && (
        <p className="field-hint" role="status">
          {notice}
        </p>
      )}
      <div className="account-form__actions">
        <button type="submit" className="button" disabled={state.locked || state.submitting || !isCompleteOtp(code)}>
          {state.submitting ? en.account.loggingIn : en.account.login}
        </button>
        <button ref={resendRef} type="button" className="button button--secondary" onClick={() => void resend()}>
          {en.account.otpResend}
        </button>
      </div>
      <p className="account-form__aside">
        <button type="button" className="button--link" onClick={onBack}>
          {en.account.back}
        </button>
      </p>
    </form>
  );
}

/** otp_unavailable (docs/accounts.md#web-screens): the link was opened where the login did not start; show the code to copy. */
export function OtpUnavailable({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="account-form">
      <p className="otp-code" data-testid="otp-code">
        {code}
      </p>
      <p>{en.account.otpUnavailableText}</p>
      <div className="account-form__actions">
        <button type="button" className="button" onClick={() => void copy()}>
          {copied ? en.account.copied : en.account.copy}
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {copied ? en.account.copied : ''}
      </p>
    </div>
  );
}
