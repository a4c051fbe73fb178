import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useOptionalAccount } from './account-context.js';
import { LoginFlow } from './login-modal.js';

/** A page's login form for a logged-out visitor (My Account pages, docs/accounts.md#my-account): back to this page after. */
export function LoginPanel({ lead }: { lead: string }) {
  const account = useOptionalAccount();
  const { pathname } = useLocation();
  const request = useMemo(() => ({ id: 1, path: pathname, redirectPath: pathname }), [pathname]);
  return (
    <div className="panel my-membership__login">
      <p className="page-lead">{lead}</p>
      {account && <LoginFlow request={request} onLoggedIn={(answer) => account.loggedIn(answer)} />}
    </div>
  );
}
