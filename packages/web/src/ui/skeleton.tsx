import type { CSSProperties } from 'react';

/** A placeholder block of the final size; hidden from assistive technology. */
export function Skeleton({ width, height, className = '', style }: { width?: string | number; height?: string | number; className?: string; style?: CSSProperties }) {
  return <span aria-hidden="true" className={`skeleton ${className}`} style={{ display: 'block', width, height, ...style }} />;
}

export function SkeletonLines({ lines = 2, widths = ['90%', '60%'] }: { lines?: number; widths?: string[] }) {
  return (
    <>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className="skeleton-line" width={widths[i % widths.length]} />
      ))}
    </>
  );
}
