import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MEMBER_EMAIL_MAX, MEMBER_NAME_MAX, MEMBERS_MAX, MEMBERSHIP_TEXT } from '@foyer/contracts';
import { AUTO_RENEW_TEXT } from '@foyer/contracts/constants';
import { en } from '../src/i18n/en.js';
import * as members from '../src/features/membership/members.js';
import { configDocument, configEntry, EVENT_ID } from './fixtures.js';
import { card, LEVELS, logIn, membershipEventDocument, membershipServer, useMembershipTestEnv } from './membership-fixtures.js';
import { renderApp } from './render-app.js';

useMembershipTestEnv();

const modifyBody = (calls: { url: URL; body: unknown }[]) => calls.find((c) => c.url.pathname.endsWith('/modify'))?.body;

function fill(fieldset: HTMLElement, values: { first?: string; last?: string; email?: string }) {
  if (values.first !== undefined) fireEvent.change(within(fieldset).getByLabelText('First name'), { target: { value: values.first } });
  if (values.last !== undefined) fireEvent.change(within(fieldset).getByLabelText('Last name'), { target: { value: values.last } });
  if (values.email !== undefined) fireEvent.change(within(fieldset).getByLabelText(/E-mail|Email/i), { target: { value: values.email } });
}

describe('membership purchase: level and members (docs/memberships.md#2-buying, docs/memberships.md#4-refusals-error-envelope)', () => {
  it('the web mirrors the contract: limits and texts', () => {
    expect(members.MEMBER_NAME_MAX).toBe(MEMBER_NAME_MAX);
    expect(members.MEMBER_EMAIL_MAX).toBe(MEMBER_EMAIL_MAX);
    expect(MEMBERS_MAX).toBeGreaterThanOrEqual(9);
    expect(en.membership.membersRequired).toBe(MEMBERSHIP_TEXT.membersRequired);
    expect(en.membership.renewNotYet).toBe(MEMBERSHIP_TEXT.renewNotYet);
    expect(en.membership.noMembershipToRenew).toBe(MEMBERSHIP_TEXT.noMembershipToRenew);
    expect(en.membership.alreadyMember).toBe(MEMBERSHIP_TEXT.alreadyMember);
  });

  it('the only level on sale is chosen already, with the members its roles ask for', async () => {
    membershipServer({ doc: membershipEventDocument(['tt-dual']) });
    renderApp(`/events/${EVENT_ID}`);
    const dual = await screen.findByRole('radio', { name: /Dual/ }, { timeout: 15_000 });
    expect((dual as HTMLInputElement).checked).toBe(true);
    const groups = await screen.findAllByRole('group', { name: /^(Member|Second card)$/ });
    expect(groups.map((g) => g.querySelector('legend')?.textContent)).toEqual(['Member', 'Second card']);
    // The member's e-mail is asked (the level says so); the second card's is not.
    expect(within(groups[0]).getByLabelText(/mail/i)).toBeTruthy();
    expect(within(groups[1]).queryByLabelText(/mail/i)).toBeNull();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeTruthy();
  });

  it('membership.ask_to_autorenew "prompt" offers auto-renew in the form', async () => {
    const entry = { ...configEntry('ask_to_autorenew', 'prompt'), namespace: 'membership' };
    membershipServer({ doc: membershipEventDocument(['tt-dual']), extra: (url) => (url.pathname === '/api/config' ? { body: configDocument([entry]) } : undefined) });
    renderApp(`/events/${EVENT_ID}`);
    await screen.findByRole('button', { name: 'Add to cart' }, { timeout: 15_000 });
    expect(screen.getByRole('checkbox', { name: AUTO_RENEW_TEXT.offer })).toBeTruthy();
  });

  it('without membership.ask_to_autorenew the form offers no auto-renew', async () => {
    membershipServer({ doc: membershipEventDocument(['tt-dual']) });
    renderApp(`/events/${EVENT_ID}`);
    await screen.findByRole('button', { name: 'Add to cart' }, { timeout: 15_000 });
    expect(screen.queryByRole('checkbox', { name: AUTO_RENEW_TEXT.offer })).toBeNull();
  });

  it('several levels: nothing chosen until the buyer picks one; changing level starts its members afresh', async () => {
    membershipServer();
    renderApp(`/events/${EVENT_ID}`);
    const individual = await screen.findByRole('radio', { name: /Individual/ }, { timeout: 15_000 });
    expect(screen.getAllByRole('radio').every((r) => !(r as HTMLInputElement).checked)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(screen.getByText('$120')).toBeTruthy();
    fireEvent.click(individual);
    expect(await screen.findAllByRole('group', { name: 'Member' })).toHaveLength(1);
    fill(screen.getByRole('group', { name: 'Member' }), { first: 'Ada' });
    fireEvent.click(screen.getByRole('radio', { name: /Dual/ }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Second card' })).toBeTruthy());
    expect(within(screen.getByRole('group', { name: 'Member' })).getByLabelText<HTMLInputElement>('First name').value).toBe('');
  });

  it('validation: names required and at most 50 characters, the asked e-mail required and valid; the first invalid field gets the focus; nothing is sent', async () => {
    const { calls } = membershipServer({ doc: membershipEventDocument(['tt-dual']) });
    renderApp(`/events/${EVENT_ID}`);
    const add = await screen.findByRole('button', { name: 'Add to cart' }, { timeout: 15_000 });
    fireEvent.click(add);
    const member = screen.getByRole('group', { name: 'Member' });
    expect(within(member).getByText(en.quantities.firstNameRequired)).toBeTruthy();
    expect(within(member).getByText(en.quantities.emailRequired)).toBeTruthy();
    const first = within(member).getByLabelText('First name');
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(first.getAttribute('aria-describedby')!)?.textContent).toBe(en.quantities.firstNameRequired);

    fill(member, { first: 'A'.repeat(51), last: 'Lovelace', email: 'not-an-email' });
    expect(within(member).getByText('Use at most 50 characters.')).toBeTruthy();
    expect(within(member).getByText(en.quantities.emailInvalid)).toBeTruthy();
    expect(within(member).getByLabelText<HTMLInputElement>('First name').maxLength).toBe(50);
    expect(within(member).getByLabelText<HTMLInputElement>(/mail/i).maxLength).toBe(254);
    fireEvent.click(add);
    expect(modifyBody(calls)).toBeUndefined();
  });

  it('Family: children up to the level maximum, removed down to its minimum', async () => {
    membershipServer({ doc: membershipEventDocument(['tt-family']) });
    renderApp(`/events/${EVENT_ID}`);
    const addChild = await screen.findByRole('button', { name: 'Add child' }, { timeout: 15_000 });
    expect(await screen.findAllByRole('group', { name: /^(Member|Second card|Child \d)$/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    for (let i = 0; i < 4; i++) fireEvent.click(addChild);
    expect(screen.getAllByRole('group', { name: /^Child \d$/ }).map((g) => g.querySelector('legend')?.textContent)).toEqual(['Child 1', 'Child 2', 'Child 3', 'Child 4']);
    expect(addChild).toHaveProperty('disabled', true);
    expect(addChild.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(addChild.getAttribute('aria-describedby')!)?.textContent).toBe('Child: up to 4');
    fireEvent.click(screen.getByRole('button', { name: 'Add second card' }));
    // The second card goes before the children (the level's role order).
    expect(screen.getAllByRole('group', { name: /^(Member|Second card|Child \d)$/ }).map((g) => g.querySelector('legend')?.textContent)).toEqual(['Member', 'Second card', 'Child 1', 'Child 2', 'Child 3', 'Child 4']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Child 2' }));
    expect(screen.getAllByRole('group', { name: /^Child \d$/ })).toHaveLength(3);
    expect(addChild).toHaveProperty('disabled', false);
    // The member card (min 1) cannot go.
    expect(screen.queryByRole('button', { name: 'Remove Member' })).toBeNull();
  });

  it('a logged-out buyer is asked to log in or go on as a guest; as a guest the members go to the cart with their roles', async () => {
    const { calls } = membershipServer({ doc: membershipEventDocument(['tt-dual']) });
    const router = renderApp(`/events/${EVENT_ID}`);
    await screen.findByRole('button', { name: 'Add to cart' }, { timeout: 15_000 });
    fill(screen.getByRole('group', { name: 'Member' }), { first: ' Ada ', last: 'Lovelace', email: 'ada@example.com' });
    fill(screen.getByRole('group', { name: 'Second card' }), { first: 'Charles', last: 'Babbage' });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    const dialog = await screen.findByRole('dialog', { name: en.account.loginOrGuestTitle });
    expect(modifyBody(calls)).toBeUndefined();
    fireEvent.click(within(dialog).getByRole('button', { name: en.account.continueAsGuest }));
    await waitFor(() => expect(modifyBody(calls)).toBeDefined());
    expect(modifyBody(calls)).toEqual({
      add: [
        {
          ticket_type_id: 'tt-dual',
          event_session_id: 's-open',
          handler_data: {
            members: [
              { role: 'member', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
              { role: 'second-card', first_name: 'Charles', last_name: 'Babbage' },
            ],
          },
        },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
  });

  it('a logged-in buyer adds at once; a member with a current membership is pointed to it; refusals show the server text', async () => {
    logIn();
    const { calls } = membershipServer({
      doc: membershipEventDocument(['tt-individual']),
      cards: [card({ ticket_type_id: 'tt-individual', level_name: 'Individual' })],
      extra: (url) =>
        url.pathname.endsWith('/modify')
          ? { status: 409, body: { _data: [{ _code: 'membership_exists', _context: 'reserve', _description: MEMBERSHIP_TEXT.alreadyMember, _extra: null }] } }
          : undefined,
    });
    renderApp(`/events/${EVENT_ID}`);
    const notice = await screen.findByText(en.membership.alreadyMember, { exact: false }, { timeout: 15_000 });
    expect(within(notice).getByRole('link', { name: 'Membership details' }).getAttribute('href')).toBe('/my/membership');
    fill(screen.getByRole('group', { name: 'Member' }), { first: 'Ada', last: 'Lovelace', email: 'ada@example.com' });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', MEMBERSHIP_TEXT.alreadyMember);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.url.pathname.endsWith('/modify'))).toHaveLength(1);
  });

  it('levels that fail to load: an error with a retry', async () => {
    membershipServer({ extra: (url) => (url.pathname === '/cached_api/membership_levels' ? { status: 400, body: { _data: [{ _code: 'bad', _context: null, _description: 'Nope', _extra: null }] } } : undefined) });
    renderApp(`/events/${EVENT_ID}`);
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert.textContent).toContain(en.membership.levelsError);
    expect(within(alert).getByRole('button', { name: en.errors.retry })).toBeTruthy();
  });
});

describe('members (pure)', () => {
  const family = LEVELS[2].roles;
  it('starts each role at its minimum, one member at least', () => {
    expect(members.initialMembers(family).map((m) => m.role)).toEqual(['member']);
    expect(members.initialMembers([{ role: 'child', min: 0, max: 3, email_required: false }]).map((m) => m.role)).toEqual(['child']);
    expect(members.initialMembers(members.levelRoles(null)).map((m) => m.role)).toEqual(['member']);
  });

  it('no member at all is refused with the spec text; e-mails only where the level asks', () => {
    expect(members.validateMembers(family, []).list).toBe(MEMBERSHIP_TEXT.membersRequired);
    const list = members.addMember(family, members.initialMembers(family), 'child').map((m, i) => ({ ...m, firstName: `F${i}`, lastName: 'L', email: i === 1 ? 'kid@example.com' : 'ada@example.com' }));
    expect(members.membersValid(members.validateMembers(family, list))).toBe(true);
    expect(members.membersInput(family, list)).toEqual([
      { role: 'member', first_name: 'F0', last_name: 'L', email: 'ada@example.com' },
      { role: 'child', first_name: 'F1', last_name: 'L' },
    ]);
  });
});
