import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en, format } from '../src/i18n/en.js';
import { useAppTestEnv } from './app-test-env.js';
import { cartDocument } from './cart-fixtures.js';
import { configDocument, EVENT_ID, eventDocument, installFetch, session, sessionsDocument } from './fixtures.js';
import { renderApp } from './render-app.js';

/** A per-type limit (the group rule's max, docs/events.md#field-rules) is said beside the type, not only enforced. */
describe('per-type limit', () => {
  useAppTestEnv();

  it('"Up to 2 per order" beside Child, whose + stops at 2; Adult has no such note', async () => {
    const doc = eventDocument({ event_type: 'single' });
    const rules = doc.ticket_group_rule!._data as unknown as { ticket_type_id: string; max: number | null }[];
    rules.find((r) => r.ticket_type_id === 'tt-child')!.max = 2;
    installFetch((url) => {
      if (url.pathname === '/api/config') return { body: configDocument() };
      if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: doc };
      if (url.pathname.endsWith(`/events/${EVENT_ID}/sessions`)) return { body: sessionsDocument([session('s-1', '2026-11-25', '18:00', 100)]) };
      if (url.pathname.startsWith('/api/my/cart')) return { body: cartDocument() };
      return undefined;
    });
    renderApp(`/events/${EVENT_ID}?session=s-1`);
    const more = await screen.findByRole('button', { name: 'Add one Child' }, { timeout: 15_000 });
    const note = format(en.quantities.typeMax, { n: 2 });
    const childRow = more.closest('li')!;
    expect(childRow.textContent).toContain(note);
    expect(screen.getByRole('button', { name: 'Add one Adult' }).closest('li')!.textContent).not.toContain('per order');
    for (let i = 0; i < 3; i++) fireEvent.click(more);
    await waitFor(() => expect(more).toHaveProperty('disabled', true));
    expect(screen.getByLabelText<HTMLInputElement>(format(en.quantities.quantityLabel, { type: 'Child' })).value).toBe('2');
  });
});
