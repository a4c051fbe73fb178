import { AUTO_RENEW_TEXT } from '@foyer/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../../api/client.js';
import { useSeller } from '../../../config/use-config.js';
import { en, format } from '../../../i18n/en.js';
import { Skeleton } from '../../../ui/skeleton.js';
import { myMembershipKey } from '../api.js';
import { cardDate } from '../cards.js';
import { manageKeyStore } from '../../manage/public.js';
import { cancelAutoRenew, orderAutoRenewQuery } from './api.js';
import { TitledPage } from '../../../ui/titled-page.js';

/**
 * /manage/{ticketOrderId}/cancel-auto-renew (docs/memberships.md#8-auto-renew): a confirmation screen for a scheduled
 * auto-renew — the level and the day it would renew — then scheduled becomes cancelled. Any other
 * state shows a warning: not enrolled, or not authenticated when neither logged in as the buyer
 * nor opened from the e-mail's link (its ?key=, kept in the tab: manage/manage-key.ts).
 */
export function Component() {
  const { ticketOrderId = '' } = useParams();
  const key = manageKeyStore.read(ticketOrderId);
  const seller = useSeller();
  const client = useQueryClient();
  const query = useQuery(orderAutoRenewQuery(ticketOrderId, key));
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const cards = query.data?.membership?._data ?? [];
  const scheduled = cards.find((c) => c.auto_renew_state === 'scheduled');
  const denied = query.isError && isApiError(query.error) && (query.error.status === 401 || query.error.status === 403);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await cancelAutoRenew(ticketOrderId, key);
      setDone(true);
      void client.invalidateQueries({ queryKey: myMembershipKey });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (query.isPending) body = <Skeleton height={120} />;
  else if (denied) body = <p className="notice notice--warning" role="status">{AUTO_RENEW_TEXT.notAuthenticated}</p>;
  else if (query.isError) body = <p className="notice notice--error" role="alert">{errorMessage(query.error)}</p>;
  else if (done) body = <p className="notice notice--success" role="status">{AUTO_RENEW_TEXT.cancelled}</p>;
  else if (!scheduled) body = <p className="notice notice--warning" role="status">{AUTO_RENEW_TEXT.notEnrolled}</p>;
  else
    body = (
      <div className="panel">
        <p>
          {format(en.autoRenew.confirmText, { level: scheduled.level_name ?? en.membership.yourMembership, date: scheduled.valid_to ? cardDate(scheduled.valid_to, seller.timezone) : '' })}
        </p>
        {error && (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        )}
        <div className="account-form__actions">
          <button type="button" className="button button--primary" disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
            {busy ? en.autoRenew.cancelling : en.autoRenew.cancel}
          </button>
          <Link className="button" to="/my/membership">
            {en.autoRenew.keep}
          </Link>
        </div>
      </div>
    );

  return (
    <TitledPage className="account-page" title={en.autoRenew.title}>
      {body}
    </TitledPage>
  );
}
