import type { ReactNode, RefObject } from 'react';

/**
 * A form the page checks itself and says what is wrong beside the fields (docs/events.md#field-rules), not the
 * browser: its validation is off and a submit stays on the page, calling onSubmit.
 */
export function SelfCheckedForm({ formRef, className, onSubmit, children }: { formRef: RefObject<HTMLFormElement | null>; className: string; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      ref={formRef}
      className={className}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
