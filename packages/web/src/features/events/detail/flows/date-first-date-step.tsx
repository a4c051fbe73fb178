// Why: the date-first flow's date step (docs/events.md#flows): the calendar's dates, or once chosen the date with
// 'Change'; an add-on shows the admission's date, or asks for an admission first (docs/events.md#upsells-and-add-ons).
import type { TCalendarDay } from '@foyer/contracts';
import type { ReactNode, RefObject } from 'react';
import { en } from '../../../../i18n/en.js';
import { formatDate } from '../../../../lib/dates.js';
import { ErrorNotice } from '../../../../ui/error-notice.js';
import { Skeleton, SkeletonLines } from '../../../../ui/skeleton.js';
import { AnchorRequired } from '../../upsell/anchor-required.js';
import type { VisitState } from '../../upsell/use-add-on.js';
import { MAX_DATE_BUTTONS } from '../dates-sessions/date-selection.js';
import { DateSelector } from '../dates-sessions/date-selector.js';
import { dayPriceText } from '../dates-sessions/day-texts.js';
import { dateTexts } from '../message-rules.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import { StepMessages } from '../step-messages.js';
import { useEventDisplay } from '../use-event-display.js';
import { ChoiceStep, DATE_STEP_TEXTS } from './choice-step.js';

interface DateFirstDateStepProps {
  detail: EventDetail;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** An add-on's visit (null for an event with its own dates). */
  addOn: VisitState | null;
  date: string | null;
  editingDate: boolean;
  notice: ReactNode;
  calendar: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  days: TCalendarDay[];
  onEdit: () => void;
  onChoose: (date: string) => void;
}

export function DateFirstDateStep({ detail, headingRef, addOn, date, editingDate, notice, calendar, days, onEdit, onChoose }: DateFirstDateStepProps) {
  const { currency, prices } = useEventDisplay(detail);
  if (addOn?.visit) {
    return (
      <ChoiceStep id="step-date" headingRef={headingRef} done {...DATE_STEP_TEXTS} chosen={formatDate(addOn.visit.date)}>
        <p className="muted">{en.event.addOnDate}</p>
      </ChoiceStep>
    );
  }
  if (addOn) {
    return <section className="panel step">{addOn.error ? <ErrorNotice title={en.event.errorTitle} error={addOn.error} /> : addOn.loading ? <SkeletonLines lines={2} /> : <AnchorRequired />}</section>;
  }
  const dateDone = date !== null && !editingDate;
  // The secondary ticket type of web.price_display is priced from the event's own types.
  const typeById = (typeId: string) => detail.groups.flatMap((g) => g.types).find((t) => t.type.id === typeId)?.type;
  return (
    <ChoiceStep id="step-date" headingRef={headingRef} done={dateDone} {...DATE_STEP_TEXTS} chosen={date && formatDate(date)} onChange={onEdit}>
      {notice}
      {dateDone && <StepMessages texts={dateTexts(detail.messageRules, 'date_message', date)} />}
      {!dateDone &&
        (calendar.isPending ? (
          <DateButtonsSkeleton />
        ) : calendar.isError ? (
          <ErrorNotice title={en.dates.errorTitle} error={calendar.error} onRetry={() => void calendar.refetch()} />
        ) : (
          <DateSelector
            detail={detail}
            days={days}
            selected={date}
            onSelect={onChoose}
            priceOf={(day) => dayPriceText(day, currency, prices, typeById)}
            reveal={editingDate}
          />
        ))}
    </ChoiceStep>
  );
}

function DateButtonsSkeleton() {
  return (
    <div className="date-list" aria-busy="true" aria-label={en.dates.loading}>
      {Array.from({ length: MAX_DATE_BUTTONS }, (_, i) => (
        <Skeleton key={i} height={96} style={{ borderRadius: 'var(--radius-md)' }} />
      ))}
    </div>
  );
}
