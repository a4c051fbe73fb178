import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TLoginAnswer, TUser, TUserDocument } from '@foyer/contracts';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../api/client.js';
import { paths } from '../../lib/paths.js';
import { useCartContext } from '../../shared/cart/cart-context.js';
import { logIn, logOut, userOf, userQuery, userQueryKey } from './api.js';
import { LoginModal, type LoginRequest } from './login-modal.js';
import { LoginOrGuestDialog } from './login-or-guest-dialog.js';
import { readStoredLogin } from './login-storage.js';
import { leaveFor } from './leave-for.js';
import { sessionExpires, SESSION_POLL_MS } from './session-cookie.js';
import { readAutoLogin, readLoginFlag, readOtpParam } from './url-params.js';

/**
 * The logged-in member for the whole app (docs/accounts.md#cookies): the session cookie polled every second
 * (its disappearance ends the session and goes home), the user, the login modal and the address's
 * login parameters (login flag, otp, member_code / zip_code / login.*).
 */
interface AccountContextValue {
  user: TUser | null;
  /** The user read (GET my/user, with its membership cards) while a session cookie exists: one read the member parts share. */
  userDocument: TUserDocument | undefined;
  /** A session cookie exists but the user is still being read. */
  loading: boolean;
  openLogin: (request?: Omit<LoginRequest, 'id' | 'path'>) => void;
  logout: () => Promise<void>;
  /** After any successful login (password, passcode, member id, registration, external). */
  loggedIn: (answer: TUserDocument | TLoginAnswer, redirectPath?: string | null) => void;
  /** The login-or-guest dialog (docs/accounts.md#web-screens): `onGuest` runs when the visitor goes on as a guest. */
  askLoginOrGuest: (onGuest: () => void) => void;
}

const AccountContext = createContext<AccountContextValue | null>(null);

/** Fired on every successful login (docs/accounts.md#web-screens "a login-success event fires"). */
export const LOGIN_SUCCESS_EVENT = 'foyer:login-success';

export function AccountProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { store } = useCartContext();
  const [cookie, setCookie] = useState<string | null>(() => sessionExpires());
  const [request, setRequest] = useState<LoginRequest | null>(null);
  const [guestChoice, setGuestChoice] = useState<(() => void) | null>(null);
  const counter = useRef(0);
  const query = useQuery(userQuery(cookie !== null));
  const user = cookie ? userOf(query.data) : null;

  // docs/accounts.md#cookies: the session cookie is polled every second; when it goes, the session ends here too.
  const previous = useRef(cookie);
  useEffect(() => {
    const timer = setInterval(() => setCookie(sessionExpires()), SESSION_POLL_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    const had = previous.current;
    previous.current = cookie;
    if (had && !cookie) {
      queryClient.removeQueries({ queryKey: userQueryKey });
      void store.refresh();
      void navigate(paths.home);
    }
  }, [cookie, queryClient, store, navigate]);

  // A session the server no longer knows (401 on my/user) is over as well.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reads the session cookie (outside React) again once the server says the session is over
    if (isApiError(query.error) && query.error.status === 401) setCookie(sessionExpires());
  }, [query.error]);

  // The router's path (in a memory router it is not window.location's).
  const pathRef = useRef(location.pathname);
  useLayoutEffect(() => {
    pathRef.current = location.pathname;
  }, [location.pathname]);
  const openLogin = useCallback((next: Omit<LoginRequest, 'id' | 'path'> = {}) => setRequest({ ...next, id: ++counter.current, path: pathRef.current }), []);

  const loggedIn = useCallback(
    (answer: TUserDocument | TLoginAnswer, redirectPath?: string | null) => {
      queryClient.setQueryData(userQueryKey, answer);
      setCookie(sessionExpires());
      previous.current = sessionExpires();
      setRequest(null);
      // The guest's cart moved to the member when the server kept it; any other cart is cleared by the refresh rules.
      void store.refresh();
      window.dispatchEvent(new CustomEvent(LOGIN_SUCCESS_EVENT));
      if (redirectPath) void navigate(redirectPath);
    },
    [queryClient, store, navigate],
  );

  const logout = useCallback(async () => {
    // A user of the external identity provider is logged out there too (its address comes with the answer), else goes home.
    let endSession: string | null = null;
    try {
      endSession = (await logOut()).end_session_url ?? null;
    } finally {
      previous.current = null;
      setCookie(sessionExpires());
      queryClient.removeQueries({ queryKey: userQueryKey });
      store.clear();
      if (endSession) leaveFor(endSession);
      else void navigate(paths.home);
    }
  }, [queryClient, store, navigate]);

  // The address's login parameters: read once, acted on, removed (docs/routes.md#guards navigation guards).
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const key = location.key + location.search;
    if (handled.current === key) return;
    handled.current = key;
    const otp = readOtpParam(location.search);
    const flag = readLoginFlag(otp.search);
    const auto = readAutoLogin(flag.search);
    if (auto.search === location.search) return;
    void navigate({ pathname: location.pathname, search: auto.search, hash: location.hash }, { replace: true, state: location.state as unknown });

    if (otp.otp) {
      const stored = readStoredLogin();
      openLogin(stored ? { step: 'otp_form', email: stored.email, token: stored.token, redirectPath: stored.redirectPath, otp: otp.otp } : { step: 'otp_unavailable', otp: otp.otp });
      return;
    }
    if (auto.body && !sessionExpires()) {
      const { cartId } = store.getSnapshot();
      const body = { ...auto.body, ...(cartId ? { cart_id: cartId } : {}) };
      logIn(body).then(
        (answer) => loggedIn(answer),
        (error: unknown) => openLogin({ step: 'member', error, member: { scan_code: body.scan_code, zip_code: body.zip_code, last_name: body.last_name } }),
      );
      return;
    }
    if (flag.open && !sessionExpires()) openLogin();
  }, [location, navigate, openLogin, loggedIn, store]);

  // Following a link out of the modal (forgot password, …) closes it.
  // (react.dev: storing information from previous renders)
  const { pathname } = location;
  const [shownPath, setShownPath] = useState(pathname);
  if (pathname !== shownPath) {
    setShownPath(pathname);
    if (request && request.path !== pathname) setRequest(null);
  }

  const askLoginOrGuest = useCallback((onGuest: () => void) => setGuestChoice(() => onGuest), []);

  const value = useMemo<AccountContextValue>(
    () => ({ user, userDocument: cookie ? query.data : undefined, loading: cookie !== null && query.isPending, openLogin, logout, loggedIn, askLoginOrGuest }),
    [user, cookie, query.data, query.isPending, openLogin, logout, loggedIn, askLoginOrGuest],
  );

  return (
    <AccountContext.Provider value={value}>
      {children}
      <LoginModal request={request} onClose={() => setRequest(null)} onLoggedIn={loggedIn} />
      <LoginOrGuestDialog
        open={guestChoice !== null}
        onLogin={() => {
          setGuestChoice(null);
          openLogin();
        }}
        onGuest={() => {
          const go = guestChoice;
          setGuestChoice(null);
          go?.();
        }}
        onClose={() => setGuestChoice(null)}
      />
    </AccountContext.Provider>
  );
}

export function useAccount(): AccountContextValue {
  const value = useContext(AccountContext);
  if (!value) throw new Error('useAccount outside AccountProvider');
  return value;
}

/** The account, or null outside the provider (pages rendered alone in tests). */
export function useOptionalAccount(): AccountContextValue | null {
  return useContext(AccountContext);
}
