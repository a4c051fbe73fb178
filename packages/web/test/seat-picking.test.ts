import { describe, expect, it } from 'vitest';
import { attachSeats, bestAvailable, clickSeat, isSelectable, selectionComplete, selectionErrors, type MapSeat, type SeatNeed } from '../src/features/events/seats/seat-picking.js';

/** A row of seats named 1…n at x = 10, 20, …; ids `${row}${n}`; `taken` seat numbers are booked. */
function row(name: string, n: number, y: number, groups: string[], taken: number[] = []): MapSeat[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${name}${i + 1}`, name: String(i + 1), section: 'Stalls', row: name, x: 10 * (i + 1), y, r: 4, zone: 'z', groups,
    state: taken.includes(i + 1) ? 'booked' : 'available', previous: i ? `${name}${i}` : null, next: i + 1 < n ? `${name}${i + 2}` : null,
  }));
}
const index = (seats: MapSeat[]) => new Map(seats.map((s) => [s.id, s]));
const need = (groupId: string, ...types: [string, number][]): SeatNeed => ({ groupId, groupName: groupId === 'p' ? 'Premium' : 'Standard', types: types.map(([typeName, quantity]) => ({ typeId: typeName, typeName, quantity })) });

describe('clicking seats (docs/seating.md#3-storefront)', () => {
  const seats = [...row('A', 8, 10, ['p'], [5]), ...row('B', 8, 20, ['s'])];
  const byId = index(seats);

  it('selects an available seat and auto-picks neighbours in its row, next first, to fill the quantity', () => {
    const needs = [need('p', ['Adult', 2], ['Child', 1])];
    expect([...clickSeat(byId, new Map(), needs, 'A2').keys()]).toEqual(['A2', 'A3', 'A4']);
    // Blocked by a sold seat towards `next`: the rest comes from the other side.
    expect([...clickSeat(byId, new Map(), needs, 'A4').keys()]).toEqual(['A4', 'A3', 'A2']);
    // At the row's end.
    expect([...clickSeat(byId, new Map(), needs, 'A8').keys()]).toEqual(['A8', 'A7', 'A6']);
  });

  it('auto-picks only what is still missing, and only seats of the same group', () => {
    const needs = [need('p', ['Adult', 3])];
    const first = clickSeat(byId, new Map(), needs, 'A1');
    expect([...first.keys()]).toEqual(['A1', 'A2', 'A3']);
    const fewer = clickSeat(byId, first, needs, 'A2'); // deselect
    expect([...fewer.keys()]).toEqual(['A1', 'A3']);
    expect([...clickSeat(byId, fewer, needs, 'A7').keys()]).toEqual(['A1', 'A3', 'A7']);
  });

  it('a sold or unavailable seat, or one no chosen ticket can use, is not selectable', () => {
    const needs = [need('p', ['Adult', 1])];
    expect(clickSeat(byId, new Map(), needs, 'A5').size).toBe(0);
    expect(isSelectable(byId.get('B1')!, needs)).toBe(false);
    expect(clickSeat(byId, new Map(), needs, 'B1').size).toBe(0);
    expect(isSelectable(byId.get('A1')!, needs)).toBe(true);
  });
});

describe('confirm rules (docs/seating.md#3-storefront)', () => {
  const needs = [need('p', ['Adult', 2], ['Child', 1]), need('s', ['Adult', 1])];
  it('names the first type short of seats, and a group with too many; none once every ticket has one', () => {
    expect(selectionErrors(needs, new Map())).toEqual(['Not enough seats for Premium Adult', 'Not enough seats for Standard Adult']);
    expect(selectionErrors(needs, new Map([['A1', 'p'], ['A2', 'p'], ['B1', 's']]))).toEqual(['Not enough seats for Premium Child']);
    const full = new Map([['A1', 'p'], ['A2', 'p'], ['A3', 'p'], ['B1', 's']]);
    expect(selectionErrors(needs, full)).toEqual([]);
    expect(selectionComplete(needs, full)).toBe(true);
    expect(selectionErrors(needs, new Map([...full, ['B2', 's']]))).toEqual(['Too many seats for Standard']);
    expect(selectionComplete([need('p', ['Adult', 0])], new Map())).toBe(false);
  });

  it('gives each seated ticket a seat of its group in map order', () => {
    const order = new Map(['A1', 'A2', 'A3', 'B1'].map((id, i) => [id, i]));
    const add = [{ ticket_type_id: 'adult-p' }, { ticket_type_id: 'child-p' }, { ticket_type_id: 'adult-s' }, { ticket_type_id: 'adult-p' }];
    const groups = new Map([['adult-p', 'p'], ['child-p', 'p'], ['adult-s', 's']]);
    const out = attachSeats(add, groups, new Map([['A3', 'p'], ['B1', 's'], ['A1', 'p'], ['A2', 'p']]), order);
    expect(out.map((i) => i.handler_data?.seat_id)).toEqual(['A1', 'A2', 'B1', 'A3']);
  });
});

describe('best available', () => {
  it('picks the contiguous block closest to the centre of the group\'s zone, front row first on a tie', () => {
    // Rows A (front) and B, 9 seats: centre of the zone is x = 50 between the rows.
    const seats = [...row('A', 9, 10, ['p'], [5]), ...row('B', 9, 20, ['p'])];
    const picked = bestAvailable(seats, [need('p', ['Adult', 2])]);
    // A5 is sold: the best pairs in A are 3-4 / 6-7 (centre 35 or 65); B4-B5 / B5-B6 centre at 45 / 55.
    expect([...picked!.keys()]).toEqual(['B4', 'B5']);
    const three = bestAvailable(seats, [need('p', ['Adult', 3])]);
    expect([...three!.keys()]).toEqual(['B4', 'B5', 'B6']);
    expect(bestAvailable(row('C', 3, 10, ['p'], [2]), [need('p', ['Adult', 2])])).toBeNull();
  });
});

describe('the map viewport (docs/seating.md#3-storefront)', async () => {
  const { clampView, initialView, panBy, zoomIn, zoomOut } = await import('../src/features/events/seats/viewport.js');
  const map = { width: 1000, height: 500 };
  it('zooms from 1x to 8x, in by 2, out by 0.75', () => {
    let view = initialView(map);
    const zooms = [view.zoom];
    for (let i = 0; i < 4; i++) zooms.push((view = zoomIn(map, view)).zoom);
    expect(zooms).toEqual([1, 2, 4, 8, 8]);
    expect(zoomOut(map, view).zoom).toBe(6);
    expect(zoomOut(map, { ...view, zoom: 1.2 }).zoom).toBe(1);
  });
  it('pans at most 50 beyond the map', () => {
    const view = zoomIn(map, zoomIn(map, initialView(map))); // 4x: 250 × 125 shown
    expect(panBy(map, view, -5000, -5000)).toEqual({ zoom: 4, cx: 125 - 50, cy: 62.5 - 50 });
    expect(panBy(map, view, 5000, 5000)).toEqual({ zoom: 4, cx: 1000 + 50 - 125, cy: 500 + 50 - 62.5 });
    expect(clampView(map, { zoom: 1, cx: 0, cy: 0 })).toEqual({ zoom: 1, cx: 450, cy: 200 });
  });
});

describe('the first view', async () => {
  const { fitView } = await import('../src/features/events/seats/viewport.js');
  it('frames the seats a buyer can use, as close as they fit', () => {
    const map = { width: 1000, height: 500 };
    expect(fitView(map, [{ x: 400, y: 200, r: 10 }, { x: 600, y: 250, r: 10 }])).toEqual({ zoom: 1000 / 300, cx: 500, cy: 225 });
    expect(fitView(map, []).zoom).toBe(1);
  });
});

describe('polled states', async () => {
  const { withStates } = await import('../src/features/events/seats/seat-picking.js');
  it('apply letter by letter in map order for the same geometry version only', () => {
    const seats = row('A', 3, 10, ['p']);
    const doc = (version: string, states: string) => ({ seat_state: { _count: 1, _total: 1, _data: [{ event_session_id: 's', geometry_version: version, states }] }, _total: 1 });
    expect(withStates(seats, 'v1', doc('v1', 'abu')).map((s) => s.state)).toEqual(['available', 'booked', 'unavailable']);
    expect(withStates(seats, 'v1', doc('v2', 'bbb'))).toBe(seats);
    expect(withStates(seats, 'v1', doc('v1', 'bb'))).toBe(seats);
  });
});
