/**
 * Writes docs/catalog.schema.json: the JSON Schema of the catalog document (docs/catalog.md#14-import-semantics), generated
 * from the zod contract so the two can never disagree.
 *
 *   npx tsx packages/contracts/scripts/catalog-json-schema.ts            # write the file
 *   npx tsx packages/contracts/scripts/catalog-json-schema.ts --check    # exit 1 when it is stale
 *
 * `io: 'input'` describes what an author may WRITE: fields with defaults are optional.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ZCatalog } from '../src/catalog.js';

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(here, '../../../docs/catalog.schema.json');

const generated = z.toJSONSchema(ZCatalog, { io: 'input', target: 'draft-2020-12' });
const { $schema, ...rest } = generated;
const schema = {
  $schema,
  title: 'Foyer catalog',
  description:
    'A seller\'s catalog: seller, venues, images, ticket types, events (groups, schedules, sessions, ' +
    'message rules), membership levels and rules and configuration entries. See docs/catalog.md and docs/memberships.md. ' +
    'Generated from packages/contracts/src/catalog.ts — do not edit by hand.',
  ...rest,
};
const text = `${JSON.stringify(schema, null, 2)}\n`;

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(out, 'utf8');
  } catch {
    /* missing counts as stale */
  }
  if (current !== text) {
    console.error(`${out} is out of date; run: npx tsx packages/contracts/scripts/catalog-json-schema.ts`);
    process.exit(1);
  }
  console.log(`${out} is up to date`);
} else {
  writeFileSync(out, text);
  console.log(`wrote ${out}`);
}
