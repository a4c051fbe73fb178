import { useState } from 'react';
import { errorMessage } from '../../api/client.js';

/**
 * A staff form's request in flight (docs/box-office.md): `busy` while it runs (the submit button is
 * disabled), the last refusal's words in `error`, cleared when the next one starts.
 */
export function useSubmission() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = <T>(request: () => Promise<T>, onDone: (answer: T) => void) => {
    setBusy(true);
    setError(null);
    request()
      .then(onDone)
      .catch((failure: unknown) => setError(errorMessage(failure)))
      .finally(() => setBusy(false));
  };
  return { error, setError, busy, submit };
}
