// Why: the time step's frame, the same in the date-first and quantity-first flows (docs/events.md#flows): once a
// session is chosen it shows with its session_message texts; before, the flow's times.
import type { TEventSession } from '@foyer/contracts';
import type { ReactNode, RefObject } from 'react';
import { sessionTexts } from '../message-rules.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import { StepMessages } from '../step-messages.js';
import { ChoiceStep, SESSION_STEP_TEXTS } from './choice-step.js';

interface SessionChoiceStepProps {
  id: string;
  detail: EventDetail;
  headingRef: RefObject<HTMLHeadingElement | null>;
  session: TEventSession | null;
  /** The chosen session as the flow words it. */
  chosen: ReactNode;
  notice: ReactNode;
  onChange?: () => void;
  /** The times to choose from, while none is chosen. */
  children: ReactNode;
}

export function SessionChoiceStep({ id, detail, headingRef, session, chosen, notice, onChange, children }: SessionChoiceStepProps) {
  return (
    <ChoiceStep id={id} headingRef={headingRef} done={session !== null} {...SESSION_STEP_TEXTS} chosen={chosen} onChange={onChange}>
      {notice}
      {session && <StepMessages texts={sessionTexts(detail.messageRules, 'session_message', session, detail.timezone)} />}
      {!session && children}
    </ChoiceStep>
  );
}
