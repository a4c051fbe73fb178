/**
 * The storefront runs on Preact through preact/compat: the components are written against React's
 * API, and the same code on Preact costs ~10 KB gzipped instead of React DOM's ~60 KB (the JS
 * budget, docs/performance.md). The build and the web tests resolve React to it alike, so what is
 * tested is what ships.
 */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
