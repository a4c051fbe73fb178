import { lazy, Suspense } from 'react';

// The sanitiser (DOMPurify, ~11 KB gz and ~40 ms to set up on a phone 4× slower) loads after the
// event page has painted: descriptions sit below the flow or in a dialog, so the render that shows
// the cover and the dates no longer carries it.
const Description = lazy(() => import('./description.js').then((m) => ({ default: m.Description })));

/** An event or ticket description, rendered once the sanitiser has loaded (nothing before). */
export function LazyDescription(props: { html: string; id?: string }) {
  return (
    <Suspense fallback={null}>
      <Description {...props} />
    </Suspense>
  );
}
