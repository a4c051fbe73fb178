// ESLint 9 flat config. What runs and why each relaxation exists: docs/architecture.md#lint.
// `npm run lint` (zero warnings allowed); `npm run lint -- --fix` applies the automatic fixes.
import { defineConfig } from "eslint/config";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11yUntyped from "eslint-plugin-jsx-a11y";
import globals from "globals";
import foyer from "./eslint/area-boundaries.js";

// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- eslint-plugin-jsx-a11y ships no types; the cast names the one member used here
const jsxA11y = /** @type {{ flatConfigs: { recommended: import("eslint").Linter.Config } }} */ (jsxA11yUntyped);

const testFiles = ["packages/*/test/**", "e2e/**", "bench/**", "faults/**", "**/*.test.ts", "**/*.test.tsx"];

export default defineConfig(
  {
    ignores: ["**/node_modules/**", "**/dist/**", "packages/web/build/**", "packages/web/public/**", ".ci/**"],
  },
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    extends: [js.configs.recommended, ...tseslint.configs.strictTypeChecked],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          // Files outside tsconfig.json's include (the root config files, scripts/) get a default program.
          allowDefaultProject: ["*.js", "eslint/*.js", "scripts/*.mjs", "packages/contracts/scripts/*.ts"],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Numbers read naturally in messages and URLs; other non-strings still need String().
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      // `onClick={() => setOpen(false)}` and `.then((r) => r.json())`-style one-line arrows are the house
      // style; a void call in an arrow's expression body is what they mean, not a mistake.
      // `_`-named bindings are dropped on purpose (`{ seller_id: _sellerId, ...row }`, unused migration args).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      "@typescript-eslint/no-confusing-void-expression": ["error", { ignoreArrowShorthand: true }],
    },
  },
  {
    // Areas do not reach into each other (docs/architecture.md#lint): a web feature imports another only
    // through its public modules.
    files: ["packages/server/src/**", "packages/web/src/features/**"],
    plugins: { foyer },
    rules: { "foyer/area-boundaries": "error" },
  },
  {
    files: ["packages/server/src/db/migrations/**"],
    rules: {
      // A migration runs against the schema as it was then, not today's `Database` type: Kysely's
      // migration guide types it `Kysely<any>` on purpose.
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    files: ["packages/web/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // An error (not a warning) like every other rule here: one lint level, and a disable of it says why.
      "react-hooks/exhaustive-deps": "error",
      // React Router loaders leave by `throw redirect(...)`, a Response the router catches (its documented
      // way out of a loader); anything else thrown is still an Error.
      "@typescript-eslint/only-throw-error": ["error", { allow: [{ from: "lib", name: "Response" }] }],
    },
  },
  {
    files: testFiles,
    rules: {
      // Tests assert a value is present (toBeDefined, a row found) and then read it; `!` says so
      // without an `if` that would hide a failed lookup behind a TypeError elsewhere.
      "@typescript-eslint/no-non-null-assertion": "off",
      // Tests read JSON answers (`res.json()`, `await r.json()`, `JSON.parse`) that are `any` and check
      // them with `expect(...)`: the assertion is the type check, a zod parse per read would add nothing.
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    files: ["packages/web/test/**"],
    rules: {
      // `useAppTestEnv()` / `useCartTestEnv()` are vitest setup helpers (beforeEach/afterEach), not React
      // hooks; the name prefix is all the rule sees. Test probes also write a module variable on render.
      "react-hooks/rules-of-hooks": "off",
      "react-hooks/globals": "off",
    },
  },
);
