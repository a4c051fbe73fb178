// Why: the quantity-first flow's first step (docs/events.md#flows): the ticket groups, a deep link's or the
// calendar's notice, the quantity messages and "Show dates"; once done, the quantities chosen and 'Change'.
import type { ComponentProps, RefObject } from 'react';
import { en } from '../../../../i18n/en.js';
import { quantityLines, quantityTexts } from '../message-rules.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import { ReserveBar } from '../quantities/reserve-bar.js';
import { StepMessages, StepWarning } from '../step-messages.js';
import { QuantityFirstGroups } from './quantity-first-groups.js';
import { ChoiceStep } from './choice-step.js';
import { chosenSummary } from './quantity-first-summary.js';
import { SelfCheckedForm } from '../../../../ui/self-checked-form.js';

interface QuantityFirstQuantitiesStepProps {
  detail: EventDetail;
  headingRef: RefObject<HTMLHeadingElement | null>;
  formRef: RefObject<HTMLFormElement | null>;
  open: boolean;
  /** A deep link named ticket types the event does not have. */
  typesNotFound: boolean;
  quantityError: string | null;
  fields: ComponentProps<typeof QuantityFirstGroups>;
  count: number;
  total: { price: number; fees: number };
  onChange: () => void;
  onShowDates: () => void;
}

export function QuantityFirstQuantitiesStep({ detail, headingRef, formRef, open, typesNotFound, quantityError, fields, count, total, onChange, onShowDates }: QuantityFirstQuantitiesStepProps) {
  const { groups, quantities, currency } = fields;
  return (
    <ChoiceStep
      id="qf-quantities"
      headingRef={headingRef}
      done={!open}
      title={en.flows.quantitiesTitle}
      doneLabel={en.flows.quantitiesDone}
      chosen={chosenSummary(groups, quantities)}
      changeLabel={en.flows.changeQuantities}
      onChange={onChange}
    >
      {open && (
        <SelfCheckedForm formRef={formRef} className="quantity-form" onSubmit={onShowDates}>
          {typesNotFound && !quantityError && <StepWarning text={en.deepLinks.typesNotFound} />}
          {quantityError && (
            <p className="notice notice--error step__notice" role="alert">
              {quantityError}
            </p>
          )}
          <QuantityFirstGroups {...fields} />
          <StepMessages texts={quantityTexts(detail.messageRules, quantityLines(groups, quantities), { timezone: detail.timezone })} />
          <ReserveBar count={count} price={total.price} fees={total.fees} currency={currency} canReserve={count > 0} submitting={false} error={null} label={en.flows.showDates} />
        </SelfCheckedForm>
      )}
    </ChoiceStep>
  );
}
