import type { TLoginAnswer, TUserDocument } from '@foyer/contracts';
import { useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useConfigEntries } from '../../config/use-config.js';
import { en } from '../../i18n/en.js';
import { Modal } from '../../ui/modal.js';
import { EmailStep } from './email-step.js';
import { ExternalLoginButtons } from './external-login.js';
import { loginMethods, memberMethodOf } from './login-methods.js';
import { MemberLoginForm, type MemberValues } from './member-login-form.js';
import { OtpStep, OtpUnavailable } from './otp-step.js';
import { PasswordStep } from './password-step.js';
import { RegisterForm } from './register-form.js';
import { cookiesEnabled } from './session-cookie.js';
import { withoutLoginParams } from './url-params.js';

/** The steps of the login flow (docs/accounts.md#web-screens) plus registration and the member-id form. */
export type LoginStep = 'email' | 'password' | 'otp_form' | 'otp_unavailable' | 'register' | 'member';

export interface LoginRequest {
  /** A new id opens the flow afresh. */
  id: number;
  /** Where it was opened: leaving that page closes it. */
  path: string;
  step?: LoginStep;
  email?: string;
  token?: string;
  otp?: string;
  redirectPath?: string | null;
  /** A refusal to show at once (an automatic member login that failed). */
  error?: unknown;
  member?: Partial<MemberValues>;
}

export interface LoginModalProps {
  request: LoginRequest | null;
  onClose: () => void;
  onLoggedIn: (answer: TUserDocument | TLoginAnswer, redirectPath?: string | null) => void;
}

/** The modal's title names the step the visitor is on (the e-mail step, and notices, say "Log in"). */
export const LOGIN_STEP_TITLES: Record<LoginStep, string> = {
  email: en.account.loginTitle,
  password: en.account.passwordTitle,
  otp_form: en.account.otpTitle,
  otp_unavailable: en.account.otpUnavailableTitle,
  register: en.account.registerTitle,
  member: en.account.memberTitle,
};

/** The login modal (docs/accounts.md#web-screens modals: login): a modal on desktop, a drawer on phones. */
export function LoginModal({ request, onClose, onLoggedIn }: LoginModalProps) {
  const [title, setTitle] = useState<string>(en.account.loginTitle);
  return (
    <Modal open={request !== null} title={title} onClose={onClose}>
      {request && <LoginFlow key={request.id} request={request} onLoggedIn={onLoggedIn} onTitle={setTitle} />}
    </Modal>
  );
}

export function LoginFlow({ request, onLoggedIn, onTitle }: { request: LoginRequest; onLoggedIn: LoginModalProps['onLoggedIn']; onTitle?: (title: string) => void }) {
  const entries = useConfigEntries();
  const location = useLocation();
  const methods = loginMethods(entries);
  const memberMethod = memberMethodOf(methods);
  const [step, setStep] = useState<LoginStep>(request.step ?? (methods.includes('password') || methods.includes('otp') ? 'email' : memberMethod ? 'member' : 'email'));
  const [email, setEmail] = useState(request.email ?? '');
  const [token, setToken] = useState(request.token ?? '');
  const [cookies] = useState(cookiesEnabled);
  // Never back to the login flag itself, even before the address has dropped it.
  const redirectPath = request.redirectPath ?? location.pathname + withoutLoginParams(location.search);
  // A notice instead of a form (cookies off, no login method) keeps the plain title.
  const title = cookies && (step === 'otp_unavailable' || methods.length) ? LOGIN_STEP_TITLES[step] : en.account.loginTitle;
  // Before paint: the dialog never shows (nor announces) the previous step's title.
  useLayoutEffect(() => onTitle?.(title), [title, onTitle]);

  if (!cookies) {
    return (
      <p className="notice notice--warning" role="alert">
        {en.account.cookiesDisabled}
      </p>
    );
  }
  if (step === 'otp_unavailable') return <OtpUnavailable code={request.otp ?? ''} />;
  if (!methods.length) {
    return (
      <p className="notice notice--info" role="status">
        {en.account.loginDisabled}
      </p>
    );
  }
  const done = (answer: TUserDocument | TLoginAnswer) => onLoggedIn(answer, step === 'otp_form' && request.otp ? redirectPath : null);

  switch (step) {
    case 'password':
      return <PasswordStep email={email} onBack={() => setStep('email')} onLoggedIn={done} />;
    case 'otp_form':
      return (
        <OtpStep
          email={email}
          token={token}
          initialCode={request.otp}
          redirectPath={redirectPath}
          onToken={setToken}
          onBack={() => setStep('email')}
          onLoggedIn={done}
        />
      );
    case 'register':
      return <RegisterForm initialEmail={email} onLogin={() => setStep('email')} onRegistered={(doc) => onLoggedIn(doc)} />;
    case 'member':
      return (
        <MemberLoginForm
          method={memberMethod ?? 'scan_code'}
          initial={request.member}
          initialError={request.error}
          onBack={methods.includes('password') || methods.includes('otp') ? () => setStep('email') : undefined}
          onLoggedIn={done}
        />
      );
    default:
      return (
        <>
          <EmailStep
            email={email}
            methods={methods}
            redirectPath={redirectPath}
            onPassword={(value) => {
              setEmail(value);
              setStep('password');
            }}
            onOtp={(value, newToken) => {
              setEmail(value);
              setToken(newToken);
              setStep('otp_form');
            }}
            onRegister={(value) => {
              setEmail(value);
              setStep('register');
            }}
            onMember={memberMethod ? () => setStep('member') : undefined}
          />
          <ExternalLoginButtons redirectPath={redirectPath} />
        </>
      );
  }
}
