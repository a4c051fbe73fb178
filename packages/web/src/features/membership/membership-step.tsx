import type { ReactNode } from 'react';

/** One step of a membership form (choose a level, who the members are, who a gift is for): a panel named by its heading. */
export function MembershipStep({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="panel step" aria-labelledby={id}>
      <h2 id={id} className="step__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
