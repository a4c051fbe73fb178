import { useState, type SubmitEvent } from 'react';
import type { TAdminMeAnswer } from '@foyer/contracts';
import { errorMessage } from '../../api/client.js';
import { adminText as t, fill } from '../../i18n/en-admin.js';
import { adminCall } from './admin-api.js';
// Its styles come along: the door (/admin/door) shows this screen outside the staff app's frame.
import './admin.css';
import { formText } from '../../lib/form-data.js';

/**
 * Staff sign-in (docs/box-office.md), for the staff app and the door alike: e-mail and password,
 * then the TOTP code when the role needs one (enrolling with a QR code the first time, shown as an
 * <img> of the server's SVG: no markup of the answer is put into the page).
 */
export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [session, setSession] = useState<TAdminMeAnswer['admin_session'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>, work: (form: FormData) => Promise<void>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await work(new FormData(event.currentTarget));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  const login = (form: FormData) =>
    adminCall<TAdminMeAnswer>('login', { method: 'POST', body: { email: formText(form, 'email'), password: formText(form, 'password') } }).then((answer) => {
      if (answer.admin_session.stage === 'complete') onSignedIn();
      else setSession(answer.admin_session);
    });
  const verify = (form: FormData) => adminCall<TAdminMeAnswer>('login/totp', { method: 'POST', body: { code: formText(form, 'code').replace(/\s/g, '') } }).then(() => onSignedIn());
  const secret = session?.otpauth_uri ? new URL(session.otpauth_uri).searchParams.get('secret') : null;

  return (
    <main id="main" className="admin-signin">
      <h1>{session ? t.signIn.totpTitle : t.signIn.title}</h1>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {!session ? (
        <form onSubmit={(e) => void submit(e, login)} className="admin-form">
          <label>
            {t.signIn.email}
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the staff sign-in page is this form; its first field is where staff start typing */}
            <input name="email" type="email" autoComplete="username" required autoFocus />
          </label>
          <label>
            {t.signIn.password}
            <input name="password" type="password" autoComplete="current-password" required />
          </label>
          <button type="submit" className="button" disabled={busy}>
            {t.signIn.submit}
          </button>
        </form>
      ) : (
        <form onSubmit={(e) => void submit(e, verify)} className="admin-form">
          {session.qr_code_svg ? (
            <>
              <p>{t.signIn.enrolLead}</p>
              <img className="admin-signin__qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(session.qr_code_svg)}`} alt={t.signIn.qrAlt} width={200} height={200} />
              {secret && <p className="admin-signin__secret">{fill(t.signIn.enrolManual, { secret })}</p>}
            </>
          ) : (
            <p>{t.signIn.totpLead}</p>
          )}
          <label>
            {t.signIn.code}
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the code step replaces the e-mail form, focus would otherwise be lost on the removed field */}
            <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" required autoFocus />
          </label>
          <button type="submit" className="button" disabled={busy}>
            {t.signIn.verify}
          </button>
        </form>
      )}
    </main>
  );
}
