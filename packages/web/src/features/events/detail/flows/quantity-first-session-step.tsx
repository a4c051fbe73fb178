// Why: the quantity-first flow's session step (docs/events.md#flows): the day's sessions that can take the
// quantities, priced with the schedule, a sold-out notice, and once chosen the session's messages.
import type { TEventSession } from '@foyer/contracts';
import type { RefObject } from 'react';
import { formatDateTime } from '../../../../lib/dates.js';
import { SessionPicker, type SessionsSource } from '../dates-sessions/session-picker.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import { useEventDisplay } from '../use-event-display.js';
import { StepWarning } from '../step-messages.js';
import type { QuantityFirstState } from './quantity-first-state.js';
import type { PriceScheduleLine } from './priced-queries.js';
import { SessionChoiceStep } from './session-choice-step.js';
import { sessionTotalText } from './quantity-first-summary.js';

interface QuantityFirstSessionStepProps {
  detail: EventDetail;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The flow's state: the date chosen, the session chosen, a notice for the time (a sold-out one). */
  state: Pick<QuantityFirstState, 'session' | 'sessionNotice'> & { date: string };
  source: SessionsSource;
  schedule: readonly PriceScheduleLine[];
  onChange: () => void;
  onSelect: (session: TEventSession) => void;
}

export function QuantityFirstSessionStep({ detail, headingRef, state, source, schedule, onChange, onSelect }: QuantityFirstSessionStepProps) {
  const { date, session, sessionNotice } = state;
  const { timezone } = detail;
  const { currency, prices } = useEventDisplay(detail);
  return (
    <SessionChoiceStep
      id="qf-session"
      detail={detail}
      headingRef={headingRef}
      session={session}
      chosen={session && formatDateTime(session.start_datetime, timezone)}
      notice={!session && <StepWarning text={sessionNotice} />}
      onChange={onChange}
    >
      <SessionPicker
        detail={detail}
        date={date}
        hideSoldOut={false}
        source={source}
        priceOf={(s) => sessionTotalText(prices, currency, schedule, s)}
        onSelect={onSelect}
      />
    </SessionChoiceStep>
  );
}
