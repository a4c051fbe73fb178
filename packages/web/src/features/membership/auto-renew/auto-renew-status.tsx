import { AUTO_RENEW_TEXT } from '@foyer/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { en, format } from '../../../i18n/en.js';
import type { CardSet } from '../cards.js';
import { cardDate } from '../cards.js';
import { savedPaymentMethodQuery } from './api.js';
import { useAskToAutorenew } from './auto-renew-choice.js';

/** Card brands as the gateways name them (Stripe's and the demo's) → as people write them. */
const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', card: 'card' };

/**
 * My Account's auto-renew section of a membership (docs/memberships.md#8-auto-renew): only when the seller prompts for it.
 * Scheduled: when it renews, on which card, and the link to cancel; otherwise how to enrol
 * (contacting the seller) or that it is cancelled.
 */
export function AutoRenewStatus({ set, timezone }: { set: CardSet; timezone: string }) {
  const ask = useAskToAutorenew();
  const state = set.main.auto_renew_state;
  const saved = useQuery(savedPaymentMethodQuery(ask && state === 'scheduled'));
  if (!ask) return null;
  const card = saved.data?.saved_payment_method?._data[0];
  return (
    <div className="auto-renew-status" data-testid="auto-renew-status">
      <h3 className="auto-renew-status__title">{en.autoRenew.sectionTitle}</h3>
      {state === 'scheduled' ? (
        <>
          <p>
            {format(en.autoRenew.scheduled, { date: set.main.valid_to ? cardDate(set.main.valid_to, timezone) : '' })}
            {card && ` ${format(en.autoRenew.withCard, { brand: BRANDS[card.brand] ?? card.brand, last4: card.last4 })}`}
          </p>
          {set.main.ticket_order_id && <Link to={`/manage/${encodeURIComponent(set.main.ticket_order_id)}/cancel-auto-renew`}>{en.autoRenew.cancel}</Link>}
        </>
      ) : (
        <p className="muted">{state === 'cancelled' ? en.autoRenew.isCancelled : AUTO_RENEW_TEXT.enrolByContact}</p>
      )}
    </div>
  );
}
