import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../lib/paths.js';
import { en, format } from '../../i18n/en.js';
import { useOptionalCart } from '../../shared/cart/cart-context.js';
import { useOptionalAccount } from './account-context.js';
import { showLoginLinks } from './member-links.js';
import { useIsMember } from './use-is-member.js';
import { useConfigEntries } from '../../config/use-config.js';
import { myAccountPages } from '../../config/my-account-pages.js';
import { loadMembershipDetailsModal } from '../membership/public-routes.js';

// The membership details modal: its own chunk, loaded when a member first opens it.
const MembershipDetailsModal = lazy(loadMembershipDetailsModal);

/**
 * The member menu of the header (docs/memberships.md#2-buying): a logged-in member sees a greeting with the first name,
 * my account (their recent orders; not when the seller turned My Account off) and, for a member, membership details (a modal), and log out;
 * others see register and login links — guests only while their cart is owned by a public identity.
 */
export function MemberMenu() {
  const account = useOptionalAccount();
  const cart = useOptionalCart();
  const location = useLocation();
  const member = useIsMember();
  if (account?.user) return <LoggedInMenu firstName={account.user.first_name} member={member} onLogout={account.logout} />;
  if (account?.loading) return <nav className="member-menu" aria-label={en.member.menuLabel} aria-busy="true" />;
  if (!showLoginLinks(cart?.doc ?? null)) return null;
  const search = new URLSearchParams(location.search);
  search.set('login', '1');
  return (
    <nav className="member-menu" aria-label={en.member.menuLabel}>
      <Link to={{ pathname: location.pathname, search: `?${search.toString()}` }} replace>
        {en.member.login}
      </Link>
      <Link to={paths.membership} className="member-menu__primary">
        {en.member.register}
      </Link>
    </nav>
  );
}

function LoggedInMenu({ firstName, member, onLogout }: { firstName: string; member: boolean; onLogout: () => Promise<void> }) {
  const id = useId();
  const { pathname } = useLocation();
  // `web.my_account: false` (or no pages): no My account link, but for a member, whose membership is there.
  const hasMyAccount = myAccountPages(useConfigEntries()).length > 0;
  // Open on the page it was opened on: another page closes it, with no effect that could run after
  // (and undo) a click made the moment the menu appeared.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const [details, setDetails] = useState(false);
  // Kept mounted once opened, so the modal can slide away when closed.
  const [detailsUsed, setDetailsUsed] = useState(false);
  const rootRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const greeting = format(en.member.greeting, { name: firstName });
  return (
    <nav ref={rootRef} className="member-menu member-menu--in" aria-label={en.member.menuLabel}>
      <button ref={buttonRef} type="button" className="member-menu__toggle" aria-expanded={open} aria-controls={`${id}-list`} onClick={() => setOpen(!open)}>
        <span className="member-menu__greeting">{greeting}</span>
        <span className="member-menu__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <ul id={`${id}-list`} className="member-menu__list" hidden={!open}>
        {(member || hasMyAccount) && (
          <li>
            <Link to="/my">{en.member.myAccount}</Link>
          </li>
        )}
        {member && (
          <li>
            <button
              type="button"
              className="member-menu__item"
              aria-haspopup="dialog"
              onClick={() => {
                setOpen(false);
                setDetails(true);
                setDetailsUsed(true);
              }}
            >
              {en.member.membershipDetails}
            </button>
          </li>
        )}
        <li>
          <button type="button" className="member-menu__item" onClick={() => void onLogout()}>
            {en.member.logout}
          </button>
        </li>
      </ul>
      {detailsUsed && (
        <Suspense fallback={null}>
          <MembershipDetailsModal
            open={details}
            onClose={() => {
              setDetails(false);
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </nav>
  );
}
