import { en } from '../../i18n/en.js';
import { forgotMembership } from './api.js';
import { EmailRequestPage } from './email-request-page.js';
import { loggedOutOnly } from './guards.js';

/** /user/forgot-membership (docs/memberships.md#2-buying): the member id goes to the membership's address. */
export const loader = loggedOutOnly;

export function Component() {
  const t = en.account;
  return <EmailRequestPage title={t.forgotMembershipTitle} lead={t.forgotMembershipLead} submitText={t.forgotMembershipSend} sentText={t.forgotMembershipSent} send={forgotMembership} />;
}
