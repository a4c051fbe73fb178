import { useParams } from 'react-router';
import type { SellerInfo } from '../../config/use-config.js';
import type { EventDetail } from '../events/detail/model.js';
import { BuyMembership } from './buy-membership.js';
import { RenewMembership } from './renew-membership.js';

/**
 * The buy-membership flow of the membership event (000 §2): /events/{id}/renew renews the
 * member's membership; otherwise (also /events/{id}/gift until gifting arrives) a new one is bought.
 */
export function MembershipFlow({ detail, seller }: { detail: EventDetail; seller: SellerInfo }) {
  const { action } = useParams();
  return action === 'renew' ? <RenewMembership detail={detail} currency={seller.currency} /> : <BuyMembership detail={detail} currency={seller.currency} />;
}
