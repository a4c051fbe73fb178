import { lazy, Suspense, useEffect, useState } from 'react';

// The sanitiser (DOMPurify, ~11 KB gz and ~40 ms to set up on a phone 4× slower) loads after the
// event page has painted: descriptions sit below the flow or in a dialog, so neither the render
// that shows the cover and the dates nor the network before it carries it.
const Description = lazy(() => import('./description.js').then((m) => ({ default: m.Description })));

/** An event or ticket description, rendered once painted around and its sanitiser loaded (nothing before). */
export function LazyDescription(props: { html: string; id?: string }) {
  const [painted, setPainted] = useState(false);
  // Effects run after the browser has painted: only then is the sanitiser asked for.
  useEffect(() => setPainted(true), []);
  if (!painted) return null;
  return (
    <Suspense fallback={null}>
      <Description {...props} />
    </Suspense>
  );
}
