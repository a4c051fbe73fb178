// Why: one ticket group's quantity section (heading, hints, group error, a row per type), shared by
// the date-first/single reserve form and the quantity-first flow; what follows the rows is the caller's.
import type { ReactNode } from 'react';
import { en } from '../../../../i18n/en.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import { groupHint } from '../price-format.js';
import { typeKey } from './quantities.js';
import { QuantityRow, type QuantityRowFields } from './quantity-row.js';
import type { FormErrors } from './reservation.js';

/** What the quantity fields of every group read and set: the same for one group and for the list of them. */
export interface QuantityFields extends QuantityRowFields {
  errors: FormErrors;
  amounts: Record<string, string>;
}

export function QuantityGroup(
  props: QuantityFields & {
    entry: EventDetail['groups'][number];
    headingId: string;
    /** Marks a members-only group in its heading. */
    membersOnlyBadge?: boolean;
    onAmount: (key: string, value: string) => void;
    children?: ReactNode;
  },
) {
  const { entry, headingId, errors } = props;
  const { group, types } = entry;
  const hint = groupHint(group);
  const groupError = errors.groups[group.id];
  return (
    <section className="qty-group" aria-labelledby={headingId} data-ticket-group-id={group.id}>
      <h3 id={headingId} className="price-group__name">
        {group.name}
        {props.membersOnlyBadge && group.hidden_type === 'public_member_only' && <span className="badge badge--muted">{en.event.membersOnly}</span>}
      </h3>
      {group.summary && <p className="price-group__hint">{group.summary}</p>}
      {hint && <p className="price-group__hint">{hint}</p>}
      {groupError && (
        <p className="field-error" id={`${headingId}-error`} role="alert">
          {groupError}
        </p>
      )}
      <ul className="qty-list">
        {types.map((priceType) => {
          const key = typeKey(group.id, priceType.type.id);
          return (
            <QuantityRow
              key={key}
              priceType={priceType}
              typeKeyValue={key}
              fields={props}
              invalidGroup={groupError ? `${headingId}-error` : undefined}
              amount={props.amounts[key]}
              amountError={errors.amounts[key]}
              onAmount={(value) => props.onAmount(key, value)}
            />
          );
        })}
      </ul>
      {props.children}
    </section>
  );
}
