// Why: the quantity-first flow's date step (docs/events.md#flows): the calendar priced for the chosen quantities,
// a deep link's date notice, and once chosen the date's messages.
import type { TCalendarDay } from '@foyer/contracts';
import type { RefObject } from 'react';
import { en } from '../../../../i18n/en.js';
import { formatDate } from '../../../../lib/dates.js';
import { Skeleton } from '../../../../ui/skeleton.js';
import { DateSelector } from '../dates-sessions/date-selector.js';
import { dateTexts } from '../message-rules.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import { StepMessages, StepWarning } from '../step-messages.js';
import { useEventDisplay } from '../use-event-display.js';
import type { QuantityFirstState } from './quantity-first-state.js';
import { ChoiceStep, DATE_STEP_TEXTS } from './choice-step.js';
import { dayTotalText } from './quantity-first-summary.js';

interface QuantityFirstDateStepProps {
  detail: EventDetail;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The flow's state: the date chosen. */
  state: Pick<QuantityFirstState, 'date'>;
  dateNotice: string | null;
  /** The priced calendar is still asked. */
  loading: boolean;
  /** Its days once answered; null otherwise. */
  days: TCalendarDay[] | null;
  onChange: () => void;
  onSelect: (date: string) => void;
}

export function QuantityFirstDateStep({ detail, headingRef, state, dateNotice, loading, days, onChange, onSelect }: QuantityFirstDateStepProps) {
  const { date } = state;
  const { currency, prices } = useEventDisplay(detail);
  return (
    <ChoiceStep id="qf-date" headingRef={headingRef} done={date !== null} {...DATE_STEP_TEXTS} chosen={date && formatDate(date)} onChange={onChange}>
      {date && <StepMessages texts={dateTexts(detail.messageRules, 'date_message', date)} />}
      {!date && <StepWarning text={dateNotice} />}
      {!date &&
        (loading ? (
          <div className="date-list" aria-busy="true" aria-label={en.dates.loading}>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={96} />
            ))}
          </div>
        ) : days ? (
          <DateSelector
            detail={detail}
            days={days}
            selected={date}
            onSelect={onSelect}
            priceOf={(day) => dayTotalText(prices, currency, day)}
            reveal
          />
        ) : null)}
    </ChoiceStep>
  );
}
