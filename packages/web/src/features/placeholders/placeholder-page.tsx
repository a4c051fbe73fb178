import { en } from '../../i18n/en.js';
import { useDocumentTitle } from '../../ui/use-document-title.js';
import { TitledPage } from '../../ui/titled-page.js';
import { BackToEvents } from '../../ui/back-to-events.js';

export type PlaceholderKey = keyof typeof en.placeholders;

/** Pages whose flows arrive in later issues: a plain page with its title and a way back to the events. */
export function PlaceholderPage({ page }: { page: PlaceholderKey }) {
  const text = en.placeholders[page];
  useDocumentTitle(text.title);
  return (
    <TitledPage className="status-page" title={text.title}>
      <p className="page-lead">{text.text}</p>
      <BackToEvents />
    </TitledPage>
  );
}

export function placeholder(page: PlaceholderKey) {
  return function Placeholder() {
    return <PlaceholderPage page={page} />;
  };
}
