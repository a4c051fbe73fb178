import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DescriptionButton } from '../src/features/events/detail/description/description-modal.js';
import { Modal } from '../src/ui/modal.js';

/** Dialogs (docs/events.md#the-event-page): Escape closes the top modal only, focus goes back; the description modal (docs/events.md#the-event-page). */

afterEach(() => {
  cleanup();
  document.getElementById('root')?.remove();
});

function inRoot(ui: React.ReactElement) {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.appendChild(root);
  return render(ui, { container: root });
}

function Stacked() {
  const [outer, setOuter] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOuter(true)}>
        Open cart
      </button>
      <Modal open={outer} title="Your cart" onClose={() => setOuter(false)}>
        <button type="button" onClick={() => setInner(true)}>
          Remove
        </button>
        <Modal open={inner} title="Remove from cart?" onClose={() => setInner(false)}>
          <button type="button">Cancel</button>
        </Modal>
      </Modal>
    </>
  );
}

describe('modals', () => {
  it('Escape closes the top modal only; focus returns to what opened each', () => {
    inRoot(<Stacked />);
    const opener = screen.getByRole('button', { name: 'Open cart' });
    opener.focus();
    fireEvent.click(opener);
    const remove = screen.getByRole('button', { name: 'Remove' });
    expect(document.activeElement).toBe(remove);
    fireEvent.click(remove);
    expect(screen.getByRole('dialog', { name: 'Remove from cart?' })).toBeTruthy();

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Remove from cart?' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Your cart' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove' }));
    expect(document.getElementById('root')!.hasAttribute('inert')).toBe(true);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.getElementById('root')!.hasAttribute('inert')).toBe(false);
  });
});

describe('the 200 ms transition', () => {
  it('a closing modal is hidden from assistive technology and inert at once, and gone after 200 ms', async () => {
    inRoot(<Stacked />);
    fireEvent.click(screen.getByRole('button', { name: 'Open cart' }));
    expect(document.querySelector('.modal-root--closing')).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    const closing = document.querySelector('.modal-root--closing');
    expect(closing?.getAttribute('aria-hidden')).toBe('true');
    expect(closing?.hasAttribute('inert')).toBe(true);
    // Still drawn with its content while it slides away.
    expect(closing?.textContent).toContain('Your cart');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.querySelector('.modal-root')).toBeNull(), { timeout: 1000 });
  });
});

describe('the description modal', () => {
  it('shows the description sanitised, in a large dialog, and closes', async () => {
    inRoot(<DescriptionButton title="Audio guide" html={'<p>Sixty <strong>highlights</strong></p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">'} />);
    const open = screen.getByRole('button', { name: 'More information about Audio guide' });
    open.focus();
    fireEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Audio guide' });
    expect(dialog.classList.contains('modal--lg')).toBe(true);
    // The sanitiser loads on first use (lazy-description.tsx).
    await waitFor(() => expect(dialog.querySelector('strong')?.textContent).toBe('highlights'));
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('img')?.hasAttribute('onerror')).toBe(false);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[1]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });
});
