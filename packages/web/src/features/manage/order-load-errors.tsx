import { ORDER_TEXT } from '@foyer/contracts/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../api/client.js';
import { en } from '../../i18n/en.js';
import { ExpiredLink, isExpiredLink } from './expired-link.js';
import { instalmentTexts } from '../../shared/payment/instalment-texts.js';
import { TitledPage } from '../../ui/titled-page.js';

function ManageNotice({ children }: { children: ReactNode }) {
  return (
    <TitledPage className="manage" title={en.manage.title}>
      {children}
    </TitledPage>
  );
}

/**
 * docs/after-sale.md#errors Order management, order 404: "We could not find that order." The server answers the
 * same for an order that is not this browser's and has no key (nothing is revealed), so the page
 * says how to open one and how to get its link again.
 */
export function OrderNotFound() {
  return (
    <ManageNotice>
      <div className="panel">
        <p className="notice notice--warning" role="alert">
          {ORDER_TEXT.notFound}
        </p>
        <p>{en.manage.notYours}</p>
        <Link className="button button--secondary" to="/resend">
          {instalmentTexts.getNewLink}
        </Link>
      </div>
    </ManageNotice>
  );
}

/**
 * What a page that reads one order (manage, reschedule, pay) shows when the read failed, null when
 * it did not: an expired link says so; the order's 404 (also what someone else's order answers)
 * is `notFound` or "We could not find that order."; anything else the docs/after-sale.md#errors failure with a retry.
 */
export function orderLoadError(query: { isError: boolean; error: unknown; refetch: () => unknown }, notFound?: ReactNode): ReactNode {
  if (!query.isError) return null;
  if (isExpiredLink(query.error)) return <ExpiredLink error={query.error} />;
  if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 403)) return notFound ?? <OrderNotFound />;
  return <OrderLoadFailed onRetry={() => void query.refetch()} />;
}

/** docs/after-sale.md#errors Order management, any other failure: "Oops! Sorry, something went wrong. Please try again." */
export function OrderLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <ManageNotice>
      <div className="notice notice--error" role="alert">
        <p>{ORDER_TEXT.loadFailed}</p>
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {en.errors.retry}
        </button>
      </div>
    </ManageNotice>
  );
}
