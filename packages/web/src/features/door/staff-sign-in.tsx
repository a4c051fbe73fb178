import type { TAdminSession } from '@foyer/contracts';
import { useState, type FormEvent } from 'react';
import { doorText } from '../../i18n/en-door.js';
import { SignInRefused, staffSignIn } from './door-auth.js';

type Step = { at: 'password' } | { at: 'totp'; session: TAdminSession };

/**
 * The door's staff sign-in (docs/door.md): e-mail and password, then the authenticator's code when
 * the role needs one (box office, admin) — first enrolled from the QR code shown here.
 */
export function StaffSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [step, setStep] = useState<Step>({ at: 'password' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<TAdminSession>) {
    setBusy(true);
    setProblem(null);
    try {
      const session = await action();
      if (session.stage === 'complete') onSignedIn();
      else setStep({ at: 'totp', session });
    } catch (error) {
      setProblem(error instanceof SignInRefused ? error.message : doorText.loadFailed);
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(() => (step.at === 'password' ? staffSignIn.password(email.trim(), password) : staffSignIn.totp(code.trim())));
  }

  return (
    <form className="door-card" onSubmit={submit} aria-busy={busy}>
      <h1>{doorText.signInTitle}</h1>
      {step.at === 'password' ? (
        <>
          <label className="door-field">
            <span>{doorText.emailLabel}</span>
            <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="username" required />
          </label>
          <label className="door-field">
            <span>{doorText.passwordLabel}</span>
            <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required aria-invalid={problem ? true : undefined} />
          </label>
        </>
      ) : (
        <>
          {step.session.stage === 'totp_enrolment' && step.session.qr_code_svg && (
            <>
              <p className="door-muted">{doorText.totpEnrol}</p>
              {/* The server's own SVG of the otpauth URI (no script: an <svg> of paths). */}
              <div className="door-totp-qr" role="img" aria-label={doorText.totpQr} dangerouslySetInnerHTML={{ __html: step.session.qr_code_svg }} />
            </>
          )}
          <label className="door-field">
            <span>{doorText.totpLabel}</span>
            <input inputMode="numeric" pattern="\d{6}" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="one-time-code" required aria-invalid={problem ? true : undefined} />
          </label>
        </>
      )}
      {problem && (
        <p className="door-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="door-button door-button--go" disabled={busy}>
        {step.at === 'password' ? doorText.signIn : doorText.totpConfirm}
      </button>
    </form>
  );
}
