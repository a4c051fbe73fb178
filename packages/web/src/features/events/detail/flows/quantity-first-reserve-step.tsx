// Why: the quantity-first flow's last step (docs/events.md#flows): attendee and survey fields, the session's
// quantity messages, the seats of a seated group, and the reserve bar.
import type { TEventSession } from '@foyer/contracts';
import type { ComponentProps, RefObject } from 'react';
import { en } from '../../../../i18n/en.js';
import { ErrorNotice } from '../../../../ui/error-notice.js';
import { SeatPicker } from '../../seats/seat-picker.js';
import type { Seating } from '../../seats/use-seating.js';
import { quantityLines, quantityTexts } from '../message-rules.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import { ReserveBar } from '../quantities/reserve-bar.js';
import { StepMessages } from '../step-messages.js';
import { QuantityFirstDetails } from './quantity-first-details.js';
import { hasDetails } from './quantity-first-summary.js';
import { TitledStep } from './titled-step.js';
import { SelfCheckedForm } from '../../../../ui/self-checked-form.js';

interface QuantityFirstReserveStepProps {
  detail: EventDetail;
  session: TEventSession;
  headingRef: RefObject<HTMLHeadingElement | null>;
  formRef: RefObject<HTMLFormElement | null>;
  /** The groups' surveys could not be read: the step says so instead of a form. */
  surveysError: unknown;
  fields: ComponentProps<typeof QuantityFirstDetails>;
  seating: Seating;
  currency: string;
  count: number;
  total: { price: number; fees: number };
  submitting: boolean;
  serverError: ComponentProps<typeof ReserveBar>['error'];
  onReserve: () => void;
}

export function QuantityFirstReserveStep({ detail, session, headingRef, formRef, surveysError, fields, seating, currency, count, total, submitting, serverError, onReserve }: QuantityFirstReserveStepProps) {
  const { groups, quantities } = fields;
  return (
    <TitledStep id="qf-details" headingRef={headingRef} title={en.flows.detailsTitle}>
      {surveysError ? (
        <ErrorNotice title={en.quantities.initError} error={surveysError} />
      ) : (
        <SelfCheckedForm formRef={formRef} className="quantity-form" onSubmit={onReserve}>
          <QuantityFirstDetails {...fields} />
          {!hasDetails(groups, quantities, fields.needs, fields.surveys) && <p className="muted">{en.flows.noDetails}</p>}
          <StepMessages texts={quantityTexts(detail.messageRules, quantityLines(groups, quantities), { session, timezone: detail.timezone })} />
          <SeatPicker seating={seating} eventId={detail.event.id} sessionId={session.id} currency={currency} />
          <ReserveBar count={count} price={total.price} fees={total.fees} currency={currency} canReserve={!submitting && seating.ready} submitting={submitting} error={serverError} />
        </SelfCheckedForm>
      )}
    </TitledStep>
  );
}
