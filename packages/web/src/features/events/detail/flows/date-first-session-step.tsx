// Why: the date-first flow's time step (docs/events.md#flows): the day's sessions with their shared price, or once
// chosen the session with 'Change' (none for an all-day session taken for the buyer).
import type { TEventSession } from '@foyer/contracts';
import { isAllDaySession } from '@foyer/contracts/rules';
import type { ReactNode, RefObject } from 'react';
import type { SessionTabsConfig } from '../../../../config/config.js';
import { en, format } from '../../../../i18n/en.js';
import { formatDate, formatDateTime, formatTime } from '../../../../lib/dates.js';
import { safeTz } from '../../../../lib/venue-time.js';
import { SessionPicker } from '../dates-sessions/session-picker.js';
import { sessionTexts } from '../message-rules.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import { StepMessages } from '../step-messages.js';
import { ChoiceStep, SESSION_STEP_TEXTS } from './choice-step.js';

interface DateFirstSessionStepProps {
  detail: EventDetail;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The day whose times are offered. */
  day: string;
  session: TEventSession | null;
  autoSession: boolean;
  autoPickFirst: boolean;
  notice: ReactNode;
  /** The session price, the same for every time here, shown once above the times. */
  sessionPrice: string | null;
  filter: ((session: TEventSession) => boolean) | undefined;
  tabsConfig: SessionTabsConfig;
  threshold: number;
  hideSoldOut: boolean;
  onChange: () => void;
  onSelect: (session: TEventSession, auto: boolean) => void;
}

export function DateFirstSessionStep({ detail, headingRef, day, session, autoSession, autoPickFirst, notice, sessionPrice, filter, tabsConfig, threshold, hideSoldOut, onChange, onSelect }: DateFirstSessionStepProps) {
  const { timezone } = detail;
  return (
    <ChoiceStep
      id="step-session"
      headingRef={headingRef}
      done={session !== null}
      {...SESSION_STEP_TEXTS}
      chosen={session && sessionText(session, timezone)}
      // An all-day time taken for the buyer is no choice of theirs: nothing to change.
      onChange={autoSession ? undefined : onChange}
    >
      {notice}
      {session && <StepMessages texts={sessionTexts(detail.messageRules, 'session_message', session, timezone)} />}
      {!session && sessionPrice && <p className="muted step__price">{sessionPrice}</p>}
      {!session && (
        <SessionPicker
          eventId={detail.event.id}
          date={day}
          filter={filter}
          timezone={timezone}
          tabsConfig={tabsConfig}
          threshold={threshold}
          hideSoldOut={hideSoldOut}
          selectedId={null}
          autoPickFirst={autoPickFirst}
          rules={detail.messageRules}
          onSelect={onSelect}
        />
      )}
    </ChoiceStep>
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
