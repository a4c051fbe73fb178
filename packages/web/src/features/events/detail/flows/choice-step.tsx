// Why: the choosing steps of the date-first and quantity-first flows (docs/events.md#flows) share one frame:
// the title while open, the choice and 'Change' once done.
import type { ReactNode, RefObject } from 'react';
import { en } from '../../../../i18n/en.js';

/** The words of the date step and of the time step, the same in every flow that has them. */
export const DATE_STEP_TEXTS = { title: en.dates.heading, doneLabel: en.event.steps.date, changeLabel: en.dates.changeDate };
export const SESSION_STEP_TEXTS = { title: en.sessions.heading, doneLabel: en.event.steps.session, changeLabel: en.sessions.changeTime };

/**
 * A step's panel. While open: its h2 title, then `children`. Once done: what was chosen, labelled,
 * and a 'Change' button when there is an onChange (a choice made for the buyer has none). Either way
 * the labelled element carries `id` and `headingRef` (focus target).
 */
export function ChoiceStep(props: {
  id: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  done: boolean;
  title: string;
  doneLabel: string;
  chosen: ReactNode;
  changeLabel: string;
  onChange?: () => void;
  children?: ReactNode;
}) {
  const { id, headingRef, done, onChange } = props;
  return (
    <section className={`panel step${done ? ' step--done' : ''}`} aria-labelledby={id}>
      <div className="step__header">
        {done ? (
          <p className="step__chosen">
            <span className="step__chosen-label" id={id} ref={headingRef} tabIndex={-1}>
              {props.doneLabel}
            </span>
            {props.chosen}
          </p>
        ) : (
          <h2 id={id} ref={headingRef} tabIndex={-1} className="step__title">
            {props.title}
          </h2>
        )}
        {done && onChange && (
          <button type="button" className="button button--secondary button--small" aria-label={props.changeLabel} onClick={onChange}>
            {en.dates.change}
          </button>
        )}
      </div>
      {props.children}
    </section>
  );
}
