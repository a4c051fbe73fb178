import { en } from '../../i18n/en.js';
import { requestPasswordReset } from './api.js';
import { EmailRequestPage } from './email-request-page.js';
import { loggedOutOnly } from './guards.js';

/** /user/forgot-password (docs/accounts.md#web-screens): a link to set a new password goes to the address. */
export const loader = loggedOutOnly;

export function Component() {
  const t = en.account;
  return <EmailRequestPage title={t.forgotPasswordTitle} lead={t.forgotPasswordLead} submitText={t.forgotPasswordSend} sentText={t.forgotPasswordSent} send={requestPasswordReset} />;
}
