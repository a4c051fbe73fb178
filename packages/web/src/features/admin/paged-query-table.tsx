import type { UseQueryResult } from '@tanstack/react-query';
import { adminText as t, fill } from '../../i18n/en-admin.js';
import { DataTable } from './data-table.js';

type TableProps<Row> = Parameters<typeof DataTable<Row>>[0];

/**
 * A staff list the server filters and pages (docs/box-office.md: Find, Members, Audit log): loading,
 * the failure, "none found", or the table captioned with the count. `showPending` is false while
 * there is nothing to look for yet.
 */
export function PagedQueryTable<Row>({
  query,
  list,
  showPending = true,
  none,
  count,
  ...table
}: Omit<TableProps<Row>, 'caption' | 'rows' | 'total'> & {
  query: UseQueryResult;
  list: { _total: number; _data: Row[] } | undefined;
  showPending?: boolean;
  none: string;
  count: (n: number) => string;
}) {
  return (
    <>
      {showPending && query.isPending && <p>{t.loading}</p>}
      {query.isError && <p role="alert">{fill(t.error, { message: query.error.message })}</p>}
      {list && list._total === 0 && <p role="status">{none}</p>}
      {list && list._total > 0 && <DataTable caption={count(list._total)} rows={list._data} total={list._total} {...table} />}
    </>
  );
}
