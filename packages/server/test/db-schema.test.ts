import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../src/db/migrations.js';
import { dialects, freshDatabase } from './harness.js';

const SCHEMA_FILE = fileURLToPath(new URL('../src/db/schema.ts', import.meta.url));
const MIGRATIONS_DIR = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

/**
 * Tables and their columns as db/schema.ts declares them: the properties of `Database`, each
 * naming an interface whose properties are the columns. Read from the source text, since the
 * types do not exist at run time.
 */
function declaredSchema(): Map<string, string[]> {
  const source = ts.createSourceFile(SCHEMA_FILE, readFileSync(SCHEMA_FILE, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const names = (decl: ts.InterfaceDeclaration) => {
    if (decl.heritageClauses?.length) throw new Error(`${decl.name.text} extends another interface: list its columns here`);
    return decl.members.filter(ts.isPropertySignature).map((m) => (m.name as ts.Identifier).text);
  };
  const database = interfaces.get('Database');
  if (!database) throw new Error('schema.ts has no Database interface');
  const tables = new Map<string, string[]>();
  for (const member of database.members.filter(ts.isPropertySignature)) {
    const typeName = member.type && ts.isTypeReferenceNode(member.type) ? member.type.typeName.getText(source) : '';
    const table = interfaces.get(typeName);
    if (!table) throw new Error(`Database.${(member.name as ts.Identifier).text} names ${typeName}, not an interface of schema.ts`);
    tables.set((member.name as ts.Identifier).text, names(table).sort());
  }
  return tables;
}

describe('migrations', () => {
  it('are listed once each, in name order, one per file', () => {
    expect(new Set(MIGRATION_NAMES).size).toBe(MIGRATION_NAMES.length);
    expect(MIGRATION_NAMES).toEqual([...MIGRATION_NAMES].sort());
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.ts')).map((f) => f.replace(/\.ts$/, '')).sort();
    expect(MIGRATION_NAMES).toEqual(files);
  });
});

describe.each(dialects())('db/schema.ts against the migrated database on %s', (dialect) => {
  let actual: Map<string, string[]>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await freshDatabase(dialect);
    drop = () => database.drop();
    // Kysely's own migration tables are left out by default.
    const tables = await database.db.introspection.getTables();
    actual = new Map(tables.filter((t) => !t.isView).map((t) => [t.name, t.columns.map((c) => c.name).sort()]));
  });
  afterAll(() => drop());

  it('declares exactly the tables the migrations create', () => {
    expect([...declaredSchema().keys()].sort()).toEqual([...actual.keys()].sort());
  });

  it('declares exactly the columns of each table', () => {
    for (const [table, columns] of declaredSchema()) expect({ table, columns }).toEqual({ table, columns: actual.get(table) });
  });
});
