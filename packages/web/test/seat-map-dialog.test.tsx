import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SEAT_MAP_OPEN_DELAY_MS } from '@foyer/contracts/constants';
import type { TSeat, TTicketGroup, TTicketType } from '@foyer/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../src/api/query-client.js';
import type { PriceGroup } from '../src/shared/events/model.js';
import SeatMapDialog from '../src/features/events/seats/seat-map-dialog.js';
import type { SeatNeed } from '../src/features/events/seats/seat-picking.js';
import { SeatPicker } from '../src/features/events/seats/seat-picker.js';
import type { Seating } from '../src/features/events/seats/use-seating.js';
import { installFetch } from './fixtures.js';

/** The seat map dialog (docs/seating.md#3-storefront): auto-pick on click, deselect, the confirm rules, best available, live states, legend, filters; the 50 ms opening. */

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** Row A: 6 Premium seats, A4 sold; row B: 6 Standard seats. */
function seats(): TSeat[] {
  return ['A', 'B'].flatMap((row, r) =>
    Array.from({ length: 6 }, (_, i) => ({
      id: `${row}${i + 1}`, state: row === 'A' && i === 3 ? 'booked' : 'available', name: String(i + 1), section: 'Stalls', row, seat_template_id: 't',
      x: 20 + 20 * i, y: 20 + 20 * r, r: 8, zone: row === 'A' ? 'premium' : 'standard', ticket_groups: [row === 'A' ? 'gp' : 'gs'],
      previous: i ? `${row}${i}` : null, next: i < 5 ? `${row}${i + 2}` : null,
    })) as TSeat[],
  );
}

const premium: PriceGroup = {
  group: { id: 'gp', name: 'Premium', handler: 'seated' } as TTicketGroup,
  types: [{ type: { id: 'adult', name: 'Adult', currency_amount: '38.00', discounted_amount: null } as unknown as TTicketType, rule: {} as PriceGroup['types'][number]['rule'] }],
};
const need = (n: number): SeatNeed[] => [{ groupId: 'gp', groupName: 'Premium', types: [{ typeId: 'adult', typeName: 'Adult', quantity: n }] }];

const standard: PriceGroup = {
  group: { id: 'gs', name: 'Standard', handler: 'seated' } as TTicketGroup,
  types: [{ type: { id: 'adult', name: 'Adult', currency_amount: '24.00', discounted_amount: null } as unknown as TTicketType, rule: {} as PriceGroup['types'][number]['rule'] }],
};

const geometryDoc = () => ({
  seat_map: { _count: 1, _total: 1, _data: [{ id: 't', seat_template_id: 't', event_session_id: 's', name: 'Hall', width: 160, height: 80, map_geometry: { sections: [], zones: [] }, other_elements: [], geometry_version: 'v' }] },
  seat: { _count: 12, _total: 12, _data: seats() },
  _total: 12,
});
/** The states call's answer: a letter per seat in map order (A1 … A6, B1 … B6). */
const statesDoc = (states: string) => ({ seat_state: { _count: 1, _total: 1, _data: [{ event_session_id: 's', geometry_version: 'v', states }] }, _total: 1 });

/** The dialog on a fake API: the geometry, and the states call answering `states()` (default: as the geometry says). */
function show(needs: SeatNeed[], onConfirm = vi.fn(), options: { states?: () => string; groups?: PriceGroup[] } = {}) {
  installFetch((url) => {
    if (!url.pathname.endsWith('/seat_map')) return undefined;
    if (url.searchParams.get('_withgeometry') === 'true' || !options.states) return { body: geometryDoc() };
    return { body: statesDoc(options.states()) };
  });
  const root = document.createElement('div');
  root.id = 'root';
  document.body.appendChild(root);
  render(
    <QueryClientProvider client={queryClient}>
      <SeatMapDialog open eventId="e" sessionId="s" needs={needs} groups={options.groups ?? [premium]} currency="USD" initial={new Map()} onConfirm={onConfirm} onClose={() => {}} />
    </QueryClientProvider>,
    { container: root },
  );
  return onConfirm;
}

const seat = (label: string) => screen.getByRole('button', { name: new RegExp(`^Stalls, row ${label[0]}, seat ${label.slice(1)},`) });
const pressed = () => [...document.querySelectorAll('[data-seat-id][aria-pressed="true"]')].map((e) => e.getAttribute('data-seat-id'));

describe('the seat map dialog', () => {
  it('a click picks the seat and its neighbours to fill the quantity; Confirm Selection waits for them', async () => {
    const onConfirm = show(need(2));
    await waitFor(() => seat('A2'));
    const confirm = screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm Selection' });
    expect(confirm.disabled).toBe(true);
    // The map is one tab stop: exactly one seat is focusable by Tab, the others by the arrow keys.
    const stops = [...document.querySelectorAll<SVGElement>('[data-seat-id]')].map((e) => e.tabIndex);
    expect([stops.filter((t) => t === 0).length, stops.filter((t) => t === -1).length]).toEqual([1, 11]);
    expect(screen.getByText('Not enough seats for Premium Adult')).toBeTruthy();

    fireEvent.click(seat('A2'));
    expect(pressed()).toEqual(['A2', 'A3']);
    expect(seat('A2').getAttribute('aria-label')).toBe('Stalls, row A, seat 2, Premium, $38, Selected');
    expect(confirm.disabled).toBe(false);
    expect(screen.queryByText('Not enough seats for Premium Adult')).toBeNull();

    // Deselect, then a sold seat and a seat of another group do nothing.
    fireEvent.click(seat('A3'));
    expect(pressed()).toEqual(['A2']);
    expect(confirm.disabled).toBe(true);
    fireEvent.click(seat('A4'));
    fireEvent.click(seat('B1'));
    expect(pressed()).toEqual(['A2']);
    expect(seat('A4').getAttribute('aria-label')).toMatch(/, Sold out$/);
    expect(seat('B1').getAttribute('aria-label')).toMatch(/, Unavailable$/);

    // A4 is sold: picking A5 fills towards A6.
    fireEvent.click(seat('A5'));
    expect(pressed()).toEqual(['A2', 'A5']);
    fireEvent.click(seat('A6'));
    expect(screen.getByText('Too many seats for Premium')).toBeTruthy();
    expect(confirm.disabled).toBe(true);
    fireEvent.click(seat('A6'));
    fireEvent.click(confirm);
    expect([...onConfirm.mock.calls[0][0].keys()]).toEqual(['A2', 'A5']);
  });

  it('best available takes the contiguous block nearest the middle of the zone; the keyboard chooses with Enter', async () => {
    show(need(3));
    await waitFor(() => seat('A1'));
    fireEvent.click(screen.getByRole('button', { name: 'Best available' }));
    expect(pressed()).toEqual(['A1', 'A2', 'A3']);
    fireEvent.keyDown(seat('A2'), { key: 'Enter' });
    expect(pressed()).toEqual(['A1', 'A3']);
    fireEvent.click(screen.getByRole('button', { name: 'Show seats as a list' }));
    const listed = screen.getAllByRole('button', { name: /^Stalls, row A, seat 2,/ });
    expect(listed).toHaveLength(2);
    fireEvent.click(listed[1]);
    expect(pressed()).toContain('A2');
  });

  it('draws the states of the states call, not those the geometry came with (a cached copy keeps its ETag across holds)', async () => {
    show(need(1), vi.fn(), { states: () => 'baaubaaaaaaa' });
    await waitFor(() => seat('A2'));
    // From its first frame: the map waits for the states call.
    expect(seat('A1').getAttribute('aria-label')).toMatch(/, Sold out$/);
    expect(seat('A2').getAttribute('aria-label')).toMatch(/, Available$/);
    expect(seat('A4').getAttribute('aria-label')).toMatch(/, Unavailable$/);
    expect(seat('A5').getAttribute('aria-label')).toMatch(/, Sold out$/);
  });

  it('a chosen seat someone else takes is dropped with "Sorry, {seat} has just been taken"', async () => {
    let states = 'aaabaaaaaaaa';
    show(need(2), vi.fn(), { states: () => states });
    await waitFor(() => seat('A2'));
    fireEvent.click(seat('A2'));
    expect(pressed()).toEqual(['A2', 'A3']);
    states = 'aaubaaaaaaaa'; // A3 held through another cart; the next poll says so
    await act(() => queryClient.refetchQueries({ queryKey: ['seat_map', 'detail', 's', { geometry: false }] }));
    await waitFor(() => expect(screen.getByText('Sorry, Stalls, row A, seat 3 has just been taken. Please choose another.')).toBeTruthy());
    expect(pressed()).toEqual(['A2']);
    expect(seat('A3').getAttribute('aria-label')).toMatch(/, Unavailable$/);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm Selection' }).disabled).toBe(true);
    // A new choice clears the notice.
    fireEvent.click(seat('A1'));
    expect(screen.queryByText(/has just been taken/)).toBeNull();
  });

  it('the legend names the four states; the group filter buttons show each group with its prices and dim the other groups', async () => {
    show([...need(1), { groupId: 'gs', groupName: 'Standard', types: [{ typeId: 'adult', typeName: 'Adult', quantity: 1 }] }], vi.fn(), { groups: [premium, standard] });
    await waitFor(() => seat('A1'));
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(within(legend).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Available', 'Sold out', 'Unavailable', 'Selected']);
    const filters = within(screen.getByRole('group', { name: 'Show seats of' })).getAllByRole('button');
    expect(filters.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([['All', 'true'], ['Premium $38', 'false'], ['Standard $24', 'false']]);
    const dimmed = () => [...document.querySelectorAll('[data-seat-id].seat--dimmed')].map((e) => e.getAttribute('data-seat-id'));
    expect(dimmed()).toEqual([]);
    fireEvent.click(filters[2]);
    expect(filters.map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'false', 'true']);
    expect(dimmed()).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6']);
    // A dimmed seat can still be chosen; the filter only shows where a group's seats are.
    fireEvent.click(filters[1]);
    expect(dimmed()).toEqual(['B1', 'B2', 'B3', 'B4', 'B5', 'B6']);
    fireEvent.click(filters[1]); // pressed again: all
    expect(dimmed()).toEqual([]);
    expect(filters[0].getAttribute('aria-pressed')).toBe('true');
  });
});

describe('the seat step of the reserve form', () => {
  it("'Choose your seats' renders for the spec's 50 ms (busy, no dialog yet), then opens the map", async () => {
    installFetch((url) => (url.pathname.endsWith('/seat_map') ? { body: geometryDoc() } : undefined));
    const seating: Seating = {
      needed: true, needs: need(1), seatedGroups: [premium], selection: new Map(), chosen: [], ready: false,
      confirm: vi.fn(), clear: vi.fn(), attach: (add) => add,
    };
    render(
      <QueryClientProvider client={queryClient}>
        <SeatPicker seating={seating} eventId="e" sessionId="s" currency="USD" />
      </QueryClientProvider>,
    );
    const open = screen.getByRole('button', { name: 'Choose your seats' });
    const clicked = performance.now();
    fireEvent.click(open);
    expect(open.textContent).toBe('Opening the seat map…');
    expect(open.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = await screen.findByRole('dialog', {}, { timeout: 3000 });
    expect(performance.now() - clicked).toBeGreaterThanOrEqual(SEAT_MAP_OPEN_DELAY_MS - 1);
    expect(within(dialog).getByRole('heading', { name: 'Choose your seats' })).toBeTruthy();
    await waitFor(() => within(dialog).getByRole('button', { name: /^Stalls, row A, seat 1,/ }));
    expect(open.getAttribute('aria-busy')).toBeNull();
  });
});
