import type { ReactNode, RefObject } from 'react';

/** The form the membership screens (buy, give, redeem) share: checked by the screen itself, not the browser. */
export function MembershipForm({ formRef, onSubmit, children }: { formRef: RefObject<HTMLFormElement | null>; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      ref={formRef}
      className="steps membership-flow"
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
