// A server-rendered event page or listing (docs/server-rendering.md) paints before the app. The
// server puts this script in place of the entry's script and its module preloads
// (server/src/http/route-module-preload.ts): the app's JS is asked for once that first frame is
// drawn, so it does not compete with the CSS and the cover, and the entry is evaluated once an
// event page's cover has been drawn too (or after COVER_WAIT_MS), so hydrating never holds the
// picture back on a slow phone.
const script = document.querySelector('script[data-entry]');
const entry = script?.getAttribute('data-entry');
const modules = (script?.getAttribute('data-modules') ?? '').split(' ').filter(Boolean);
const COVER_WAIT_MS = 1000;

// A rAF callback runs before the next paint; a task queued from it runs after.
const afterPaint = (then) => requestAnimationFrame(() => setTimeout(then, 0));

afterPaint(() => {
  const links = document.createDocumentFragment();
  for (const href of entry ? [entry, ...modules] : modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
});

let started = false;
const start = () => {
  if (started || !entry) return;
  started = true;
  import(entry).catch((error) => console.error(error));
};
const cover = document.querySelector('#root .event-hero img');
if (!cover || cover.complete) afterPaint(start);
else {
  cover.addEventListener('load', () => afterPaint(start), { once: true });
  cover.addEventListener('error', () => afterPaint(start), { once: true });
  setTimeout(start, COVER_WAIT_MS);
}
