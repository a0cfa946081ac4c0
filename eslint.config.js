// ESLint, run by `npm test` through `npm run lint`. Syntax-only rules (no type-aware rules: lint stays
// a few seconds on two cores): typescript-eslint's recommended set, the React hooks rules on ui/,
// and our own: no eslint-disable without a reason on the same line, and none without a rule name.
// Layering (ui → adapters → core, core framework-free) is checked by tests/architecture.test.ts,
// which reads the TypeScript AST; the feature boundary inside ui/ is mirrored here with
// no-restricted-imports so an editor shows it while typing.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import comments from '@eslint-community/eslint-plugin-eslint-comments'
import globals from 'globals'
import { readdirSync, statSync } from 'node:fs'

// ui/<feature>/ folders. Shared by all: ui/common/ and the app's plumbing (styles, i18n, testing);
// ui/content/ (the paged-list and detail hooks, panels every reading page uses) is shared today
// too and belongs in ui/common/ — moving it waits for the ui/ refactor to land. ui/pages/ and
// ui/shell/ compose features into the app, so they may import them; features never import them.
const SHARED_UI = new Set(['common', 'styles', 'i18n', 'testing', 'content'])
const COMPOSERS = new Set(['pages', 'shell'])
const folders = readdirSync(new URL('./ui/', import.meta.url)).filter(
  (name) => !SHARED_UI.has(name) && statSync(new URL(`./ui/${name}`, import.meta.url)).isDirectory(),
)
const features = folders.filter((f) => !COMPOSERS.has(f))

/** In ui/<feature>/, importing ../<other feature or composer>/… (at any depth) is an error. */
const featureBoundary = features.map((feature) => ({
  files: [`ui/${feature}/**/*.{ts,tsx}`],
  ignores: ['**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: folders
              .filter((f) => f !== feature)
              .flatMap((f) => [`../${f}/*`, `../../${f}/*`, `../../../${f}/*`])
              // the dev registry of live actors is how /dev/machines sees every machine: shared on purpose
              .concat(['!../dev/actor-registry', '!../../dev/actor-registry']),
            message: 'a feature never imports another feature\'s internals: move what both use to ui/common/ or core/',
          },
        ],
      },
    ],
  },
}))

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'artifacts/**', '.data/**', 'docs/**', 'coverage/**', 'tmp/**', 'public/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@eslint-community/eslint-comments': comments },
    rules: {
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: [] }],
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
      // `_`-prefixed names say "unused on purpose" (a destructured field dropped, a required parameter)
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  { files: ['**/*.{js,mjs}', 'scripts/**', 'server/**', 'bench/**', 'e2e/**', 'tests/**'], languageOptions: { globals: { ...globals.node } } },
  { files: ['ui/**', 'adapters/**'], languageOptions: { globals: { ...globals.browser } } },
  // bench/ and e2e/ pass functions to page.evaluate(), which run in the browser
  { files: ['bench/**', 'e2e/**'], languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  {
    files: ['ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // react-hooks 7's React-Compiler rules stay off for now: on today's ui/ they report 10
      // set-state-in-effect (the "fetch in an effect, setState on answer" pattern that the move to
      // machines and ui/<feature>/api.ts replaces), 10 refs (uPlot and the virtual list read refs
      // while rendering, on purpose) and 3 immutability. Not cheap to fix mid-refactor; turn
      // set-state-in-effect and immutability on once the feature API layer has landed.
    },
  },
  ...featureBoundary,
)
