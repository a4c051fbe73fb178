/**
 * The code modal of docs/promotions.md#the-storefront, docs/promotions.md#applying-codes as a prompt any reserve can open: a reserve refused with
 * rule_blocks_reserve / code_required asks for a code, shows the server's description, and retries
 * the reserve with the code as a pre-reserve code until it goes through or the buyer closes it.
 * One modal (CodeModalHost, in the app shell) serves every flow.
 */
export interface CodePrompt {
  description: string;
  /** Retries the reserve with the code; throws the refusal (shown above the form). */
  retry: (code: string) => Promise<unknown>;
  settle: (done: boolean) => void;
}

let current: CodePrompt | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const codePromptStore = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => current,
};

/** Opens the code modal; resolves true once a retry succeeded, false when the buyer closed it. */
export function promptForCode(description: string, retry: (code: string) => Promise<unknown>): Promise<boolean> {
  current?.settle(false);
  return new Promise((resolve) => {
    current = {
      description,
      retry,
      settle: (done) => {
        current = null;
        emit();
        resolve(done);
      },
    };
    emit();
  });
}
