import { en } from '../../i18n/en.js';
import { useDocumentTitle } from '../../ui/use-document-title.js';
import { useOptionalAccount } from '../account/account-context.js';
import { LoginPanel } from '../account/login-panel.js';
import { MyAccountNav } from '../my-account/my-account-nav.js';
import { DetailsSkeleton, MembershipDetails } from './membership-details.js';

/**
 * My Account membership details (/my/membership, 001 §2): per membership its level, expiry (with
 * "renew from {date}" while renewal is not open), each card's member ID and QR image, and the way
 * to renew when renewal is allowed. A logged-out visitor sees a login form instead.
 */
export function Component() {
  useDocumentTitle(en.membership.detailsTitle);
  const account = useOptionalAccount();
  const loggedIn = !!account?.user;
  return (
    <section className="my-membership" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        {en.membership.detailsTitle}
      </h1>
      <MyAccountNav />
      {account?.loading ? <DetailsSkeleton /> : loggedIn ? <MembershipDetails headingLevel={2} /> : <LoginPanel lead={en.membership.loginLead} />}
    </section>
  );
}
