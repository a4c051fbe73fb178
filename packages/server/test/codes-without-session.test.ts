import { describe, expect, it } from 'vitest';
import { CartClient, useCatalogApp, type CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';

// docs/catalog.md: a discount code or voucher (a `codes` group) is bought without a session.
describe.each(dialects())('codes groups on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useCatalogApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  it('a codes ticket needs no session on an event with sessions; an admission ticket still does', async () => {
    // The hot event (with sessions) sells its student type as codes.
    await t.db.updateTable('ticket_group').set({ handler: 'codes' }).where('id', '=', ids.group('hot', 'hot')).execute();
    const c = new CartClient(t.app);
    const code = await c.create([{ ticket_type_id: ids.type('student') }]);
    expect(code.status, JSON.stringify(code.body)).toBe(200);
    expect(code.body.ticket._data[0]).toMatchObject({ handler: 'codes', event_session_id: null, ticket_group_id: ids.group('hot', 'hot'), valid_from: null });
    const admission = await new CartClient(t.app).create([{ ticket_type_id: ids.type('adult') }]);
    expect(admission.status).toBe(400);
    expect(admission.body._data[0]).toMatchObject({ _code: 'validation_failed', _description: 'Please choose a date and time.' });
  });
});
