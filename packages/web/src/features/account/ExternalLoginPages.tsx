import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.js';
import { paths } from '../../app/paths.js';
import { en } from '../../i18n/en.js';
import { useDocumentTitle } from '../../ui/useDocumentTitle.js';
import { useAccount } from './AccountContext.js';
import { finishExternalLogin, startExternalLogin } from './api.js';
import { EXTERNAL_LOGIN_PATH } from './ExternalLogin.js';
import { cookiesEnabled } from './session-cookie.js';
import { nextPath } from './SetEmailPage.js';
import { useCartIdForLogin, withCart } from './use-cart-id.js';

/**
 * External identity-provider login (001 §2, §8): /auth0-login goes to the provider; the provider
 * comes back to /auth0-callback with code and state, which the server checks and turns into a session.
 */
export function LoginStartPage() {
  useDocumentTitle(en.account.callbackTitle);
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!cookiesEnabled()) return setFailure(en.account.callbackCookies);
    startExternalLogin(nextPath(params.get('redirectPath'), paths.home)).then(
      ({ url }) => window.location.assign(url),
      (error: unknown) => setFailure(isApiError(error) && error.code === 'not_configured' ? en.account.callbackNotInitialized : errorMessage(error)),
    );
  }, [params]);
  return <Status failure={failure} />;
}

export function LoginCallbackPage() {
  useDocumentTitle(en.account.callbackTitle);
  const [params] = useSearchParams();
  const { loggedIn } = useAccount();
  const cartId = useCartIdForLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!cookiesEnabled()) return setFailure(en.account.callbackCookies);
    const code = params.get('code');
    const state = params.get('state');
    const providerError = params.get('error_description') ?? params.get('error');
    if (providerError) return setFailure(providerError);
    if (!code || !state) {
      // Back-button arrival on a used callback: go forward again (001 §8 "invalid state moves history forward").
      window.history.forward();
      return setFailure(en.account.callbackFailed);
    }
    finishExternalLogin({ code, state, ...withCart(cartId) }).then(
      (answer) => loggedIn(answer, nextPath(answer.redirectPath, paths.home)),
      (error: unknown) => {
        if (isApiError(error) && error.code === 'invalid_state') window.history.forward();
        setFailure(isApiError(error) && error.code === 'not_configured' ? en.account.callbackNotInitialized : errorMessage(error));
      },
    );
  }, [params, loggedIn, cartId]);
  return <Status failure={failure} />;
}

function Status({ failure }: { failure: string | null }) {
  return (
    <section className="account-page" aria-labelledby="page-title" aria-busy={!failure}>
      <h1 id="page-title" className="page-title">
        {en.account.callbackTitle}
      </h1>
      {failure ? (
        <div className="notice notice--error" role="alert">
          <p>{failure}</p>
          <p>
            <Link to={EXTERNAL_LOGIN_PATH}>{en.errors.retry}</Link> · <Link to={paths.home}>{en.errors.backHome}</Link>
          </p>
        </div>
      ) : (
        <p role="status">{en.app.loading}</p>
      )}
    </section>
  );
}

export const Component = LoginStartPage;
