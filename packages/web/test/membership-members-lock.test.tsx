import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_TEXT } from '@foyer/contracts';
import { en } from '../src/i18n/en.js';
import { configDocument, EVENT_ID, SELLER_ID } from './fixtures.js';
import { card, logIn, membershipEventDocument, membershipServer, useMembershipTestEnv } from './membership-fixtures.js';
import { renderApp } from './render-app.js';

useMembershipTestEnv();

const LOCK = { id: 'cfg-lock', resource_id: SELLER_ID, namespace: 'membership', name: 'prevent_membership_updates', value: true };
/** A lapsed Dual: Ada (with her e-mail) and Charles; the Family level on sale would take children too. */
const LAPSED = [
  card({ status: 'expired', valid_to: '2026-09-01T04:00:00.000Z' }),
  card({ id: 'm-2', scan_code: 'HM-100002', role: 'second-card', first_name: 'Charles', last_name: 'Babbage', email: null, status: 'expired', valid_to: '2026-09-01T04:00:00.000Z' }),
];

function server(lock: boolean) {
  logIn();
  return membershipServer({
    doc: membershipEventDocument(['tt-family']),
    cards: LAPSED,
    extra: (url) => (url.pathname === '/api/config' ? { body: configDocument(lock ? [LOCK] : []) } : undefined),
  });
}

const value = (group: HTMLElement, label: RegExp) => within(group).getByLabelText<HTMLInputElement>(label);

describe('prevent_membership_updates: the buy form locks a member\'s people (docs/memberships.md "Locked member details")', () => {
  it('the web text is the server\'s refusal text', () => {
    expect(en.membership.detailsLocked).toBe(MEMBERSHIP_TEXT.detailsLocked);
  });

  it('a lapsed member buying again sees the people on its cards read-only, can add no one, and sends them as written', async () => {
    const { calls } = server(true);
    renderApp(`/events/${EVENT_ID}`);
    expect(await screen.findByText(en.membership.detailsLocked, {}, { timeout: 15_000 })).toBeTruthy();
    const member = await screen.findByRole('group', { name: 'Member' });
    await waitFor(() => expect(value(member, /First name/).value).toBe('Ada'));
    expect(value(member, /mail/i).value).toBe('ada@example.com');
    const second = screen.getByRole('group', { name: 'Second card' });
    expect(value(second, /First name/).value).toBe('Charles');
    for (const input of [value(member, /First name/), value(member, /Last name/), value(member, /mail/i), value(second, /Last name/)]) expect(input.readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add child' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/modify'))).toBe(true));
    const body = calls.find((c) => c.url.pathname.endsWith('/modify'))!.body as { add: { handler_data: { members: unknown[] } }[] };
    expect(body.add[0].handler_data.members).toEqual([
      { role: 'member', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
      { role: 'second-card', first_name: 'Charles', last_name: 'Babbage' },
    ]);
  });

  it('with the setting off the same member starts with empty, editable fields and may add people', async () => {
    server(false);
    renderApp(`/events/${EVENT_ID}`);
    const member = await screen.findByRole('group', { name: 'Member' }, { timeout: 15_000 });
    expect(value(member, /First name/).value).toBe('');
    expect(value(member, /First name/).readOnly).toBe(false);
    expect(screen.queryByText(en.membership.detailsLocked)).toBeNull();
    expect(screen.getByRole('button', { name: 'Add child' })).toBeTruthy();
  });
});
