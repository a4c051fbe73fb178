// Why: the quantity step's ticket groups (steppers, flexible amounts, group errors) of the quantity-first flow.
import type { Dispatch, SetStateAction } from 'react';
import type { EventDetail } from '../../../../shared/events/model.js';
import { QuantityGroup, type QuantityFields } from '../quantities/quantity-group.js';

export function QuantityFirstGroups(props: QuantityFields & { groups: EventDetail['groups']; setAmounts: Dispatch<SetStateAction<Record<string, string>>> }) {
  const { setAmounts } = props;
  return (
    <div className="qty-groups">
      {props.groups.map((entry) => (
        <QuantityGroup
          key={entry.group.id}
          entry={entry}
          headingId={`qf-group-${entry.group.id}`}
          limits={props.limits}
          quantities={props.quantities}
          currency={props.currency}
          errors={props.errors}
          amounts={props.amounts}
          onQuantities={props.onQuantities}
          onAmount={(key, value) => setAmounts((prev) => ({ ...prev, [key]: value }))}
        />
      ))}
    </div>
  );
}
