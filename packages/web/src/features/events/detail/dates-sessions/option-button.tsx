// Why: the date buttons and the time buttons treat a sold-out choice alike (docs/events.md#field-rules).
import type { ReactNode } from 'react';

/**
 * A date or time on offer. A sold-out one stays in the list and in the tab order, said to be
 * unavailable (aria-disabled) rather than disabled, and choosing it does nothing.
 */
export function OptionButton({
  className,
  pressed,
  soldOut,
  data,
  onChoose,
  children,
}: {
  className: string;
  pressed: boolean;
  soldOut: boolean;
  /** What the choice is, for tests and styles: data-date or data-session-id. */
  data: Record<`data-${string}`, string>;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-pressed={pressed}
      aria-disabled={soldOut || undefined}
      {...data}
      onClick={() => {
        if (!soldOut) onChoose();
      }}
    >
      {children}
    </button>
  );
}
