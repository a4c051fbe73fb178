// Why: the event flows' steps that are not a choice to change (tickets, details, the visit choice) share one frame.
import type { ReactNode, RefObject } from 'react';

/** A step's panel under its h2 title; with a headingRef the title takes focus when the flow moves to it. */
export function TitledStep({ id, title, headingRef, children }: { id: string; title: ReactNode; headingRef?: RefObject<HTMLHeadingElement | null>; children: ReactNode }) {
  return (
    <section className="panel step" aria-labelledby={id}>
      <div className="step__header">
        <h2 id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="step__title">
          {title}
        </h2>
      </div>
      {children}
    </section>
  );
}
