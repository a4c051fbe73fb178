import { coverImage, coverImageSize, logoUrl } from '@foyer/contracts/rules';
import { escapeHtml } from '../mail/escape-html.js';
import type { EventShell } from './event-page-shell.js';

/** The id of the painted stand-in the storefront removes once its page has rendered (web/src/app/prepaint.ts). */
export const PREPAINT_ID = 'prepaint';

interface Brand {
  name: string;
  meta: Record<string, unknown>;
}

/**
 * The top of an event page — the header's brand, the cover and the title — as plain HTML in the
 * shell, so a phone paints it (and its largest image) as soon as the HTML and CSS are in, not
 * after the app's JS has loaded and run. Same elements and classes as the app's Header and
 * EventView (web/src/app/shell.tsx, features/events/detail/event-page.tsx), so the app takes over
 * in place; e2e/first-paint.e2e.ts checks they line up. A picture of the page, not the page:
 * hidden from assistive technology and inert (the app's page, a moment later, is the one to use).
 * The CSS keeps #root hidden while this is there.
 */
export function eventPrepaint(shell: EventShell | null, brand: Brand): string {
  if (!shell || !brand.name) return '';
  const hero = shell.cover
    ? (() => {
        const { src, srcSet, sizes } = coverImage(shell.cover.id);
        const { width, height } = coverImageSize(shell.cover);
        return `<div class="${shell.cover.whole ? 'event-hero event-hero--whole' : 'event-hero'}"><img src="${escapeHtml(src)}" srcset="${escapeHtml(srcSet)}" sizes="${escapeHtml(sizes)}" alt="" width="${width}" height="${height}" fetchpriority="high"></div>`;
      })()
    : '';
  const lines = [
    `<h1 class="page-title" style="margin-bottom:0">${escapeHtml(shell.name)}</h1>`,
    shell.subtitle ? `<p class="event-header__subtitle">${escapeHtml(shell.subtitle)}</p>` : '',
    shell.venueName ? `<p class="event-header__venue">${escapeHtml(shell.venueName)}</p>` : '',
  ].join('');
  return (
    `<div id="${PREPAINT_ID}" aria-hidden="true" inert><div class="app">` +
    `<header class="header"><div class="header__inner">${brandHtml(brand)}<div class="header__actions"></div></div></header>` +
    `<main class="main"><article class="event"><a class="back-link" href="/events" style="visibility:hidden">&nbsp;</a>${hero}` +
    `<header class="event-header">${lines}</header></article></main>` +
    `</div></div>`
  );
}

/** The header's brand as the app's Header draws it: the logo, else the name (on phones the short name). */
function brandHtml({ name, meta }: Brand): string {
  const logo = logoUrl(meta.logo);
  const short = typeof meta.short_name === 'string' && meta.short_name.trim() ? meta.short_name.trim().slice(0, 40) : null;
  const inner = logo
    ? `<img class="header__logo" src="${escapeHtml(logo)}" alt="" height="32">`
    : short
      ? `<span class="header__name header__name--full">${escapeHtml(name)}</span><span class="header__name header__name--short">${escapeHtml(short)}</span>`
      : `<span class="header__name">${escapeHtml(name)}</span>`;
  return `<a href="/" class="header__brand">${inner}</a>`;
}
