import { useMemo } from 'react';
import { sanitizeHtml } from '../events/public.js';

/** The blocks of a region, sanitised like event descriptions (no scripts, styles or forms; safe links). */
export default function RegionHtml({ region, blocks }: { region: string; blocks: string[] }) {
  const clean = useMemo(() => blocks.map(sanitizeHtml), [blocks]);
  return (
    <div className={`content-region content-region--${region.replace(/_/g, '-')}`} data-region={region}>
      {clean.map((html, i) => (
        <div key={i} className="content-region__block event-description" dangerouslySetInnerHTML={{ __html: html }} />
      ))}
    </div>
  );
}
