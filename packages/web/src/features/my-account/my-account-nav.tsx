import { NavLink } from 'react-router';
import { useConfigEntries } from '../../config/use-config.js';
import { en } from '../../i18n/en.js';
import { useOptionalAccount, useIsMember } from '../account/public.js';
import { MY_ACCOUNT_PATHS, myAccountPages } from '../../config/my-account-pages.js';

/** The My Account pages (docs/accounts.md#my-account): Membership for members, then the configured pages; the current one marked. */
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
