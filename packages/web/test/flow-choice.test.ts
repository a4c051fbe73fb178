import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client.js';
import { chooseFlow, type FlowInput } from '../src/features/events/detail/flows/flow.js';
import { membershipExpired } from '../src/features/events/detail/flows/members-only-notice.js';
import { ticketTypesRequired } from '../src/features/events/detail/flows/priced-queries.js';
import { calendarErrorText } from '../src/features/events/detail/dates-sessions/calendar-error.js';
import { stepOfState } from '../src/features/events/detail/flows/use-flow-history.js';
import type { PriceGroup } from '../src/shared/events/model.js';

const event = (over: Partial<FlowInput['event']> = {}): FlowInput['event'] => ({ event_type: 'repeating', hidden_type: 'public_browsable', meta: {}, ...over });
const groups = (...handlers: string[]) => handlers.map((handler) => ({ group: { handler } })) as FlowInput['groups'];

describe('flow choice (docs/events.md#the-event-page)', () => {
  it('membership groups only: the buy-membership flow', () => {
    expect(chooseFlow({ event: event({ event_type: 'flexible' }), groups: groups('membership'), defaultFlow: null })).toBe('membership');
  });

  it('ledger or donation groups only: add one to the cart; mixed with tickets it is not', () => {
    expect(chooseFlow({ event: event({ event_type: 'flexible' }), groups: groups('ledger'), defaultFlow: null })).toBe('add_one');
    expect(chooseFlow({ event: event({ event_type: 'flexible' }), groups: groups('donation', 'ledger'), defaultFlow: null })).toBe('add_one');
    expect(chooseFlow({ event: event(), groups: groups('donation', 'tickets'), defaultFlow: null })).toBe('date_first');
  });

  it('a members-only event with no group the visitor may see: the members-only notice', () => {
    expect(chooseFlow({ event: event({ event_type: 'single', hidden_type: 'public_member_only' }), groups: [], defaultFlow: null })).toBe('members_only');
    // A member sees its groups: the event's own flow.
    expect(chooseFlow({ event: event({ event_type: 'single', hidden_type: 'public_member_only' }), groups: groups('tickets'), defaultFlow: null })).toBe('single');
  });

  it('single and flexible events have their own flows', () => {
    expect(chooseFlow({ event: event({ event_type: 'single' }), groups: groups('tickets'), defaultFlow: 'quantity_first' })).toBe('single');
    expect(chooseFlow({ event: event({ event_type: 'flexible' }), groups: groups('passes'), defaultFlow: null })).toBe('flexible');
  });

  it('an event selling only discount codes or vouchers needs no date or session, whatever its type', () => {
    expect(chooseFlow({ event: event(), groups: groups('codes'), defaultFlow: null })).toBe('flexible');
    expect(chooseFlow({ event: event({ meta: { reserve_flow: 'quantity_first' } }), groups: groups('codes', 'codes'), defaultFlow: null })).toBe('flexible');
    // Beside admission tickets, the dated flow stays.
    expect(chooseFlow({ event: event(), groups: groups('codes', 'tickets'), defaultFlow: null })).toBe('date_first');
  });

  it('quantity-first from meta reserve_flow, else from the configured default; date-first otherwise', () => {
    expect(chooseFlow({ event: event({ meta: { reserve_flow: 'quantity_first' } }), groups: groups('tickets'), defaultFlow: 'date_first' })).toBe('quantity_first');
    expect(chooseFlow({ event: event({ meta: { reserve_flow: 'date_first' } }), groups: groups('tickets'), defaultFlow: 'quantity_first' })).toBe('date_first');
    expect(chooseFlow({ event: event(), groups: groups('tickets'), defaultFlow: 'quantity_first' })).toBe('quantity_first');
    expect(chooseFlow({ event: event(), groups: groups('tickets'), defaultFlow: 'something_else' })).toBe('date_first');
    expect(chooseFlow({ event: event(), groups: groups('tickets'), defaultFlow: undefined })).toBe('date_first');
  });
});

describe('quantity-first calendar', () => {
  it('sends one line per ticket type with its summed quantity, nothing for 0', () => {
    const type = (id: string) => ({ type: { id, name: id }, rule: {} }) as PriceGroup['types'][number];
    const priced = [
      { group: { id: 'g1' }, types: [type('adult'), type('child')] },
      { group: { id: 'g2' }, types: [type('adult')] },
    ] as unknown as PriceGroup[];
    expect(ticketTypesRequired(priced, { 'g1:adult': 2, 'g1:child': 0, 'g2:adult': 1 })).toEqual({ ticket_types_required: [{ ticket_type_id: 'adult', quantity: 3 }] });
  });

  it('too many ticket types has its own text; any other failure the generic one (docs/events.md#errors)', () => {
    const tooMany = new ApiError({ status: 400, code: 'validation_failed', context: 'event_calendar', description: 'x' });
    expect(calendarErrorText(tooMany)).toBe('You can only select up to 10 different types of tickets.');
    expect(calendarErrorText(new ApiError({ status: 400, code: 'validation_failed', context: 'event_sessions' }))).toBe('Sorry! Something unexpected happened. Please try again.');
    expect(calendarErrorText(new Error('network'))).toBe('Sorry! Something unexpected happened. Please try again.');
  });
});

describe('members-only notice', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('says the membership expired only when memberships were bought and all have ended', () => {
    expect(membershipExpired([], now)).toBe(false);
    expect(membershipExpired([{ valid_to: '2026-10-01T00:00:00Z' }], now)).toBe(true);
    expect(membershipExpired([{ valid_to: '2026-10-01T00:00:00Z' }, { valid_to: '2027-10-01T00:00:00Z' }], now)).toBe(false);
    expect(membershipExpired([{ valid_to: null }], now)).toBe(false);
  });
});

describe('flow history', () => {
  it('reads the step of a history entry; anything else is the first step', () => {
    expect(stepOfState({ flowStep: 2 })).toBe(2);
    expect(stepOfState({ flowStep: -1 })).toBe(0);
    expect(stepOfState(null)).toBe(0);
    expect(stepOfState({ other: 1 })).toBe(0);
  });
});
