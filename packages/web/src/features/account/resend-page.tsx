import { RESEND_TEXT } from '@foyer/contracts/constants';
import { en } from '../../i18n/en.js';
import { resendOrders } from './api.js';
import { EmailRequestPage } from './email-request-page.js';
import { loggedOutOnly } from './guards.js';

/** /resend (docs/after-sale.md#resending-tickets Resend order): a logged-in user is sent home; others ask for their tickets by e-mail. */
export const loader = loggedOutOnly;

export function Component() {
  const t = en.resend;
  return <EmailRequestPage title={t.title} lead={t.lead} submitText={t.submit} sentText={t.sent} notFoundText={RESEND_TEXT.noOrders} send={resendOrders} />;
}
