import type { ReactNode, RefObject } from 'react';
import { SelfCheckedForm } from '../../ui/self-checked-form.js';

/** The form the membership screens (buy, give, redeem) share: the self-checked form in the membership steps' look. */
export function MembershipForm({ formRef, onSubmit, children }: { formRef: RefObject<HTMLFormElement | null>; onSubmit: () => void; children: ReactNode }) {
  return (
    <SelfCheckedForm formRef={formRef} className="steps membership-flow" onSubmit={onSubmit}>
      {children}
    </SelfCheckedForm>
  );
}
