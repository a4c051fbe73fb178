/**
 * An event page's HTML shell paints the top of the page before the app runs (the server's
 * http/event-prepaint.ts), with #root hidden beside it (shell.css). The app removes that picture
 * when it has something of its own to show in its place: the event page once its event has
 * answered (either way), any other page at once, an error page.
 */
export const PREPAINT_ID = 'prepaint';

/** The longest the app's page stays hidden behind the picture, waiting for the picture's cover. */
export const PREPAINT_COVER_WAIT_MS = 1500;

/**
 * Removes the picture. With `afterCover`, only once its cover has been drawn (or failed, or after
 * PREPAINT_COVER_WAIT_MS): the app's cover is the same file at the same place, so the visitor
 * sees no change, and the page's largest paint is the picture's early one rather than the app's.
 */
export function endPrepaint({ afterCover = false } = {}): void {
  if (typeof document === 'undefined') return;
  const picture = document.getElementById(PREPAINT_ID);
  if (!picture) return;
  const cover = afterCover ? picture.querySelector<HTMLImageElement>('.event-hero img') : null;
  if (!cover) {
    picture.remove();
    return;
  }
  // A frame after the load, so the cover is drawn before it goes.
  const remove = () => requestAnimationFrame(() => requestAnimationFrame(() => picture.remove()));
  if (cover.complete) {
    remove();
    return;
  }
  cover.addEventListener('load', remove, { once: true });
  cover.addEventListener('error', remove, { once: true });
  setTimeout(() => picture.remove(), PREPAINT_COVER_WAIT_MS);
}
