import { escapeHtml } from '../mail/escape-html.js';
import { scriptSafeJson } from '../http/script-safe-json.js';

/** What a public page says about itself to search engines and link previews (docs/search-engines.md). */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute. */
  canonical: string;
  siteName: string;
  /** Absolute, or none. */
  image: { url: string; alt: string | null } | null;
  /** Pages not to be indexed (link-only and members-only events, unknown ones): `noindex`. */
  noindex?: boolean;
  /** Structured data, put in a JSON-LD script. */
  jsonLd?: object | null;
}

const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/** The page's <head> tags: title, description, canonical link, Open Graph, Twitter card, robots and JSON-LD. */
export function pageHeadTags(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    head.image ? meta('property', 'og:image', head.image.url) : '',
    head.image?.alt ? meta('property', 'og:image:alt', head.image.alt) : '',
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    head.image ? meta('name', 'twitter:image', head.image.url) : '',
    head.image?.alt ? meta('name', 'twitter:image:alt', head.image.alt) : '',
    head.jsonLd ? `<script type="application/ld+json">${scriptSafeJson(head.jsonLd)}</script>` : '',
  ];
  return tags.join('');
}

/** The built shell with the page's head tags instead of its generic title and description. */
export function withHeadTags(html: string, tags: string): string {
  if (!tags) return html;
  return html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace('</head>', `${tags}</head>`);
}
