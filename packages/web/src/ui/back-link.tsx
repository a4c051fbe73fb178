import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChevronLeft } from './icons.js';

/**
 * The page's back link, and on phones a floating back button (docs/events.md#the-event-page) once that link has
 * scrolled out of view, so the way back is always one tap away. It sits in an opaque bar across
 * the top, so it never lies over the text or controls scrolling beneath it.
 */
export function BackLink({ to, label }: { to: string; label: string }) {
  const ref = useRef<HTMLAnchorElement>(null);
  const [away, setAway] = useState(false);
  useEffect(() => {
    const link = ref.current;
    if (!link || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setAway(!entry.isIntersecting));
    observer.observe(link);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      <Link ref={ref} className="back-link" to={to}>
        <ChevronLeft />
        {label}
      </Link>
      {away && (
        <div className="floating-back-bar">
          <Link className="floating-back" to={to} data-testid="floating-back">
            <ChevronLeft />
            {label}
          </Link>
        </div>
      )}
    </>
  );
}
