import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared } from '../src/db/prepared.js';
import { dialects, freshDatabase } from './harness.js';

describe.each(dialects())('prepared queries (%s)', (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    for (const name of ['alpha', 'beta', 'gamma']) await database.db.insertInto('counter').values({ name, value: name.length }).execute();
  });
  afterAll(() => database.drop());

  it('builds once, then binds each call its own arguments', async () => {
    let builds = 0;
    const byName = prepared((db, name: string) => {
      builds++;
      return db.selectFrom('counter').select(['name', 'value']).where('name', '=', name);
    });
    expect((await byName(database.db, 'alpha')).rows).toEqual([{ name: 'alpha', value: 5 }]);
    expect((await byName(database.db, 'gamma')).rows).toEqual([{ name: 'gamma', value: 5 }]);
    expect((await byName(database.db, 'nobody')).rows).toEqual([]);
    expect(builds).toBe(1);
  });

  it('keeps constants of the query and repeats an argument used twice', async () => {
    const bump = prepared((db, name: string, by: number) =>
      db.updateTable('counter').set({ value: sql`value + ${by}` }).where('name', '=', name).where('value', '<', sql<number>`${by} + 1000`).returning('value'),
    );
    const result = await database.db.transaction().execute((tx) => bump(tx, 'beta', 7));
    expect(result.rows).toEqual([{ value: 11 }]);
    expect(Number((await bump(database.db, 'nobody', 1)).numAffectedRows ?? 0)).toBe(0);
  });

  it('refuses a build that uses an argument for the shape of the query', () => {
    const shaped = prepared((db, limit: number) => db.selectFrom('counter').selectAll().$if(typeof limit === 'number', (q) => q.limit(1)));
    expect(() => shaped(database.db, 3)).toThrow(/uses 0 of its 1 arguments/);
  });
});
