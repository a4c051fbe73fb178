import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { codePromptStore } from '../features/promotions/code-prompt.js';

const CodeModalHost = lazy(() => import('../features/promotions/code-modal-host.js').then((m) => ({ default: m.CodeModalHost })));

/**
 * The promotions code modal, loaded the first time a reserve asks for a code (most visits never
 * do, so it stays out of every page's first load) and kept mounted after, so it opens and closes
 * with its transition like any dialog.
 */
export function CodeModalSlot() {
  const prompt = useSyncExternalStore(codePromptStore.subscribe, codePromptStore.get, () => null);
  const [needed, setNeeded] = useState(false);
  if (prompt && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <CodeModalHost />
    </Suspense>
  );
}
