import { redirect } from 'react-router';
import { paths } from '../../lib/paths.js';
import { hasSession } from './session-cookie.js';

/** docs/accounts.md#web-screens: forgot-password, forgot-membership and reset-password send logged-in users away (home). */
export function loggedOutOnly() {
  if (hasSession()) throw redirect(paths.home);
  return null;
}
