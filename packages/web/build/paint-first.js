// A server-rendered page (home, listing, event page: docs/server-rendering.md) paints before the app. The
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

// Each preload a phone starts costs it some milliseconds of main thread: a few per task, so no
// task is a long one (Lighthouse's Total Blocking Time counts every task over 50 ms).
const PRELOADS_PER_TASK = 4;
const preload = (hrefs) => {
  const links = document.createDocumentFragment();
  for (const href of hrefs.slice(0, PRELOADS_PER_TASK)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
  if (hrefs.length > PRELOADS_PER_TASK) setTimeout(() => preload(hrefs.slice(PRELOADS_PER_TASK)), 0);
};
afterPaint(() => preload(entry ? [entry, ...modules] : modules));

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

// Until the app has hydrated the page, a server-drawn button does nothing. A click on one (or on a
// checkbox, radio, label or summary) is held and given to the app once it says it is ready
// (APP_READY_EVENT in src/lib/hydration.ts): to the same control, or — when the app drew the page
// afresh — to the control in the same place with the same text. Links navigate as usual.
const root = document.getElementById('root');
const HELD = 'button, summary, label, input[type=checkbox], input[type=radio], [role=button], [role=tab], [role=radio], [role=checkbox], [role=option]';
const MAX_HELD = 10;
const held = [];
const placeOf = (element) => {
  const place = [];
  for (let node = element; node && node !== root && node.parentElement; node = node.parentElement) place.unshift([...node.parentElement.children].indexOf(node));
  return place;
};
const at = (place) => place.reduce((node, index) => node?.children[index] ?? null, root);
const hold = (event) => {
  const control = event.target instanceof Element ? event.target.closest(HELD) : null;
  if (!root || !control || !root.contains(control) || control.closest('a[href]')) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (held.length < MAX_HELD) held.push({ control, place: placeOf(control), text: control.textContent });
};
document.addEventListener('click', hold, true);

// Text typed into a server-drawn field before the app is ready is on screen but not in the app's
// state: once ready, each field whose text is not the one it was drawn with is handed its text again
// as an input event the app hears (the value set beside React's own record of it, so React sees a
// change). Found then, not by listening meanwhile: text typed before this script ran counts too.
const TYPED = 'input:not([type]), input[type=text], input[type=email], input[type=tel], input[type=search], input[type=number], input[type=url], textarea';
const retype = (field) => {
  const value = field.value;
  if (value === '' || value === field.defaultValue) return;
  const own = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value');
  field.value = '';
  own?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

window.addEventListener(
  'foyer:ready',
  () => {
    document.removeEventListener('click', hold, true);
    for (const field of root?.querySelectorAll(TYPED) ?? []) retype(field);
    for (const { control, place, text } of held.splice(0)) {
      const target = control.isConnected ? control : at(place);
      if (target && target.tagName === control.tagName && target.textContent === text) target.click();
    }
  },
  { once: true },
);
