import { Link, useParams } from 'react-router';
import { paths } from '../../lib/paths.js';
import { en } from '../../i18n/en.js';
import { GiftMembership } from './gift/gift-membership.js';
import type { SellerInfo } from '../../config/use-config.js';
import type { EventDetail } from '../../shared/events/model.js';
import { BuyMembership } from './buy-membership.js';
import { RenewMembership } from './renew-membership.js';

/**
 * The buy-membership flow of the membership event (docs/memberships.md#5-renewal): /events/{id}/renew renews the
 * member's membership, /events/{id}/gift gives one; otherwise a new one is bought (with a link to
 * giving one instead).
 */
export function MembershipFlow({ detail, seller }: { detail: EventDetail; seller: SellerInfo }) {
  const { action } = useParams();
  if (action === 'renew') return <RenewMembership detail={detail} currency={seller.currency} />;
  if (action === 'gift') return <GiftMembership detail={detail} currency={seller.currency} />;
  return (
    <>
      <BuyMembership detail={detail} currency={seller.currency} />
      <p className="membership-gift-link">
        <Link to={paths.event(detail.event.id, 'gift')}>{en.gift.giftLink}</Link>
      </p>
    </>
  );
}
