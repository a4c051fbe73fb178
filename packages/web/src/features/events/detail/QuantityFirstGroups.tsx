// Why: the quantity step's ticket groups (steppers, flexible amounts, group errors) of the quantity-first flow.
import type { Dispatch, SetStateAction } from 'react';
import type { EventDetail } from './model.js';
import { groupHint } from './priceFormat.js';
import { typeKey, type Quantities, type QuantityLimits } from './quantities.js';
import { QuantityRow } from './QuantityRow.js';
import type { FormErrors } from './reservation.js';

export function QuantityFirstGroups(props: {
  groups: EventDetail['groups'];
  limits: QuantityLimits;
  quantities: Quantities;
  currency: string;
  errors: FormErrors;
  amounts: Record<string, string>;
  onQuantities: (next: Quantities) => void;
  setAmounts: Dispatch<SetStateAction<Record<string, string>>>;
}) {
  const { limits, quantities, currency, errors, amounts, setAmounts } = props;
  return (
    <div className="qty-groups">
      {props.groups.map(({ group, types }) => {
        const hint = groupHint(group);
        const headingId = `qf-group-${group.id}`;
        const groupError = errors.groups[group.id];
        return (
          <section key={group.id} className="qty-group" aria-labelledby={headingId} data-ticket-group-id={group.id}>
            <h3 id={headingId} className="price-group__name">
              {group.name}
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
                    limits={limits}
                    quantities={quantities}
                    currency={currency}
                    onChange={props.onQuantities}
                    invalidGroup={groupError ? `${headingId}-error` : undefined}
                    amount={amounts[key]}
                    amountError={errors.amounts[key]}
                    onAmount={(value) => setAmounts((prev) => ({ ...prev, [key]: value }))}
                  />
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
