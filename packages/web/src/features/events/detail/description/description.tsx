import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Event description HTML, sanitised (links open safely, no scripts, styles or forms). */
export function sanitizeHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style'],
  });
  const template = document.createElement('template');
  template.innerHTML = clean;
  for (const link of template.content.querySelectorAll('a[href]')) {
    if (link.getAttribute('target') === '_blank') link.setAttribute('rel', 'noopener noreferrer');
  }
  return template.innerHTML;
}

export function Description({ html, id }: { html: string; id?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div id={id} className="event-description" dangerouslySetInnerHTML={{ __html: clean }} />;
}
