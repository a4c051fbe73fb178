import { useState } from 'react';

/**
 * A group of payment inputs (card, bank account) with their errors: typing in a field clears that
 * field's error and leaves the others until the next submit checks them again.
 */
export function useCheckedFields<V extends object>(empty: V) {
  const [value, setValue] = useState<V>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const onChange = (next: V, name: keyof V) => {
    setValue(next);
    if (errors[name]) setErrors((prev) => ({ ...prev, [name]: undefined }));
  };
  return { value, setValue, errors, setErrors, onChange };
}
