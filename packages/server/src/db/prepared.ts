import { CompiledQuery, type Compilable, type QueryResult } from 'kysely';
import type { Tx } from './database.js';

const SENTINEL = '\u0000foyer-argument-';

interface Template {
  sql: string;
  /** Per parameter: the index of the argument it takes, or the constant the query built in. */
  slots: ({ arg: number } | { value: unknown })[];
}

/**
 * A query built and compiled once per database, then run with new arguments. Kysely otherwise
 * rebuilds and recompiles the query tree on every call, which on the reserve path cost more than
 * SQLite running the statement. `build` must use its arguments only as values (they become bound
 * parameters), never to choose the query's shape: give each shape its own prepared query.
 */
export function prepared<A extends unknown[], R>(build: (db: Tx, ...args: A) => Compilable<R>) {
  const templates = new WeakMap<object, Template>();
  return (tx: Tx, ...args: A): Promise<QueryResult<R>> => {
    const adapter = tx.getExecutor().adapter;
    let template = templates.get(adapter);
    if (!template) {
      // Sentinel strings stand in for the arguments: the compiled query shows where each one goes.
      template = compileTemplate(tx, build, Array.from({ length: args.length }, (_, i) => `${SENTINEL}${i}`) as unknown as A);
      templates.set(adapter, template);
    }
    const parameters = template.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value));
    return tx.executeQuery(CompiledQuery.raw(template.sql, parameters));
  };
}

function compileTemplate<A extends unknown[]>(tx: Tx, build: (db: Tx, ...args: A) => Compilable, placeholders: A): Template {
  const count = placeholders.length;
  const compiled = build(tx, ...placeholders).compile();
  const slots = compiled.parameters.map((p) => (typeof p === 'string' && p.startsWith(SENTINEL) ? { arg: Number(p.slice(SENTINEL.length)) } : { value: p }));
  const used = new Set(slots.flatMap((s) => ('arg' in s ? [s.arg] : [])));
  if (used.size !== count) throw new Error(`prepared query uses ${used.size} of its ${count} arguments as values: ${compiled.sql}`);
  return { sql: compiled.sql, slots };
}
