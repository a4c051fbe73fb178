import { useState } from 'react';
import { en, format } from '../../../../i18n/en.js';
import { Modal } from '../../../../ui/modal.js';
import { LazyDescription } from './lazy-description.js';

/**
 * The description modal (docs/events.md#the-event-page dialogs): a 'More information' link-style button that opens the
 * item's HTML description, sanitised, in a large modal (a drawer on phones).
 */
export function DescriptionButton({ title, html }: { title: string; html: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="text-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {en.descriptionModal.open}{' '}
        <span className="visually-hidden">{format(en.descriptionModal.about, { name: title })}</span>
      </button>
      <Modal open={open} title={title} size="lg" onClose={() => setOpen(false)}>
        <LazyDescription html={html} />
        <div className="dialog-actions">
          <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
            {en.app.close}
          </button>
        </div>
      </Modal>
    </>
  );
}
