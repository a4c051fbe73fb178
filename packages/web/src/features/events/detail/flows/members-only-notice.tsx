import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../../lib/paths.js';
import { en } from '../../../../i18n/en.js';
import { userQuery, hasSession } from '../../../account/public.js';

/** A membership as GET my/user carries it (only the field the notice needs). */
export interface MembershipPeriod {
  valid_to: string | null;
}

/** True when memberships were bought earlier and none is current any more (docs/memberships.md#3-being-recognised). */
export function membershipExpired(memberships: readonly MembershipPeriod[], now: Date): boolean {
  if (!memberships.length) return false;
  return memberships.every((m) => m.valid_to !== null && new Date(m.valid_to).getTime() <= now.getTime());
}

/** The logged-in member's memberships (GET my/user carries them); none for visitors. */
function useMemberships(): MembershipPeriod[] {
  const loggedIn = hasSession();
  const query = useQuery(userQuery(loggedIn));
  return loggedIn ? (query.data?.membership._data ?? []) : [];
}

/**
 * Members-only notice (docs/events.md#members-only-events): an event only members may book, for a visitor who is not a
 * current member — log in or sign up; a member whose memberships have all ended is asked to renew.
 */
export function MembersOnlyNotice() {
  const expired = membershipExpired(useMemberships(), new Date());
  const location = useLocation();
  // The login modal opens over this event (the account area reads the login flag).
  const search = new URLSearchParams(location.search);
  search.set('login', '1');
  return (
    <section className="panel step members-only" aria-labelledby="members-only-title">
      <h2 id="members-only-title" className="step__title">
        {en.flows.membersOnlyTitle}
      </h2>
      <p role="status">{expired ? en.flows.membershipExpired : en.flows.membersOnlyText}</p>
      <div className="members-only__actions">
        {expired ? (
          <Link className="button" to={`${paths.membership}/renew`}>
            {en.flows.membershipRenew}
          </Link>
        ) : (
          <>
            <Link className="button" to={{ pathname: location.pathname, search: `?${search.toString()}` }} replace>
              {en.flows.membersOnlyLogin}
            </Link>
            <Link className="button button--secondary" to={paths.membership}>
              {en.flows.membersOnlySignUp}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
