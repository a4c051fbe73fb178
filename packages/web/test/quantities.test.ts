import type { TTicketGroup, TTicketGroupRule, TTicketType } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { ticketGroup } from './fixtures.js';
import type { PriceGroup } from '../src/shared/events/model.js';
import {
  canIncrease,
  decrease,
  increase,
  initialQuantities,
  nothingAvailable,
  quantityLimits,
  setQuantity,
  typeKey,
  unmetGroupMinimums,
} from '../src/features/events/detail/quantities/quantities.js';

function group(id: string, overrides: Partial<TTicketGroup> = {}): TTicketGroup {
  return ticketGroup({ id, event_template_id: 'e', name: id, max_tickets_per_order: null, ...overrides });
}

function type(id: string): TTicketType {
  return { id, name: id, summary: null, description: null, currency_amount: '10.00', currency_amount_min: null, currency_amount_max: null, discounted_amount: null, fee_fixed_outside: null, fee_percent_outside: null, _rank: 0 };
}

function rule(groupId: string, typeId: string, overrides: Partial<TTicketGroupRule> = {}): TTicketGroupRule {
  return { id: `${groupId}-${typeId}`, ticket_group_id: groupId, ticket_type_id: typeId, party_role: null, named: 'no', emailed: false, min: null, max: null, _rank: 0, ...overrides };
}

function priceGroup(g: TTicketGroup, types: { id: string; rule?: Partial<TTicketGroupRule> }[]): PriceGroup {
  return { group: g, types: types.map((t) => ({ type: type(t.id), rule: rule(g.id, t.id, t.rule) })) };
}

const A = typeKey('g', 'adult');
const C = typeKey('g', 'child');

describe('the per-type maximum (docs/events.md#field-rules)', () => {
  // The rule's own maximum (none → 1000, unnamed below 0 → 10) is tested in packages/contracts/test/ticket-limits.test.ts.
  it('is the least of 1000, the rule, the group per-order limit, the group room and the session room', () => {
    const groups = [priceGroup(group('g', { max_tickets_per_order: 8 }), [{ id: 'adult', rule: { max: 5 } }, { id: 'child' }])];
    const at = (groupRoom: number, sessionRoom: number) =>
      quantityLimits({ groups, groupAvailable: new Map([['g', groupRoom]]), sessionAvailable: sessionRoom });
    expect(at(-1, -1).types.get(A)!.max).toBe(5); // rule
    expect(at(-1, -1).types.get(C)!.max).toBe(8); // group per order
    expect(at(3, -1).types.get(C)!.max).toBe(3); // group room in the session
    expect(at(-1, 2).types.get(C)!.max).toBe(2); // session room
    const unlimited = quantityLimits({ groups: [priceGroup(group('g'), [{ id: 'child' }])], groupAvailable: new Map([['g', -1]]), sessionAvailable: -1 });
    expect(unlimited.types.get(C)!.max).toBe(1000);
  });

  it('an order maximum (an add-on matching its anchor) caps every type and the sum of them', () => {
    const groups = [priceGroup(group('g'), [{ id: 'adult' }, { id: 'child' }])];
    const limits = quantityLimits({ groups, groupAvailable: new Map([['g', -1]]), sessionAvailable: -1, orderMax: 3 });
    expect(limits.types.get(A)!.max).toBe(3);
    expect(canIncrease(limits, { [A]: 2, [C]: 1 }, A)).toBe(false);
    expect(canIncrease(limits, { [A]: 2 }, C)).toBe(true);
    expect(setQuantity(limits, { [C]: 1 }, A, 5)).toEqual({ [C]: 1, [A]: 2 });
  });

  it('a group excluded from event capacity is not bounded by the session', () => {
    const groups = [priceGroup(group('lap', { capacity: 8, exclude_from_event_capacity: true }), [{ id: 'lap', rule: { max: 2 } }]), priceGroup(group('g'), [{ id: 'adult' }])];
    const limits = quantityLimits({ groups, groupAvailable: new Map([['lap', 8], ['g', 0]]), sessionAvailable: 0 });
    expect(limits.types.get(typeKey('lap', 'lap'))!.max).toBe(2);
    expect(limits.types.get(A)!.max).toBe(0);
    expect(nothingAvailable(limits)).toBe(false);
    expect(nothingAvailable(quantityLimits({ groups: [groups[1]], groupAvailable: new Map([['g', 0]]), sessionAvailable: 0 }))).toBe(true);
  });

  it('what the cart already holds in the session counts against the per-order limits', () => {
    const groups = [priceGroup(group('g', { max_tickets_per_order: 6 }), [{ id: 'adult', rule: { max: 4 } }, { id: 'child' }])];
    const limits = quantityLimits({
      groups,
      groupAvailable: new Map([['g', 50]]),
      sessionAvailable: 50,
      held: { byGroup: new Map([['g', 3]]), byType: new Map([[A, 3]]) },
    });
    expect(limits.types.get(A)!.max).toBe(1);
    expect(limits.types.get(C)!.max).toBe(3);
  });
});

describe('stepping (docs/events.md#field-rules)', () => {
  it('a group of one type starts at the group minimum; decreasing from it goes to 0', () => {
    const groups = [priceGroup(group('g', { min_tickets_per_order: 10, max_tickets_per_order: 40 }), [{ id: 'adult' }])];
    const limits = quantityLimits({ groups, groupAvailable: new Map([['g', 60]]), sessionAvailable: 60 });
    const start = initialQuantities(limits);
    expect(start[A]).toBe(10);
    expect(decrease(limits, start, A)[A]).toBe(0);
    expect(increase(limits, { [A]: 0 }, A)[A]).toBe(10);
    expect(increase(limits, start, A)[A]).toBe(11);
  });

  it('a group of several types starts at 0; a type with a minimum jumps to it and drops to 0 from it', () => {
    const groups = [priceGroup(group('g', { min_tickets_per_order: 2 }), [{ id: 'adult', rule: { min: 2 } }, { id: 'child' }])];
    const limits = quantityLimits({ groups, groupAvailable: new Map([['g', 60]]), sessionAvailable: 60 });
    const start = initialQuantities(limits);
    expect(start).toEqual({ [A]: 0, [C]: 0 });
    const two = increase(limits, start, A);
    expect(two[A]).toBe(2);
    expect(decrease(limits, two, A)[A]).toBe(0);
    expect(decrease(limits, { [A]: 3, [C]: 0 }, A)[A]).toBe(2);
  });

  it('does not increase when the remaining capacity is 0 or less (shared by the types of the session)', () => {
    const groups = [priceGroup(group('g'), [{ id: 'adult' }, { id: 'child' }])];
    const limits = quantityLimits({ groups, groupAvailable: new Map([['g', 3]]), sessionAvailable: 3 });
    let q = initialQuantities(limits);
    q = increase(limits, q, A);
    q = increase(limits, q, A);
    q = increase(limits, q, C);
    expect(q).toEqual({ [A]: 2, [C]: 1 });
    expect(canIncrease(limits, q, A)).toBe(false);
    expect(canIncrease(limits, q, C)).toBe(false);
    expect(increase(limits, q, C)).toBe(q);
  });

  it('cannot jump to a type minimum that does not fit', () => {
    const groups = [priceGroup(group('g'), [{ id: 'adult', rule: { min: 4 } }])];
    const limits = quantityLimits({ groups, groupAvailable: new Map([['g', 3]]), sessionAvailable: 3 });
    expect(limits.types.get(A)!.max).toBe(0);
    expect(canIncrease(limits, { [A]: 0 }, A)).toBe(false);
  });

  it('a typed quantity is raised to the minimum and capped by what remains', () => {
    const groups = [priceGroup(group('g', { max_tickets_per_order: 6 }), [{ id: 'adult', rule: { min: 2 } }, { id: 'child' }])];
    const limits = quantityLimits({ groups, groupAvailable: new Map([['g', 60]]), sessionAvailable: 60 });
    const q = { [A]: 0, [C]: 2 };
    expect(setQuantity(limits, q, A, 1)[A]).toBe(2);
    expect(setQuantity(limits, q, A, 99)[A]).toBe(4);
    expect(setQuantity(limits, q, A, -3)[A]).toBe(0);
    expect(setQuantity(limits, q, A, Number.NaN)[A]).toBe(0);
  });

  it('reports group minimums not met, but not for groups left empty', () => {
    const groups = [priceGroup(group('g', { min_tickets_per_order: 2 }), [{ id: 'adult' }, { id: 'child' }])];
    const limits = quantityLimits({ groups, groupAvailable: new Map([['g', 60]]), sessionAvailable: 60 });
    expect(unmetGroupMinimums(limits, { [A]: 1, [C]: 0 })).toEqual([{ groupId: 'g', min: 2 }]);
    expect(unmetGroupMinimums(limits, { [A]: 1, [C]: 1 })).toEqual([]);
    expect(unmetGroupMinimums(limits, { [A]: 0, [C]: 0 })).toEqual([]);
  });
});

describe('quantities before a session (quantity-first, docs/events.md#flows)', () => {
  it('no session yet: the per-order and per-type limits hold; the calendar finds the room', () => {
    const groups = [
      priceGroup(group('g', { max_tickets_per_order: 12, min_tickets_per_order: 2 }), [{ id: 'adult' }, { id: 'child' }]),
      priceGroup(group('lap', { capacity: 8, exclude_from_event_capacity: true }), [{ id: 'lap', rule: { max: 2 } }]),
    ];
    const limits = quantityLimits({ groups, groupAvailable: new Map(), sessionAvailable: -1 });
    expect(limits.types.get(A)!.max).toBe(12);
    expect(limits.types.get(typeKey('lap', 'lap'))!.max).toBe(2);
    let q = initialQuantities(limits);
    expect(q).toEqual({ [A]: 0, [C]: 0, [typeKey('lap', 'lap')]: 0 });
    for (let i = 0; i < 11; i++) q = increase(limits, q, A);
    q = increase(limits, q, C);
    // The group's 12 per order is reached: no more adults or children.
    expect(canIncrease(limits, q, A)).toBe(false);
    expect(canIncrease(limits, q, C)).toBe(false);
    expect(canIncrease(limits, q, typeKey('lap', 'lap'))).toBe(true);
    expect(unmetGroupMinimums(limits, { [A]: 1 })).toEqual([{ groupId: 'g', min: 2 }]);
  });
});
