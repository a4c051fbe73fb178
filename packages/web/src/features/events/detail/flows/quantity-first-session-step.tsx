// Why: the quantity-first flow's session step (docs/events.md#flows): the day's sessions that can take the
// quantities, priced with the schedule, a sold-out notice, and once chosen the session's messages.
import type { TEventSession } from '@foyer/contracts';
import type { RefObject } from 'react';
import type { PriceDisplay, SessionTabsConfig } from '../../../../config/config.js';
import { formatDateTime } from '../../../../lib/dates.js';
import { SessionPicker, type SessionsSource } from '../dates-sessions/session-picker.js';
import { sessionTexts } from '../message-rules.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import { StepMessages } from '../step-messages.js';
import type { PriceScheduleLine } from './priced-queries.js';
import { ChoiceStep, SESSION_STEP_TEXTS } from './choice-step.js';
import { sessionTotalText } from './quantity-first-summary.js';

interface QuantityFirstSessionStepProps {
  detail: EventDetail;
  headingRef: RefObject<HTMLHeadingElement | null>;
  date: string;
  session: TEventSession | null;
  sessionNotice: string | null;
  source: SessionsSource;
  schedule: readonly PriceScheduleLine[];
  currency: string;
  threshold: number;
  display: PriceDisplay;
  tabsConfig: SessionTabsConfig;
  onChange: () => void;
  onSelect: (session: TEventSession) => void;
}

export function QuantityFirstSessionStep({ detail, headingRef, date, session, sessionNotice, source, schedule, currency, threshold, display, tabsConfig, onChange, onSelect }: QuantityFirstSessionStepProps) {
  const { timezone } = detail;
  return (
    <ChoiceStep
      id="qf-session"
      headingRef={headingRef}
      done={session !== null}
      {...SESSION_STEP_TEXTS}
      chosen={session && formatDateTime(session.start_datetime, timezone)}
      onChange={onChange}
    >
      {sessionNotice && !session && (
        <p className="notice notice--warning step__notice" role="alert">
          {sessionNotice}
        </p>
      )}
      {session && <StepMessages texts={sessionTexts(detail.messageRules, 'session_message', session, timezone)} />}
      {!session && (
        <SessionPicker
          eventId={detail.event.id}
          date={date}
          timezone={timezone}
          tabsConfig={tabsConfig}
          threshold={threshold}
          hideSoldOut={false}
          selectedId={null}
          rules={detail.messageRules}
          source={source}
          priceOf={(s) => sessionTotalText(display, currency, schedule, s)}
          onSelect={onSelect}
        />
      )}
    </ChoiceStep>
  );
}
