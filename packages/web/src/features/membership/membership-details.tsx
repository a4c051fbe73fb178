import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.js';
import { useSeller } from '../../config/use-config.js';
import { en } from '../../i18n/en.js';
import { ErrorNotice } from '../../ui/error-notice.js';
import { myMembershipQuery } from './api.js';
import { cardSets } from './cards.js';
import { CardSetSummary } from './card-set-summary.js';
import { ResendMembershipMail } from './resend-membership-mail.js';
import { AutoRenewStatus } from './auto-renew/auto-renew-status.js';
import { Skeleton } from '../../ui/skeleton.js';
import { LazyWalletButtons } from '../wallet/public.js';

export const RENEW_PATH = `${paths.membership}/renew`;

/**
 * The logged-in user's memberships (docs/memberships.md#2-buying membership details): per card set its level, expiry
 * (with "renew from {date}" while renewal is not open), each card's member ID and QR image, and
 * the way to renew when it is allowed, and the membership e-mail sent again. On /my/membership and
 * in the member menu's modal.
 */
export function MembershipDetails({ headingLevel }: { headingLevel: 2 | 3 }) {
  const seller = useSeller();
  const query = useQuery(myMembershipQuery(true));
  const sets = useMemo(() => cardSets(query.data?.membership?._data ?? []), [query.data]);
  if (query.isPending) return <DetailsSkeleton />;
  if (query.isError) return <ErrorNotice title={en.membership.detailsError} error={query.error} onRetry={() => void query.refetch()} />;
  if (!sets.length) {
    return (
      <div className="panel">
        <p role="status">{en.membership.noMembership}</p>
        <div className="members-only__actions">
          <Link className="button" to={paths.membership}>
            {en.membership.join}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <>
      <ul className="my-membership__sets">
        {sets.map((set) => (
          <li key={set.id} className="panel">
            <CardSetSummary set={set} timezone={seller.timezone} qr headingLevel={headingLevel} cardExtra={(card) => card.ticket_order_id && <LazyWalletButtons orderId={card.ticket_order_id} membershipId={card.id} memberCardId={card.scan_code} />} />
            <AutoRenewStatus set={set} timezone={seller.timezone} />
            {set.main.renewal?.allowed && (
              <div className="members-only__actions">
                <Link className="button" to={RENEW_PATH}>
                  {en.membership.renew}
                </Link>
              </div>
            )}
          </li>
        ))}
      </ul>
      <ResendMembershipMail />
    </>
  );
}

export function DetailsSkeleton() {
  return (
    <div className="panel" aria-busy="true" aria-label={en.membership.detailsLoading}>
      <Skeleton width="40%" height="1.5rem" style={{ marginBottom: 12 }} />
      <Skeleton width="60%" height="1rem" style={{ marginBottom: 24 }} />
      <Skeleton height={128} />
    </div>
  );
}
