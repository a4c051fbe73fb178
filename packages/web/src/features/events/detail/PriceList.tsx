import type { TTicketGroup, TTicketType } from '@foyer/contracts';
import { en, format } from '../../../i18n/en.js';
import { formatMoney } from '../../../lib/money.js';
import type { PriceGroup } from './model.js';

/** Price of a type: flexible range, discounted (with the original), or its amount; 0 is "Free". */
export function typePrice(type: TTicketType, currency: string): { price: string; original: string | null } {
  if (type.currency_amount_min !== null && type.currency_amount_max !== null) {
    return {
      price: format(en.event.priceRange, {
        min: formatMoney(type.currency_amount_min, currency, { zeroAsFree: false }),
        max: formatMoney(type.currency_amount_max, currency, { zeroAsFree: false }),
      }),
      original: null,
    };
  }
  const amount = formatMoney(type.currency_amount, currency);
  if (type.discounted_amount !== null && type.discounted_amount !== type.currency_amount && Number(type.discounted_amount) < Number(type.currency_amount)) {
    return { price: formatMoney(type.discounted_amount, currency), original: amount };
  }
  return { price: amount, original: null };
}

export function groupHint(group: TTicketGroup): string | null {
  const min = group.min_tickets_per_order;
  const max = group.max_tickets_per_order;
  if (min && max) return format(en.event.perOrder, { min, max });
  if (min && min > 1) return format(en.event.minPerOrder, { min });
  if (max) return format(en.event.maxPerOrder, { max });
  return null;
}

/** Ticket groups and their prices, read-only. */
export function PriceList({ groups, currency, headingLevel = 3 }: { groups: PriceGroup[]; currency: string; headingLevel?: 3 | 4 }) {
  if (!groups.length) return <p className="muted">{en.event.noTickets}</p>;
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className="price-groups">
      {groups.map(({ group, types }) => {
        const hint = groupHint(group);
        const headingId = `price-group-${group.id}`;
        return (
          <section key={group.id} className="price-group" aria-labelledby={headingId}>
            <Heading id={headingId} className="price-group__name">
              {group.name}
              {group.hidden_type === 'public_member_only' && <span className="badge badge--muted">{en.event.membersOnly}</span>}
            </Heading>
            {group.summary && <p className="price-group__hint">{group.summary}</p>}
            {hint && <p className="price-group__hint">{hint}</p>}
            <ul className="price-list">
              {types.map(({ type }) => {
                const { price, original } = typePrice(type, currency);
                return (
                  <li key={type.id} className="price-row" data-ticket-type-id={type.id}>
                    <span>
                      <span className="price-row__name">{type.name}</span>
                      {type.summary && <span className="price-row__summary"> — {type.summary}</span>}
                    </span>
                    <span className="price-row__price">
                      {original && (
                        <span className="price-row__original">
                          <span className="visually-hidden">{en.event.was} </span>
                          {original}
                        </span>
                      )}
                      {price}
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
