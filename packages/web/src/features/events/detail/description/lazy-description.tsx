import { lazy, Suspense, useEffect, useState } from 'react';
import { plainParagraphs } from './plain-text.js';

// The sanitiser (DOMPurify, ~11 KB gz and ~40 ms to set up on a phone 4× slower) loads after the
// event page has painted: descriptions sit below the flow or in a dialog, so neither the render
// that shows the cover and the dates nor the network before it carries it.
const Description = lazy(() => import('./description.js').then((m) => ({ default: m.Description })));

/** An event or ticket description, rendered once painted around and its sanitiser loaded (its plain text for a page without scripts before). */
export function LazyDescription(props: { html: string; id?: string }) {
  const [painted, setPainted] = useState(false);
  // Effects run after the browser has painted: only then is the sanitiser asked for.
  // eslint-disable-next-line react-hooks/set-state-in-effect -- a second render after paint is the point: the sanitiser loads only then
  useEffect(() => setPainted(true), []);
  // Until then, a page without scripts (the server's) still reads the text.
  if (!painted)
    return (
      <noscript>
        {plainParagraphs(props.html).map((line, i) => (
          <p key={i}>{line}</p>
        ))}
      </noscript>
    );
  return (
    <Suspense fallback={null}>
      <Description {...props} />
    </Suspense>
  );
}
