import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useSeller } from '../../config/use-config.js';
import { en } from '../../i18n/en.js';
import { userQueryKey } from '../account/public.js';
import { myMembershipKey, orderMembershipsQuery } from './api.js';
import { cardSets } from './cards.js';
import { CardSetSummary } from './card-set-summary.js';
import { OrderGifts } from './gift/order-gifts.js';

/**
 * The membership an order created or renewed, on the order-complete page (docs/memberships.md#5-renewal): level,
 * expiry and each card's member ID; or the gift codes it bought. Nothing for orders without one
 * (or while it loads).
 */
export function OrderMemberships({ orderId, orderKey }: { orderId: string; orderKey?: string | null }) {
  const seller = useSeller();
  const query = useQuery(orderMembershipsQuery(orderId, orderKey));
  const sets = useMemo(() => cardSets(query.data?.membership?._data ?? []), [query.data]);
  // The buyer is a member now: the account (member menu, members-only reads) catches up.
  const client = useQueryClient();
  const bought = sets.length > 0;
  useEffect(() => {
    if (!bought) return;
    void client.invalidateQueries({ queryKey: userQueryKey });
    void client.invalidateQueries({ queryKey: myMembershipKey });
  }, [bought, client]);
  const gifts = query.data?.membership_gift?._data ?? [];
  if (gifts.length) return <OrderGifts gifts={gifts} />;
  if (!sets.length) return null;
  return (
    <section className="order-memberships" aria-label={en.membership.orderMemberships}>
      {sets.map((set) => (
        <CardSetSummary key={set.id} set={set} timezone={seller.timezone} />
      ))}
    </section>
  );
}
