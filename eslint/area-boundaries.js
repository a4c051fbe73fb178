// Local ESLint rule: the area boundaries of docs/architecture.md#lint.
// - a server area (packages/server/src/<area>/) does not import another area's `*.repository.ts`;
// - a web feature (packages/web/src/features/<feature>/) does not import another feature's files.
// The imports that already did so when the rule arrived are listed in area-boundary-exceptions.js
// (TODO: issue 32 removes them); a new one fails the lint.
import path from 'node:path';
import { exceptions } from './area-boundary-exceptions.js';

const root = path.resolve(import.meta.dirname, '..');
const SERVER = 'packages/server/src/';
const FEATURES = 'packages/web/src/features/';
const allowed = new Set(exceptions);

/** The crossing an import makes, as "importer -> imported" (root-relative; the imported without extension), or null. */
export function crossing(importer, specifier) {
  if (!specifier.startsWith('.')) return null;
  const from = path.relative(root, importer).split(path.sep).join('/');
  const to = path
    .relative(root, path.resolve(path.dirname(importer), specifier))
    .split(path.sep)
    .join('/')
    .replace(/\.(js|ts|tsx)$/, '');
  const areaOf = (file, base) => (file.startsWith(base) && file.slice(base.length).includes('/') ? file.slice(base.length).split('/')[0] : null);
  if (from.startsWith(SERVER)) {
    const a = areaOf(from, SERVER);
    const b = areaOf(to, SERVER);
    if (b && a !== b && to.endsWith('.repository')) return `${from} -> ${to}`;
    return null;
  }
  if (from.startsWith(FEATURES)) {
    const a = areaOf(from, FEATURES);
    const b = areaOf(to, FEATURES);
    if (a && b && a !== b) return `${from} -> ${to}`;
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: "an area does not reach into another area's repository or feature internals" },
    schema: [],
  },
  create(context) {
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const found = crossing(context.filename, node.source.value);
      if (found && !allowed.has(found)) {
        context.report({
          node: node.source,
          message: `Crosses an area boundary (${found}); import what the other area exposes for it (docs/architecture.md#lint).`,
        });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'area-boundaries': rule } };
