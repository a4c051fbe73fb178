import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable, type Column } from '../src/features/admin/data-table.js';

/** The box office's table (docs/box-office.md): sortable by its headers, paginated. */
type Row = { id: string; name: string; n: number };
const rows: Row[] = Array.from({ length: 30 }, (_, i) => ({ id: `r${i}`, name: `Row ${String(i).padStart(2, '0')}`, n: (i * 7) % 30 }));
const columns: Column<Row>[] = [
  { key: 'name', label: 'Name', cell: (r) => r.name, sortValue: (r) => r.name },
  { key: 'n', label: 'Count', cell: (r) => r.n, sortValue: (r) => r.n, numeric: true },
];
const names = () => within(screen.getByRole('table', { name: 'Things' })).getAllByRole('row').slice(1).map((r) => r.textContent);

describe('the staff data table', () => {
  afterEach(cleanup);

  it('sorts by a header (aria-sort says how), both ways, and pages 25 at a time', () => {
    render(<DataTable caption="Things" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(names().length).toBe(25);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Count' }));
    expect(screen.getByRole('columnheader', { name: /Count/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(names()[0]).toBe('Row 000');
    expect(names()[1]).toBe('Row 131');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Count' }));
    expect(screen.getByRole('columnheader', { name: /Count/ }).getAttribute('aria-sort')).toBe('descending');
    expect(names()[0]).toBe('Row 1729');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(names().length).toBe(5);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
  });

  it('with server paging, asks its caller for the next page and sort', () => {
    const asked: unknown[] = [];
    render(<DataTable caption="Things" columns={columns} rows={rows.slice(0, 25)} rowKey={(r) => r.id} total={60} offset={0} onPage={(o) => asked.push(['page', o])} sort={null} onSort={(s) => asked.push(['sort', s])} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    expect(asked).toEqual([
      ['page', 25],
      ['sort', { key: 'name', descending: false }],
      ['page', 0],
    ]);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });
});
