/**
 * Runs `body` outside React's act environment, so effects wait for React's scheduler (a later
 * task), as in a browser: inside `act` they run at once, which hides what a visitor can do between
 * a commit and its effects.
 */
export async function withFrameEffects<T>(body: () => Promise<T>): Promise<T> {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    return await body();
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = before;
  }
}

/** Resolves with what `act` returns, run on the first DOM change after which `ready()` holds. */
export function onFirstChange<T>(ready: () => boolean, act: () => T): Promise<T> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!ready()) return;
      observer.disconnect();
      resolve(act());
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}
