import { en } from '../../../../i18n/en.js';
import type { PriceGroup } from '../../../../shared/events/model.js';
import { groupHint, typePrice } from '../price-format.js';
import { PriceWithOriginal } from '../price-with-original.js';

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
                      <PriceWithOriginal price={price} original={original} />
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
