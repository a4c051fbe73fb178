import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.js';
import { paths } from '../../lib/paths.js';
import { en } from '../../i18n/en.js';
import { useDocumentTitle } from '../../ui/use-document-title.js';
import { useAccount } from './account-context.js';
import { finishExternalLogin, startExternalLogin } from './api.js';
import { EXTERNAL_LOGIN_PATH } from './external-login.js';
import { cookiesEnabled } from './session-cookie.js';
import { nextPath } from './set-email-page.js';
import { useCartIdForLogin, withCart } from './use-cart-id.js';

/**
 * External identity-provider login (docs/accounts.md#web-screens, docs/accounts.md#errors): /auth0-login goes to the provider; the provider
 * comes back to /auth0-callback with code and state, which the server checks and turns into a session.
 */
export function LoginStartPage() {
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- whether cookies work is the browser's to say (outside React), asked once
    if (!cookiesEnabled()) { setFailure(en.account.callbackCookies); return; }
    startExternalLogin(nextPath(params.get('redirectPath'), paths.home)).then(
      ({ url }) => window.location.assign(url),
      (error: unknown) => setFailure(isApiError(error) && error.code === 'not_configured' ? en.account.callbackNotInitialized : errorMessage(error)),
    );
  }, [params]);
  return <Status failure={failure} />;
}

/** docs/accounts.md#errors "error rethrow delay 5 seconds": a failure is shown this long, then goes on to the route's error boundary. */
export const CALLBACK_RETHROW_MS = 5000;
/** After moving history forward, still being here this long means there was nowhere to go. */
export const CALLBACK_FORWARD_GRACE_MS = 1000;

type CallbackPhase =
  | { kind: 'working' }
  /** An invalid state: a Back-button arrival on a finished login (docs/accounts.md#errors "moves history forward"). */
  | { kind: 'forward'; text: string }
  /** `error` set: an unexpected failure, rethrown after CALLBACK_RETHROW_MS. */
  | { kind: 'failed'; text: string; error?: unknown };

/** Whether the browser knows there is an entry ahead (Navigation API; unknown elsewhere). */
function canGoForward(): boolean | undefined {
  return (window as { navigation?: { canGoForward?: boolean } }).navigation?.canGoForward;
}

export function LoginCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { loggedIn } = useAccount();
  const cartId = useCartIdForLogin();
  const [phase, setPhase] = useState<CallbackPhase>({ kind: 'working' });
  const [fatal, setFatal] = useState<Error | null>(null);
  if (fatal) throw fatal;

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- whether cookies work is the browser's to say (outside React), asked once
    if (!cookiesEnabled()) { setPhase({ kind: 'failed', text: en.account.callbackCookies }); return; }
    const code = params.get('code');
    const state = params.get('state');
    const providerError = params.get('error_description') ?? params.get('error');
    if (providerError) { setPhase({ kind: 'failed', text: providerError, error: new Error(`identity provider: ${params.get('error') ?? providerError}`) }); return; }
    if (!code || !state) { setPhase({ kind: 'forward', text: en.account.callbackInvalidState }); return; }
    finishExternalLogin({ code, state, ...withCart(cartId) }).then(
      (answer) => loggedIn(answer, nextPath(answer.redirectPath, paths.home)),
      (error: unknown) => {
        if (isApiError(error) && error.code === 'invalid_state') { setPhase({ kind: 'forward', text: error.description }); return; }
        setPhase({ kind: 'failed', text: isApiError(error) && error.code === 'not_configured' ? en.account.callbackNotInitialized : errorMessage(error), error });
      },
    );
  }, [params, loggedIn, cartId]);

  // Invalid state: go forward again (where the finished login went). With nothing ahead the visitor
  // would wait forever, so after a moment (at once when the browser knows) the page says so instead.
  const forward = useEffectEvent(() => void navigate(1));
  useEffect(() => {
    if (phase.kind !== 'forward') return;
    const ahead = canGoForward();
    if (ahead !== false) forward();
    const timer = setTimeout(() => setPhase({ kind: 'failed', text: phase.text }), ahead === false ? 0 : CALLBACK_FORWARD_GRACE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  // An unexpected failure: shown first, then rethrown to the route's error boundary (which reports it).
  useEffect(() => {
    if (phase.kind !== 'failed' || phase.error === undefined) return;
    const { error, text } = phase;
    const timer = setTimeout(() => setFatal(new Error(`External login failed: ${text}`, { cause: error })), CALLBACK_RETHROW_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  return <Status failure={phase.kind === 'failed' ? phase.text : null} />;
}

function Status({ failure }: { failure: string | null }) {
  const title = failure ? en.account.callbackFailedTitle : en.account.callbackTitle;
  useDocumentTitle(title);
  return (
    <section className="account-page" aria-labelledby="page-title" aria-busy={!failure}>
      <h1 id="page-title" className="page-title">
        {title}
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
