import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as AuditPage } from '../src/features/admin/audit-page.js';
import { adminText } from '../src/i18n/en-admin.js';
import { installFetch } from './fixtures.js';
import { renderAtRoute } from './render-at-route.js';

/** The audit log screen (docs/box-office.md, Audit log): filtered and paged by the server. */
const entry = (i: number) => ({ id: `a${i}`, staff_id: 's1', staff_email: 'desk@example.org', action: i % 2 ? 'order.refund' : 'order.move', object_type: 'order', object_id: `o${i}`, before: null, after: { reason: `r${i}` }, created_at: new Date(Date.UTC(2026, 5, 7, 12, 60 - i)).toISOString() });

function renderPage() {
  const server = installFetch((url) => {
    if (url.pathname !== '/api/admin/audit') return undefined;
    const offset = Number(url.searchParams.get('_offset'));
    const all = Array.from({ length: 30 }, (_, i) => entry(i)).filter((e) => !url.searchParams.get('action') || e.action === url.searchParams.get('action'));
    return { body: { audit_entry: { _count: Math.min(25, all.length - offset), _total: all.length, _data: all.slice(offset, offset + 25) }, _total: all.length, _limit: [offset, 25] } };
  });
  const { router } = renderAtRoute('/admin/audit', AuditPage, '/admin/audit');
  return { ...server, router };
}

describe('the audit log screen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows who did what with before and after, pages through the server, and filters by action in the address', async () => {
    const { calls, router } = renderPage();
    const table = within(await screen.findByRole('table', { name: '30 entries' }));
    expect(table.getAllByRole('row')).toHaveLength(26);
    expect(table.getAllByText('{"reason":"r0"}')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: adminText.table.next }));
    await screen.findByText('{"reason":"r29"}');
    expect(calls.at(-1)!.url.searchParams.get('_offset')).toBe('25');

    fireEvent.change(screen.getByLabelText(adminText.audit.fields.action), { target: { value: 'order.move' } });
    fireEvent.click(screen.getByRole('button', { name: adminText.audit.apply }));
    await screen.findByRole('table', { name: '15 entries' });
    expect(calls.at(-1)!.url.searchParams.get('action')).toBe('order.move');
    expect(calls.at(-1)!.url.searchParams.get('_offset')).toBe('0');
    expect(router.state.location.search).toContain('action=order.move');
  });
});
