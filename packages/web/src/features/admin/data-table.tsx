import { useId, useState, type ReactNode } from 'react';
import { adminText as t, fill } from '../../i18n/en-admin.js';

export interface Column<Row> {
  key: string;
  label: string;
  cell: (row: Row) => ReactNode;
  /** What the column sorts by (client-side tables); absent: not sortable. */
  sortValue?: (row: Row) => string | number;
  numeric?: boolean;
}

export type Sort = { key: string; descending: boolean } | null;

/**
 * The staff screens' table (docs/box-office.md): column headers sort (aria-sort says how), long
 * lists page. Sorting and paging are the table's own unless `sort`/`page` come from the caller
 * (server-side, as Find does).
 */
export function DataTable<Row>(props: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  pageSize?: number;
  sort?: Sort;
  onSort?: (sort: Sort) => void;
  sortable?: string[];
  total?: number;
  offset?: number;
  onPage?: (offset: number) => void;
}) {
  const [ownSort, setOwnSort] = useState<Sort>(null);
  const [ownOffset, setOwnOffset] = useState(0);
  const captionId = useId();
  const serverSide = props.onPage !== undefined;
  const sort = props.onSort ? (props.sort ?? null) : ownSort;
  const pageSize = props.pageSize ?? 25;
  let rows = props.rows;
  if (!props.onSort && sort) {
    const column = props.columns.find((c) => c.key === sort.key);
    if (column?.sortValue) {
      const value = column.sortValue;
      rows = [...rows].sort((a, b) => (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : 0) * (sort.descending ? -1 : 1));
    }
  }
  const total = serverSide ? (props.total ?? rows.length) : rows.length;
  const offset = serverSide ? (props.offset ?? 0) : Math.min(ownOffset, Math.max(0, Math.floor((total - 1) / pageSize) * pageSize));
  const shown = serverSide ? rows : rows.slice(offset, offset + pageSize);
  const { onPage } = props;
  const setOffset = (next: number) => (onPage ? onPage(next) : setOwnOffset(next));
  const toggle = (key: string) => {
    const next: Sort = sort?.key === key ? { key, descending: !sort.descending } : { key, descending: false };
    if (props.onSort) props.onSort(next);
    else setOwnSort(next);
    setOffset(0);
  };
  const canSort = (c: Column<Row>) => (props.sortable ? props.sortable.includes(c.key) : c.sortValue !== undefined);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.floor(offset / pageSize) + 1;
  return (
    <div className="admin-table">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take keyboard focus to scroll (axe scrollable-region-focusable) */}
      <div className="admin-table__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table>
          <caption id={captionId}>{props.caption}</caption>
          <thead>
            <tr>
              {props.columns.map((c) => (
                <th key={c.key} scope="col" className={c.numeric ? 'num' : undefined} aria-sort={sort?.key === c.key ? (sort.descending ? 'descending' : 'ascending') : undefined}>
                  {canSort(c) ? (
                    <button type="button" className="admin-table__sort" onClick={() => toggle(c.key)} aria-label={fill(t.table.sortBy, { column: c.label })}>
                      {c.label}
                      <span aria-hidden="true">{sort?.key === c.key ? (sort.descending ? ' ▼' : ' ▲') : ' ↕'}</span>
                    </button>
                  ) : (
                    c.label
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={props.rowKey(row)}>
                {props.columns.map((c) => (
                  <td key={c.key} className={c.numeric ? 'num' : undefined}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {total > pageSize && (
        <nav className="admin-table__pages" aria-label={props.caption}>
          <button type="button" className="button button--secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - pageSize))}>
            {t.table.previous}
          </button>
          <span>{fill(t.table.page, { page, pages })}</span>
          <button type="button" className="button button--secondary" disabled={offset + pageSize >= total} onClick={() => setOffset(offset + pageSize)}>
            {t.table.next}
          </button>
        </nav>
      )}
    </div>
  );
}
