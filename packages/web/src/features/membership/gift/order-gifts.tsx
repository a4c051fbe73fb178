import type { TMembershipGift } from '@foyer/contracts';
import { useState } from 'react';
import { useSeller } from '../../../config/use-config.js';
import { en, format } from '../../../i18n/en.js';
import { formatOrderDate } from '../../../lib/dates.js';
import { cardDate } from '../cards.js';

/**
 * The gift codes an order bought, on the order-complete page (docs/memberships.md#7-gifts-of-membership Gifting): the code to pass on
 * (with a copy button), the level, the last day to redeem it, who it is for and when we e-mail them.
 */
export function OrderGifts({ gifts }: { gifts: TMembershipGift[] }) {
  const seller = useSeller();
  return (
    <section className="order-gifts" aria-labelledby="order-gifts-title">
      <h3 id="order-gifts-title">{en.gift.orderTitle}</h3>
      <p className="muted">{en.gift.orderLead}</p>
      <ul className="order-gifts__list">
        {gifts.map((g) => (
          <li key={g.id} className="order-gift" data-testid="gift-code-item">
            <p className="order-gift__level">{g.level_name}</p>
            {g.giftee_name && <p>{format(en.gift.forGiftee, { name: g.giftee_name })}</p>}
            <dl className="order-gift__code">
              <dt>{en.gift.code}</dt>
              <dd data-testid="gift-code">{g.code}</dd>
            </dl>
            <CopyCode code={g.code} />
            <p className="muted">{format(en.gift.validUntil, { date: cardDate(g.valid_to, seller.timezone) })}</p>
            {g.email_giftee_on && <p className="muted">{format(en.gift.emailedOn, { date: formatOrderDate(g.email_giftee_on) })}</p>}
            {g.redeemed && <p className="badge badge--muted">{en.gift.redeemed}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function CopyCode({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  // No clipboard outside a secure context, whatever the DOM types say.
  if (!(navigator as Partial<Navigator>).clipboard) return null;
  return (
    <button
      type="button"
      className="button button--small"
      onClick={() => void navigator.clipboard.writeText(code).then(() => setCopied(true), () => setCopied(false))}
    >
      <span aria-live="polite">{copied ? en.gift.copied : en.gift.copy}</span>
    </button>
  );
}
