import type { ReactNode } from 'react';

/** A page's section named by its one h1 (docs/routes.md#route-table): the frame many screens share. */
export function TitledPage({ className, title, children }: { className: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className={className} aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        {title}
      </h1>
      {children}
    </section>
  );
}
