import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../app/paths.js';
import { useSeller } from '../../config/use-config.js';
import { en } from '../../i18n/en.js';
import { ErrorNotice } from '../../ui/error-notice.js';
import { Skeleton } from '../../ui/skeleton.js';
import { useDocumentTitle } from '../../ui/use-document-title.js';
import { useOptionalAccount } from '../account/account-context.js';
import { LoginFlow } from '../account/login-modal.js';
import { myMembershipQuery } from './api.js';
import { cardSets } from './cards.js';
import { CardSetSummary } from './card-set-summary.js';

export const RENEW_PATH = `${paths.membership}/renew`;

/**
 * My Account membership details (/my/membership, 001 §2): per membership its level, expiry (with
 * "renew from {date}" while renewal is not open), each card's member ID and QR image, and the way
 * to renew when renewal is allowed. A logged-out visitor sees a login form instead.
 */
export function Component() {
  useDocumentTitle(en.membership.detailsTitle);
  const account = useOptionalAccount();
  const loggedIn = !!account?.user;
  return (
    <section className="my-membership" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        {en.membership.detailsTitle}
      </h1>
      {account?.loading ? <DetailsSkeleton /> : loggedIn ? <Details /> : <LoginPanel />}
    </section>
  );
}

function LoginPanel() {
  const account = useOptionalAccount();
  const { pathname } = useLocation();
  const request = useMemo(() => ({ id: 1, path: pathname, redirectPath: pathname }), [pathname]);
  return (
    <div className="panel my-membership__login">
      <p className="page-lead">{en.membership.loginLead}</p>
      {account && <LoginFlow request={request} onLoggedIn={(answer) => account.loggedIn(answer)} />}
    </div>
  );
}

function Details() {
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
    <ul className="my-membership__sets">
      {sets.map((set) => (
        <li key={set.id} className="panel">
          <CardSetSummary set={set} timezone={seller.timezone} qr headingLevel={2} />
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
  );
}

function DetailsSkeleton() {
  return (
    <div className="panel" aria-busy="true" aria-label={en.membership.detailsLoading}>
      <Skeleton width="40%" height="1.5rem" style={{ marginBottom: 12 }} />
      <Skeleton width="60%" height="1rem" style={{ marginBottom: 24 }} />
      <Skeleton height={128} />
    </div>
  );
}
