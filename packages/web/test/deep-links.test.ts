import type { TTicketGroup, TTicketType } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import {
  parseDeepLink,
  problemText,
  readReserveMode,
  reserveItems,
  resolveTickets,
  withPresetPrice,
  type DeepLink,
} from '../src/features/events/detail/deep-links/deep-links.js';
import type { EventDetail, PriceGroup } from '../src/shared/events/model.js';

const link = (query: string): DeepLink => parseDeepLink(new URLSearchParams(query));

function type(id: string, name: string, flexible = false): TTicketType {
  return {
    id,
    name,
    summary: null,
    description: null,
    currency_amount: flexible ? '0.00' : '10.00',
    currency_amount_min: flexible ? '5.00' : null,
    currency_amount_max: flexible ? '500.00' : null,
    discounted_amount: null,
    fee_fixed_outside: null,
    fee_percent_outside: null,
    _rank: 0,
  };
}

function priceGroup(id: string, types: TTicketType[]): PriceGroup {
  return {
    group: { id, name: id, handler: 'tickets', hidden_type: 'public_browsable' } as TTicketGroup,
    types: types.map((t) => ({ type: t, rule: { id: `${id}-${t.id}`, ticket_group_id: id, ticket_type_id: t.id, party_role: null, named: 'no', emailed: false, min: null, max: null, _rank: 0 } })),
  };
}

const groups = [priceGroup('ga', [type('tt-adult', 'Adult'), type('tt-child', 'Child')]), priceGroup('gifts', [type('tt-donation', 'Donation', true)])];

describe('deep-link parameters (docs/deep-links.md#deep-links-to-an-event)', () => {
  it('session (today, next, an id) wins over date; a date must be YYYY-MM-DD', () => {
    expect(link('session=next').preselect).toEqual({ kind: 'next' });
    expect(link('session=today&date=2026-12-01').preselect).toEqual({ kind: 'today' });
    expect(link('session=s-42').preselect).toEqual({ kind: 'session', id: 's-42' });
    expect(link('date=2026-12-01').preselect).toEqual({ kind: 'date', date: '2026-12-01' });
    expect(link('date=tomorrow').preselect).toBeNull();
  });

  it('reserve: warn, strict, the truthy set (1, on, enabled, true, t, yes, y) or off', () => {
    expect(readReserveMode('warn')).toBe('warn');
    expect(readReserveMode('STRICT')).toBe('strict');
    for (const v of ['1', 'on', 'enabled', 'true', 't', 'yes', 'y', 'Y']) expect(readReserveMode(v)).toBe('on');
    for (const v of ['0', 'no', 'false', 'later', '', null]) expect(readReserveMode(v)).toBe('off');
  });

  it('keeps select, a valid price and whole-number quantities; tg, code and the rest are not quantities', () => {
    const parsed = link('tg=ga&select=tt-child&price=12.5&code=SPRING&adult=2&utm_source=mail&Child=0&weird=-1');
    expect(parsed.select).toBe('tt-child');
    expect(parsed.price).toBe('12.5');
    expect(parsed.quantities).toEqual([
      { ref: 'adult', quantity: 2 },
      { ref: 'Child', quantity: 0 },
    ]);
    expect(link('price=12.345').price).toBeNull();
    expect(link('price=abc').price).toBeNull();
  });
});

describe('resolving ticket quantities by type id or name', () => {
  it('matches ids and names case-insensitively, select adds one of its type', () => {
    expect(resolveTickets(link('tt-adult=2&child=1'), groups)).toEqual({ quantities: { 'ga:tt-adult': 2, 'ga:tt-child': 1 }, notFound: false });
    expect(resolveTickets(link('select=tt-child'), groups)).toEqual({ quantities: { 'ga:tt-child': 1 }, notFound: false });
    expect(resolveTickets(link('select=tt-child&child=3'), groups).quantities).toEqual({ 'ga:tt-child': 3 });
  });

  it('a link whose ticket references all miss is not found; a stray number beside a match is ignored', () => {
    expect(resolveTickets(link('student=2'), groups)).toEqual({ quantities: {}, notFound: true });
    expect(resolveTickets(link('select=tt-gone'), groups).notFound).toBe(true);
    expect(resolveTickets(link('adult=2&campaign_id=77'), groups)).toEqual({ quantities: { 'ga:tt-adult': 2 }, notFound: false });
    expect(resolveTickets(link('session=next'), groups).notFound).toBe(false);
  });

  it('reserve items: one per ticket on the session, flexible types at the preset price', () => {
    const detail = withPresetPrice({ groups } as EventDetail, '25');
    const items = reserveItems({ 'ga:tt-adult': 2, 'gifts:tt-donation': 1 }, detail.groups, 's1');
    expect(items).toEqual([
      { ticket_type_id: 'tt-adult', event_session_id: 's1' },
      { ticket_type_id: 'tt-adult', event_session_id: 's1' },
      { ticket_type_id: 'tt-donation', event_session_id: 's1', face_value: '25.00' },
    ]);
  });

  it('a price outside the flexible range presets nothing', () => {
    const detail = withPresetPrice({ groups } as EventDetail, '900');
    expect(detail.groups[1].types[0].type.currency_amount).toBe('0.00');
    expect(withPresetPrice({ groups } as EventDetail, '7.5').groups[1].types[0].type.currency_amount).toBe('7.50');
    // Fixed-price types keep their price.
    expect(withPresetPrice({ groups } as EventDetail, '7.5').groups[0].types[0].type.currency_amount).toBe('10.00');
  });
});

describe('deep-link messages (docs/deep-links.md#deep-links-to-an-event)', () => {
  it('names the problem, except in strict mode (the seller text, else the default)', () => {
    expect(problemText({ kind: 'types_not_found' }, 'off', null)).toBe('We could not find the tickets in your link. Please choose your tickets below.');
    expect(problemText({ kind: 'date_unavailable', date: '2026-11-25' }, 'warn', null)).toBe('Tickets are not available on Wed, Nov 25, 2026. Please choose another date.');
    expect(problemText({ kind: 'session_unavailable' }, 'on', null)).toBe('That time is not available. Please choose another time.');
    expect(problemText({ kind: 'reserve_refused', message: 'Only 2 left.' }, 'warn', null)).toBe('Only 2 left.');
    expect(problemText({ kind: 'session_unavailable' }, 'strict', null)).toBe('Sorry, these tickets are not available. Please choose other tickets.');
    expect(problemText({ kind: 'types_not_found' }, 'strict', 'Call the box office.')).toBe('Call the box office.');
  });
});
