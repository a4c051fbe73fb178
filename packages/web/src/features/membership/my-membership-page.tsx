import { en } from '../../i18n/en.js';
import { MyAccountPage } from '../my-account/public.js';
import { DetailsSkeleton, MembershipDetails } from './membership-details.js';

/**
 * My Account membership details (/my/membership, docs/accounts.md#my-account): per membership its level, expiry (with
 * "renew from {date}" while renewal is not open), each card's member ID and QR image, and the way
 * to renew when renewal is allowed. A logged-out visitor sees a login form instead.
 */
export function Component() {
  return (
    <MyAccountPage className="my-membership" title={en.membership.detailsTitle} loginLead={en.membership.loginLead} loading={<DetailsSkeleton />}>
      <MembershipDetails headingLevel={2} />
    </MyAccountPage>
  );
}
