import { SESSION_EXPIRES_COOKIE, type TDocument } from '@foyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../../api/client.js';
import { paths } from '../../../app/paths.js';
import { en } from '../../../i18n/en.js';

/** A membership as GET my/membership lists it (only the fields the notice needs). */
export interface MembershipPeriod {
  valid_to: string | null;
}

/** True when memberships were bought earlier and none is current any more (000 §6). */
export function membershipExpired(memberships: readonly MembershipPeriod[], now: Date): boolean {
  if (!memberships.length) return false;
  return memberships.every((m) => m.valid_to !== null && new Date(m.valid_to).getTime() <= now.getTime());
}

function hasSessionCookie(): boolean {
  return typeof document !== 'undefined' && document.cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_EXPIRES_COOKIE}=`));
}

/** The logged-in member's memberships; none for visitors (and while the call is not answered). */
function useMemberships(): MembershipPeriod[] {
  const loggedIn = hasSessionCookie();
  const query = useQuery({
    queryKey: ['membership', 'list', { mine: true }] as const,
    queryFn: ({ signal }) => api.get<TDocument & { membership?: { _data: MembershipPeriod[] } }>('my/membership', { signal }),
    enabled: loggedIn,
    retry: false,
    staleTime: 60_000,
  });
  return loggedIn ? (query.data?.membership?._data ?? []) : [];
}

/**
 * Members-only notice (000 §2, §6): an event only members may book, for a visitor who is not a
 * current member — log in or sign up; a member whose memberships have all ended is asked to renew.
 */
export function MembersOnlyNotice() {
  const expired = membershipExpired(useMemberships(), new Date());
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
            <Link className="button" to={paths.login}>
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

/**
 * Buy-membership events (000 §2) are sold from the membership page, which arrives with its own
 * issue: this event shows its levels' prices and the way there (the membership event itself is
 * that page until then, so no link back to itself).
 */
export function MembershipNotice({ isMembershipPage }: { isMembershipPage: boolean }) {
  return (
    <section className="panel step members-only" aria-labelledby="membership-title">
      <h2 id="membership-title" className="step__title">
        {en.flows.membershipTitle}
      </h2>
      <p>{isMembershipPage ? en.placeholders.membership.text : en.flows.membershipText}</p>
      {!isMembershipPage && (
        <div className="members-only__actions">
          <Link className="button" to={paths.membership}>
            {en.flows.membershipGo}
          </Link>
        </div>
      )}
    </section>
  );
}
