import type { TResourceList } from '@foyer/contracts';

/** One resource type's list in the relational document. */
export function list<T>(items: T[], total = items.length): TResourceList<T> {
  return { _count: items.length, _total: total, _data: items };
}

/**
 * Builds the relational document: the primary resource first, then embedded siblings. Builders
 * name the contract document they build (`as TCartDocument`): the keys follow the embeds asked
 * for, so test/openapi-conformance.test.ts checks the real answers against the contract.
 */
export function document(primary: string, items: unknown[], total: number, siblings: Record<string, unknown[]> = {}, page?: { offset: number; limit: number }) {
  const doc: Record<string, unknown> = { [primary]: list(items, total) };
  for (const [key, rows] of Object.entries(siblings)) if (key !== primary) doc[key] = list(rows);
  doc._total = total;
  if (page) doc._limit = [page.offset, page.limit];
  return doc;
}
