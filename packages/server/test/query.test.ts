import { describe, expect, it } from 'vitest';
import { AppError } from '../src/http/app-error.js';
import { applyFilters, applySort, parseQuery, type QuerySpec } from '../src/http/query.js';

const spec: QuerySpec = {
  filters: { sold_out: 'boolean', start_datetime: 'datetime', category: 'string', capacity: 'number', start_time: 'time' },
  embeds: ['venue', 'ticket_group.meta'],
  sorts: ['start_datetime', 'name'],
  metaFilters: true,
};

function refusal(query: Record<string, string>): AppError {
  try {
    parseQuery(query, spec);
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

describe('query language', () => {
  it.each([['T', true], ['true', true], ['1', true], ['F', false], ['false', false], ['0', false]])('reads boolean %s', (raw, value) => {
    expect(parseQuery({ sold_out: raw }, spec).filters).toEqual([{ field: 'sold_out', op: 'eq', value }]);
  });

  it('refuses a filter key holding a line break as unknown (found by the API fuzz test: it was a 500)', () => {
    const error = refusal({ 'a\rb': 'x' });
    expect(error.status).toBe(400);
    expect(error.code).toBe('unknown_field');
  });

  it('reads every operator', () => {
    const q = parseQuery(
      { 'category._in': 'A,B', 'capacity._gte': '5', 'capacity._lt': '9', 'start_datetime._gt': '2026-01-01T00:00:00Z', 'start_time._lte': '1200' },
      spec,
    );
    expect(q.filters).toEqual([
      { field: 'category', op: 'in', value: ['A', 'B'] },
      { field: 'capacity', op: 'gte', value: 5 },
      { field: 'capacity', op: 'lt', value: 9 },
      { field: 'start_datetime', op: 'gt', value: '2026-01-01T00:00:00.000Z' },
      { field: 'start_time', op: 'lte', value: '12:00' },
    ]);
  });

  it('reads embeds with their dotted prefixes, sort, paging, date and meta', () => {
    const q = parseQuery({ _embed: 'venue,ticket_group,ticket_group.meta', _sort: 'name,-start_datetime', _limit: '5', _offset: '10', _ondate: '2026-02-03', 'meta.family': 'true' }, spec);
    expect([...q.embed]).toEqual(['venue', 'ticket_group', 'ticket_group.meta']);
    expect(q.sort).toEqual([{ field: 'name', direction: 'asc' }, { field: 'start_datetime', direction: 'desc' }]);
    expect([q.limit, q.offset, q.ondate]).toEqual([5, 10, '2026-02-03']);
    expect(q.meta).toEqual({ family: 'true' });
  });

  it.each([
    [{ colour: 'red' }, 'unknown_field'],
    [{ 'category._near': 'x' }, 'unknown_field'],
    [{ _embed: 'venue,secrets' }, 'unknown_embed'],
    [{ _sort: 'price' }, 'unknown_field'],
    [{ sold_out: 'maybe' }, 'bad_field_value'],
    [{ capacity: 'ten' }, 'bad_field_value'],
    [{ start_datetime: 'yesterday' }, 'bad_field_value'],
    [{ _ondate: '2026-13-45' }, 'bad_field_value'],
    [{ _limit: '-1' }, 'bad_field_value'],
    [{ _limit: '100000' }, 'bad_field_value'],
  ])('refuses %j with %s', (query, code) => {
    const error = refusal(query);
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(400);
    expect(error.code).toBe(code);
    expect(error.description.length).toBeGreaterThan(5);
  });

  it('filters and sorts rows in memory', () => {
    const rows = [{ name: 'b', capacity: 3 }, { name: 'a', capacity: 8 }, { name: 'c', capacity: 5 }];
    const q = parseQuery({ 'capacity._gte': '4', _sort: '-name' }, { filters: { capacity: 'number' }, sorts: ['name'] });
    expect(applySort(applyFilters(rows, q.filters), q.sort).map((r) => r.name)).toEqual(['c', 'a']);
  });
});
