import type { ReactNode } from 'react';
import { pageTitleClass, type PageTitleSize } from './page-title.js';

/** A page's section named by its one h1 (docs/routes.md#route-table): the frame many screens share, the short task screens with the small title. */
export function TitledPage({ className, title, size, children }: { className: string; title: ReactNode; size?: PageTitleSize; children: ReactNode }) {
  return (
    <section className={className} aria-labelledby="page-title">
      <h1 id="page-title" className={pageTitleClass(size)}>
        {title}
      </h1>
      {children}
    </section>
  );
}
