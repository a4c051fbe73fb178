import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { useConfigEntries } from '../../config/use-config.js';
import { en } from '../../i18n/en.js';
import { useOptionalAccount } from '../account/account-context.js';
import { userQuery } from '../account/api.js';
import { MY_ACCOUNT_PATHS, myAccountPages } from './pages.js';

/** Whether the logged-in user holds member cards or a member id (their My Account has a Membership page). */
export function useIsMember(): boolean {
  const account = useOptionalAccount();
  const cards = useQuery(userQuery(!!account?.user)).data?.membership?._data.length ?? 0;
  return !!account?.user && (account.user.scan_code !== null || cards > 0);
}

/** The My Account pages (001 §2): Membership for members, then the configured pages; the current one marked. */
export function MyAccountNav() {
  const entries = useConfigEntries();
  const account = useOptionalAccount();
  const member = useIsMember();
  if (!account?.user) return null;
  const links = [...(member ? [{ to: '/my/membership', label: en.myAccount.membership }] : []), ...myAccountPages(entries).map((page) => ({ to: MY_ACCOUNT_PATHS[page], label: en.myAccount[page] }))];
  return (
    <nav className="my-account-nav" aria-label={en.myAccount.navLabel}>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink className="chip" to={link.to} end>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
