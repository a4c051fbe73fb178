import { options } from 'preact';

/**
 * Runs `body` with effects waiting for a frame (50 ms), as in a browser: the test renderer
 * otherwise runs them at once, which hides what a visitor can do between a commit and its effects.
 */
export async function withFrameEffects<T>(body: () => Promise<T>): Promise<T> {
  const raf = options.requestAnimationFrame;
  options.requestAnimationFrame = (callback) => void setTimeout(callback, 50);
  try {
    return await body();
  } finally {
    options.requestAnimationFrame = raf;
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
