// Why: the date-first flow's time step (docs/events.md#flows): the day's sessions with their shared price, or once
// chosen the session with 'Change' (none for an all-day session taken for the buyer).
import type { TEventSession } from '@foyer/contracts';
import { isAllDaySession } from '@foyer/contracts/rules';
import type { ReactNode, RefObject } from 'react';
import { en, format } from '../../../../i18n/en.js';
import { formatDate, formatDateTime, formatTime } from '../../../../lib/dates.js';
import { safeTz } from '../../../../lib/venue-time.js';
import { SessionPicker } from '../dates-sessions/session-picker.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import { sessionPriceText } from '../price-format.js';
import { useEventDisplay } from '../use-event-display.js';
import type { DateFirstState } from './date-first-state.js';
import { SessionChoiceStep } from './session-choice-step.js';

interface DateFirstSessionStepProps {
  detail: EventDetail;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The day whose times are offered. */
  day: string;
  /** The flow's session choice: the session, whether it was taken for the buyer, whether to take the first. */
  choice: Pick<DateFirstState, 'session' | 'autoSession' | 'autoPickFirst'>;
  notice: ReactNode;
  filter: ((session: TEventSession) => boolean) | undefined;
  onChange: () => void;
  onSelect: (session: TEventSession, auto: boolean) => void;
}

export function DateFirstSessionStep({ detail, headingRef, day, choice, notice, filter, onChange, onSelect }: DateFirstSessionStepProps) {
  const { session, autoSession, autoPickFirst } = choice;
  const { timezone } = detail;
  const { currency, prices } = useEventDisplay(detail);
  // The session price (the same for every time here) shows once above the times.
  const sessionPrice = sessionPriceText(detail.groups.flatMap((g) => g.types.map((t) => t.type)), prices, currency);
  return (
    <SessionChoiceStep
      id="step-session"
      detail={detail}
      headingRef={headingRef}
      session={session}
      chosen={session && sessionText(session, timezone)}
      notice={notice}
      // An all-day time taken for the buyer is no choice of theirs: nothing to change.
      onChange={autoSession ? undefined : onChange}
    >
      {sessionPrice && <p className="muted step__price">{sessionPrice}</p>}
      <SessionPicker
        detail={detail}
        date={day}
        filter={filter}
        autoPickFirst={autoPickFirst}
        onSelect={onSelect}
      />
    </SessionChoiceStep>
  );
}

/** The chosen session: 'ddd, MMM D, YYYY [at] h:mm A', or the day and 'All day' for all-day sessions. */
function sessionText(session: TEventSession, timezone: string): string {
  if (!isAllDaySession(session)) return formatDateTime(session.start_datetime, timezone);
  return `${formatDate(safeTz(session.start_datetime, timezone).format('YYYY-MM-DD'))} · ${format(en.sessions.allDayRange, {
    start: formatTime(session.start_datetime, timezone),
    end: formatTime(session.end_datetime, timezone),
  })}`;
}
