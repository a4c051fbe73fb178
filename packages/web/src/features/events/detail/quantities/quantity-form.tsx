import type { ReactNode, RefObject } from 'react';

/**
 * The shell of every reserve form (a session's quantities, quantity-first's quantities and details): the page checks the
 * fields itself and says what is wrong (docs/events.md#field-rules), so the browser's validation is off and a submit
 * stays on the page.
 */
export function QuantityForm({ formRef, onSubmit, children }: { formRef: RefObject<HTMLFormElement | null>; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      ref={formRef}
      className="quantity-form"
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
