import type { TMemberAllowance } from '@foyer/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en, format } from '../src/i18n/en.js';
import type { PriceGroup } from '../src/shared/events/model.js';
import { increase, quantityLimits, remainingFor, typeKey } from '../src/features/events/detail/quantities/quantities.js';
import { queryClient } from '../src/api/query-client.js';
import { benefitPools } from '../src/features/membership/benefits.js';
import { cartDocument } from './cart-fixtures.js';
import { configDocument, eventDocument, EVENT_ID, installFetch, session, sessionsDocument } from './fixtures.js';
import { logIn, USER_DOC, useMembershipTestEnv } from './membership-fixtures.js';
import { renderApp } from './render-app.js';

/** The quantity maximum from the remaining member benefit, incl. the '*' pool (docs/memberships.md#4-refusals-error-envelope). */

const list = <T,>(items: T[]) => ({ _count: items.length, _total: items.length, _data: items });

function allowance(overrides: Partial<TMemberAllowance> & { ticket_type_id: string; remaining: number }): TMemberAllowance {
  const id = overrides.id ?? `rule-${overrides.ticket_type_id}:s-1`;
  return { id, membership_rule_id: id.split(':')[0], membership_id: 'm-1', period: 'per_session', period_key: 's-1', event_session_id: 's-1', quantity: 4, used: 4 - overrides.remaining, ...overrides };
}

const rule = (groupId: string, typeId: string) => ({ id: `${groupId}-${typeId}`, ticket_group_id: groupId, ticket_type_id: typeId, party_role: null, named: 'no' as const, emailed: false, min: null, max: null, _rank: 0 });
const ticketType = (id: string) => ({ id, name: id, summary: null, description: null, currency_amount: '0.00', currency_amount_min: null, currency_amount_max: null, discounted_amount: null, fee_fixed_outside: null, fee_percent_outside: null, _rank: 0 });
function group(id: string, hidden: 'public_browsable' | 'public_member_only', typeIds: string[], max = 20): PriceGroup {
  return {
    group: { id, hidden_type: hidden, max_tickets_per_order: max, min_tickets_per_order: null, exclude_from_event_capacity: false } as PriceGroup['group'],
    types: typeIds.map((t) => ({ type: ticketType(t), rule: rule(id, t) })),
  };
}

const limitsWith = (groups: PriceGroup[], allowances: TMemberAllowance[]) => quantityLimits({ groups, groupAvailable: new Map(), sessionAvailable: -1, benefitPools: benefitPools(allowances, groups) });

describe('benefit pools (pure)', () => {
  const groups = [group('g-public', 'public_browsable', ['adult', 'child']), group('g-members', 'public_member_only', ['member', 'member-guest'])];

  it("a type's own allowance caps it; other types are not capped", () => {
    const limits = limitsWith(groups, [allowance({ ticket_type_id: 'member', remaining: 2 })]);
    expect(limits.types.get(typeKey('g-members', 'member'))!.max).toBe(2);
    expect(limits.types.get(typeKey('g-members', 'member-guest'))!.max).toBe(20);
    expect(limits.types.get(typeKey('g-public', 'adult'))!.max).toBe(20);
  });

  it("the '*' pool caps the members-only types together, not the public ones", () => {
    const limits = limitsWith(groups, [allowance({ ticket_type_id: '*', remaining: 3 })]);
    const member = typeKey('g-members', 'member');
    const guest = typeKey('g-members', 'member-guest');
    expect(limits.types.get(member)!.max).toBe(3);
    expect(limits.types.get(guest)!.max).toBe(3);
    expect(limits.types.get(typeKey('g-public', 'adult'))!.max).toBe(20);
    let q = increase(limits, {}, member);
    q = increase(limits, q, member);
    expect(remainingFor(limits, q, guest)).toBe(1);
    q = increase(limits, q, guest);
    expect(remainingFor(limits, q, guest)).toBe(0);
    expect(remainingFor(limits, q, member)).toBe(0);
    expect(increase(limits, q, member)).toBe(q);
  });

  it('own and pool together: the least remaining wins; a type a public group sells takes from its own rule', () => {
    const own = allowance({ ticket_type_id: 'member', remaining: 1 });
    const pool = allowance({ id: 'pool:s-1', ticket_type_id: '*', remaining: 4 });
    const limits = limitsWith(groups, [own, pool]);
    expect(limits.types.get(typeKey('g-members', 'member'))!.max).toBe(1);
    expect(limits.types.get(typeKey('g-members', 'member-guest'))!.max).toBe(4);
    const mixed = [group('g-public', 'public_browsable', ['member', 'adult'])];
    expect(limitsWith(mixed, [own]).types.get(typeKey('g-public', 'member'))!.max).toBe(1);
    expect(limitsWith(mixed, [own]).types.get(typeKey('g-public', 'adult'))!.max).toBe(20);
  });

  it('a used-up benefit leaves 0; no allowances (visitors) change nothing', () => {
    expect(limitsWith(groups, [allowance({ ticket_type_id: 'member', remaining: 0 })]).types.get(typeKey('g-members', 'member'))!.max).toBe(0);
    expect(limitsWith(groups, []).types.get(typeKey('g-members', 'member'))!.max).toBe(20);
  });

  it("the first card set with an allowance for the type is the one taken from (the server's pick)", () => {
    const a = allowance({ id: 'r-new:s-1', membership_id: 'm-new', ticket_type_id: 'member', remaining: 2 });
    const b = allowance({ id: 'r-old:s-1', membership_id: 'm-old', ticket_type_id: 'member', remaining: 0 });
    expect(limitsWith(groups, [a, b]).types.get(typeKey('g-members', 'member'))!.max).toBe(2);
  });
});

describe('the quantity stepper stops at the remaining benefit', () => {
  useMembershipTestEnv();

  it('a Dual member with 2 free member tickets per visit: the member ticket stops at 2 (asked for the session)', async () => {
    logIn();
    const doc = eventDocument({ event_type: 'single', hidden_type: 'public_browsable' });
    const g = doc.ticket_group!._data[0] as unknown as Record<string, unknown>;
    Object.assign(g, { hidden_type: 'public_member_only', name: 'Members' });
    const s = session('s-1', '2026-11-25', '18:00', 100);
    const { requests } = installFetch((url) => {
      if (url.pathname === '/api/config') return { body: configDocument() };
      if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: doc };
      if (url.pathname.endsWith(`/events/${EVENT_ID}/sessions`)) return { body: sessionsDocument([s]) };
      if (url.pathname === '/api/my/user') return { body: { ...USER_DOC, membership: list([]) } };
      if (url.pathname === '/api/my/member_allowance') {
        return { body: { member_allowance: list([allowance({ id: 'dual-admission:s-1', ticket_type_id: 'tt-adult', remaining: 2, quantity: 2 })]), _total: 1 } };
      }
      if (url.pathname.startsWith('/api/my/cart')) return { body: cartDocument() };
      return undefined;
    });
    renderApp(`/events/${EVENT_ID}?session=s-1`);
    const more = await screen.findByRole('button', { name: 'Add one Adult' }, { timeout: 15_000 });
    fireEvent.click(more);
    fireEvent.click(more);
    await waitFor(() => expect(more).toHaveProperty('disabled', true));
    expect(screen.getByLabelText<HTMLInputElement>(format(en.quantities.quantityLabel, { type: 'Adult' })).value).toBe('2');
    // The child ticket is no benefit here: not capped by it.
    const child = screen.getByRole('button', { name: 'Add one Child' });
    for (let i = 0; i < 3; i++) fireEvent.click(child);
    expect(screen.getByLabelText<HTMLInputElement>(format(en.quantities.quantityLabel, { type: 'Child' })).value).toBe('3');
    expect(requests.find((u) => u.pathname === '/api/my/member_allowance')?.searchParams.get('event_session_id')).toBe('s-1');
  });

  it('quantity-first: before a session, the member ticket stops at what one visit allows (asked without a session)', async () => {
    logIn();
    const doc = eventDocument({ meta: { reserve_flow: 'quantity_first' } });
    const g = doc.ticket_group!._data[0] as unknown as Record<string, unknown>;
    Object.assign(g, { hidden_type: 'public_member_only', name: 'Members' });
    const { requests } = installFetch((url) => {
      if (url.pathname === '/api/config') return { body: configDocument() };
      if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: doc };
      if (url.pathname === '/api/my/user') return { body: { ...USER_DOC, membership: list([]) } };
      if (url.pathname === '/api/my/member_allowance') {
        return { body: { member_allowance: list([allowance({ id: 'dual-admission:any', ticket_type_id: 'tt-adult', remaining: 2, quantity: 2, period_key: 'any', event_session_id: null })]), _total: 1 } };
      }
      if (url.pathname.startsWith('/api/my/cart')) return { body: cartDocument() };
      return undefined;
    });
    renderApp(`/events/${EVENT_ID}`);
    expect(await screen.findByRole('heading', { name: 'How many tickets?' }, { timeout: 15_000 })).toBeTruthy();
    const more = screen.getByRole('button', { name: 'Add one Adult' });
    await waitFor(() => expect(requests.some((u) => u.pathname === '/api/my/member_allowance')).toBe(true));
    // The allowance has arrived (the stepper is capped from then on).
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    for (let i = 0; i < 4; i++) fireEvent.click(more);
    await waitFor(() => expect(more).toHaveProperty('disabled', true));
    expect(screen.getByLabelText<HTMLInputElement>(format(en.quantities.quantityLabel, { type: 'Adult' })).value).toBe('2');
    expect(requests.find((u) => u.pathname === '/api/my/member_allowance')?.searchParams.has('event_session_id')).toBe(false);
  });
});
