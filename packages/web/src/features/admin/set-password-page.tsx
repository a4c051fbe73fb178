import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.js';
import { adminText as t } from '../../i18n/en-admin.js';
import { adminCall } from './admin-api.js';
import './admin.css';
import { formText, onFormData } from '../../lib/form-data.js';

/** The one-time link of `staff add` (docs/box-office.md): sets the staff member's password. */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<'form' | 'done'>('form');
  const [error, setError] = useState<string | null>(null);
  return (
    <main id="main" className="admin-signin">
      <h1>{t.setPassword.title}</h1>
      {!token && <p role="alert">{t.setPassword.missing}</p>}
      {token && state === 'done' && (
        <p role="status">
          {t.setPassword.done} <Link to="/admin">{t.setPassword.signIn}</Link>
        </p>
      )}
      {token && state === 'form' && (
        <form
          className="admin-form"
          onSubmit={onFormData((f) => {
            const password = formText(f, 'password');
            adminCall('password', { method: 'POST', body: { token, password } }).then(
              () => setState('done'),
              (failure: unknown) => setError(errorMessage(failure)),
            );
          })}
        >
          {error && (
            <p className="notice notice--error" role="alert">
              {error}
            </p>
          )}
          <label>
            {t.setPassword.password}
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the page exists to type this one field; staff arrive to set their password */}
            <input name="password" type="password" autoComplete="new-password" minLength={8} required autoFocus />
          </label>
          <button type="submit" className="button">
            {t.setPassword.submit}
          </button>
        </form>
      )}
    </main>
  );
}
