// Local ESLint rule: the area boundaries of docs/architecture.md#lint.
// - a server area (packages/server/src/<area>/) does not import another area's `*.repository.ts`;
// - a web feature (packages/web/src/features/<feature>/) imports another feature only through its public
//   modules: `public.ts` (what it offers, re-exports only) and `public-routes.ts` (loaders of the route
//   modules others open on demand); pieces several features use live below them (ui, lib, api, shared);
// - the web's layers point down (docs/architecture.md#lint): nothing below app/ (features,
//   shared, ui, lib, api, config, i18n) imports app/, and nothing below the features imports a feature.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SERVER = 'packages/server/src/';
const FEATURES = 'packages/web/src/features/';
/** The modules of a feature that other features may import (docs/architecture.md#web-features). */
const PUBLIC = new Set(['public', 'public-routes']);
const WEB = 'packages/web/src/';
/** The web's layers below the features; app/ sits above the features (docs/architecture.md, the web's layer table). */
const BELOW_FEATURES = new Set(['shared', 'ui', 'lib', 'api', 'config', 'i18n']);

/**
 * The crossing an import makes, as "importer -> imported" (root-relative; the imported without extension), or null.
 * @param {string} importer
 * @param {string} specifier
 * @returns {string | null}
 */
export function crossing(importer, specifier) {
  if (!specifier.startsWith('.')) return null;
  const from = path.relative(root, importer).split(path.sep).join('/');
  const to = path
    .relative(root, path.resolve(path.dirname(importer), specifier))
    .split(path.sep)
    .join('/')
    .replace(/\.(js|ts|tsx)$/, '');
  const areaOf = (/** @type {string} */ file, /** @type {string} */ base) => (file.startsWith(base) && file.slice(base.length).includes('/') ? file.slice(base.length).split('/')[0] : null);
  if (from.startsWith(SERVER)) {
    const a = areaOf(from, SERVER);
    const b = areaOf(to, SERVER);
    if (b && a !== b && to.endsWith('.repository')) return `${from} -> ${to}`;
    return null;
  }
  const fromLayer = areaOf(from, WEB);
  const toLayer = areaOf(to, WEB);
  if (toLayer === 'app' && (fromLayer === 'features' || BELOW_FEATURES.has(fromLayer))) return `${from} -> ${to}`;
  if (toLayer === 'features' && BELOW_FEATURES.has(fromLayer)) return `${from} -> ${to}`;
  if (from.startsWith(FEATURES)) {
    const a = areaOf(from, FEATURES);
    const b = areaOf(to, FEATURES);
    if (a && b && a !== b && !PUBLIC.has(to.slice(FEATURES.length + b.length + 1))) return `${from} -> ${to}`;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: "an area does not reach into another area's repository or feature internals" },
    schema: [],
  },
  create(context) {
    const check = (/** @type {{ source?: import('estree').Node | null }} */ node) => {
      if (node.source?.type !== 'Literal' || typeof node.source.value !== 'string') return;
      const found = crossing(context.filename, node.source.value);
      if (found) {
        context.report({
          node: node.source,
          message: `Crosses an area boundary (${found}); import what the other area exposes for it (its public module), or move the piece below its importers (docs/architecture.md#lint).`,
        });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'area-boundaries': rule } };
