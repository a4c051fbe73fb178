import { CONFIG } from '@foyer/contracts/constants';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.js';
import { asString, configValue } from '../../config/config.js';
import { useAppConfig } from '../../config/use-config.js';
import { en } from '../../i18n/en.js';
import { useOptionalAccount } from '../account/public.js';
import { isCurrentMember } from './member-reads.js';

/**
 * The membership promo (docs/promotions.md#the-storefront layout): on an event page, visitors who are not current members are
 * invited to join — only when the seller sells memberships (web.membership_event_id). Members, and
 * a page still finding out who is looking, see nothing.
 */
export function MembershipPromo() {
  const config = useAppConfig();
  const account = useOptionalAccount();
  if (!asString(configValue(CONFIG.membershipEventId, config.entries))) return null;
  // The account's user comes from its user read (account-context.tsx): with a user, its cards are known.
  if (!account || account.loading || (account.user && isCurrentMember(account.userDocument))) return null;
  return (
    <aside className="membership-promo" aria-labelledby="membership-promo-title">
      <h2 id="membership-promo-title" className="membership-promo__title">
        {en.membership.promoTitle}
      </h2>
      <p className="membership-promo__text">{en.membership.promoText}</p>
      <Link className="button button--secondary membership-promo__action" to={paths.membership}>
        {en.membership.promoAction}
      </Link>
    </aside>
  );
}
