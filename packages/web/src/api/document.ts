import type { TDocument, TResourceList } from '@foyer/contracts';

/** Helpers for the relational document every read returns (docs/api.md#responses). */

type ListKey = {
  [K in keyof TDocument]-?: NonNullable<TDocument[K]> extends TResourceList<unknown> ? K : never;
}[keyof TDocument];

type ItemOf<K extends ListKey> = NonNullable<TDocument[K]> extends TResourceList<infer T> ? T : never;

/** The `_data` list of one resource type (empty when the key is missing). */
export function listOf<K extends ListKey>(doc: TDocument | undefined, key: K): ItemOf<K>[] {
  const list = doc?.[key] as TResourceList<ItemOf<K>> | undefined;
  return list?._data ?? [];
}

/** Index a list by id. */
export function byId<T extends { id: string }>(items: readonly T[]): Map<string, T> {
  return new Map(items.map((item) => [item.id, item]));
}
