import { escapeHtml } from '../mail/escape-html.js';

/** The storefront's paths no crawler should follow (docs/search-engines.md). */
export const CRAWLERS_KEEP_OUT = ['/checkout', '/my', '/manage', '/api'] as const;

/** A sitemap (sitemaps.org protocol) of absolute URLs. */
export function sitemapXml(urls: string[]): string {
  const entries = urls.map((url) => `<url><loc>${escapeHtml(url)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

/** robots.txt: everything but the keep-out paths, and where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', ...CRAWLERS_KEEP_OUT.map((path) => `Disallow: ${path}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
