import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client.js';
import { en, format } from '../../i18n/en.js';
import { providersQuery, startExternalLogin } from './api.js';

/** Path of the external login start route (docs/accounts.md#web-screens). */
export const EXTERNAL_LOGIN_PATH = '/auth0-login';

/** "Log in with …" for each identity provider the server has configured (none: nothing shows). */
export function ExternalLoginButtons({ redirectPath }: { redirectPath: string }) {
  const providers = useQuery(providersQuery());
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const list = providers.data?.login_provider._data ?? [];
  if (!list.length) return null;
  const go = async (label: string) => {
    setBusy(label);
    setFailure(null);
    try {
      const { url } = await startExternalLogin(redirectPath);
      window.location.assign(url);
    } catch (error) {
      setBusy(null);
      setFailure(errorMessage(error));
    }
  };
  return (
    <div className="external-login">
      {list.map((provider) => (
        <button key={provider.id} type="button" className="button button--secondary external-login__button" disabled={busy !== null} onClick={() => void go(provider.label)}>
          {busy === provider.label ? format(en.account.externalRedirecting, { provider: provider.label }) : format(en.account.externalLogin, { provider: provider.label })}
        </button>
      ))}
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
