import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.js';
import { useSeller } from '../../config/use-config.js';
import { en } from '../../i18n/en.js';
import { ErrorNotice } from '../../ui/error-notice.js';
import { useOptionalAccount } from '../account/public.js';
import type { EventDetail } from '../../shared/events/model.js';
import { typeKey } from '../events/public.js';
import { myMembershipQuery } from './api.js';
import { MembershipSkeleton } from './buy-membership.js';
import { MembershipAddBar } from './membership-add-bar.js';
import { cardSets, renewableSet } from './cards.js';
import { CardSetSummary } from './card-set-summary.js';
import { useMembershipAdd } from './use-membership-add.js';

/**
 * Renew a membership (/events/{id}/renew, /membership/renew; docs/memberships.md#5-renewal): the logged-in member's
 * membership with its level and cards; renewal is offered only within the level's allowed period
 * before expiry — outside it the expiry text adds "renew from {date}" and says it cannot be
 * renewed yet. A renewal adds the level's ticket with the membership to renew (same member ids).
 */
export function RenewMembership({ detail, currency }: { detail: EventDetail; currency: string }) {
  const id = useId();
  const account = useOptionalAccount();
  const seller = useSeller();
  const loggedIn = !!account?.user;
  const mine = useQuery(myMembershipQuery(loggedIn));
  const { sessionQuery, session, add, submitting, error } = useMembershipAdd(detail);
  const sets = useMemo(() => cardSets(mine.data?.membership?._data ?? []), [mine.data]);

  const panel = (children: React.ReactNode) => (
    <section className="panel step membership-renew" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="step__title">
        {en.membership.renewTitle}
      </h2>
      {children}
    </section>
  );

  if (account?.loading) return <MembershipSkeleton />;
  if (!loggedIn) {
    return panel(
      <>
        <p>{en.membership.loginToRenew}</p>
        <div className="members-only__actions">
          <button type="button" className="button" onClick={() => account?.openLogin()}>
            {en.account.login}
          </button>
        </div>
      </>,
    );
  }
  if (mine.isError) return <ErrorNotice title={en.membership.detailsError} error={mine.error} onRetry={() => void mine.refetch()} />;
  if (sessionQuery.isError) return <ErrorNotice title={en.event.errorTitle} error={sessionQuery.error} onRetry={() => void sessionQuery.refetch()} />;
  if (mine.isPending || sessionQuery.isPending) return <MembershipSkeleton />;

  const shown = renewableSet(sets) ?? sets.at(0) ?? null;
  if (!shown) {
    return panel(
      <>
        <p role="status">{en.membership.noMembershipToRenew}</p>
        <div className="members-only__actions">
          <Link className="button" to={paths.event(detail.event.id)}>
            {en.membership.join}
          </Link>
        </div>
      </>,
    );
  }

  const allowed = shown.main.renewal?.allowed === true;
  const option = detail.groups.flatMap(({ group, types }) => types.filter(({ type }) => type.id === shown.main.ticket_type_id).map(({ type }) => ({ key: typeKey(group.id, type.id), type }))).at(0) ?? null;
  return panel(
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (allowed && option) void add(option.type.id, { renew_membership_id: shown.main.id });
      }}
    >
      <p className="muted">{en.membership.renewLead}</p>
      <CardSetSummary set={shown} timezone={seller.timezone} />
      {!allowed ? (
        <p className="notice notice--info" role="status">
          {en.membership.renewNotYet}
        </p>
      ) : !option || !session ? (
        <p className="notice notice--warning" role="status">
          {en.membership.noLevels}
        </p>
      ) : (
        <MembershipAddBar detail={detail} typeKey={option.key} currency={currency} submitting={submitting} error={error} label={en.membership.renew} busyLabel={en.membership.renewing} />
      )}
    </form>,
  );
}
