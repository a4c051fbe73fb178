import { useEffect, useRef } from 'react';
import { en } from '../../i18n/en.js';
import { useDocumentTitle } from '../../ui/use-document-title.js';
import { useAccount } from './account-context.js';

/** /logout (docs/accounts.md#web-screens): ends the session, then home. */
export function Component() {
  useDocumentTitle(en.member.logout);
  const { logout } = useAccount();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout();
  }, [logout]);
  return (
    <section className="account-page" aria-busy="true">
      <p role="status">{en.account.loggingOut}</p>
    </section>
  );
}
