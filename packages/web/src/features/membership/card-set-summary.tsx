import type { ReactNode } from 'react';
import { en, format } from '../../i18n/en.js';
import { membershipQrUrl } from './api.js';
import { expiryText, type CardSet } from './cards.js';
import { MEMBER_ROLE_NAMES } from '@foyer/contracts/rules';

/** A role this build does not know yet shows as its code. */
const roleNames: Partial<Record<string, string>> = MEMBER_ROLE_NAMES;

/**
 * One membership (a card set): level and expiry (with "renew from {date}" while renewal is not
 * open), then each card's member, role and member ID — with its QR image on My Account (docs/accounts.md#my-account).
 * `cardExtra` adds to each card (My Account's wallet buttons, kept out of the event page's bundle).
 */
export function CardSetSummary({ set, timezone, qr = false, headingLevel = 3, cardExtra }: { set: CardSet; timezone: string; qr?: boolean; headingLevel?: 2 | 3; cardExtra?: (card: CardSet['cards'][number]) => ReactNode }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { main } = set;
  return (
    <div className="membership-card-set" data-card-set={set.id} data-status={main.status}>
      <Heading className="membership-card-set__level">{main.level_name ?? en.membership.yourMembership}</Heading>
      <p className={`membership-card-set__expiry membership-card-set__expiry--${main.status}`} data-testid="membership-expiry">
        {expiryText(main, timezone)}
      </p>
      <ul className="membership-cards" aria-label={en.membership.members}>
        {set.cards.map((card) => (
          <li key={card.id} className="membership-card" data-membership-id={card.id}>
            <div className="membership-card__text">
              <p className="membership-card__name">{[card.first_name, card.last_name].filter(Boolean).join(' ')}</p>
              <p className="muted membership-card__role">{roleNames[card.role] ?? card.role}</p>
              <dl className="membership-card__id">
                <dt>{en.membership.memberId}</dt>
                <dd data-testid="member-id">{card.scan_code}</dd>
              </dl>
            </div>
            {qr && <img className="membership-card__qr" src={membershipQrUrl(card.id)} width={128} height={128} loading="lazy" alt={format(en.membership.qrAlt, { id: card.scan_code })} />}
            {cardExtra?.(card)}
          </li>
        ))}
      </ul>
    </div>
  );
}
