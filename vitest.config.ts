import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { availableParallelism } from 'node:os'
import { LongestFirst } from './tests/sequencer.mjs'

/**
 * View tests that need a module graph of their own: vi.mock replaces a module for the whole file
 * (app, error boundary, long tail, stock chart), and the simulator starts every machine of core/ from
 * module-level fixtures that an earlier file's imports would already hold.
 */
// the console's chart pages mock 'uplot' each with a recorder of their own, and ui/common/series-chart.tsx,
// which they share, would keep whichever mock a shared worker loaded first (or the real uPlot)
const UI_ISOLATED = [
  'ui/app.test.tsx',
  'ui/shell/error-boundary.test.tsx',
  'ui/longtail/longtail.test.tsx',
  'ui/market/stock-chart.test.tsx',
  'ui/dev/simulate.test.ts',
  'ui/circle-admin/community/detail-page.test.tsx',
  'ui/circle-admin/data/data-pages.test.tsx',
  'ui/circle-admin/live/manage-page.test.tsx',
]

// Unit, component and server integration tests. e2e/ runs separately (scripts/e2e.mjs) against the real built site.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'node',
    pool: 'forks',
    // one fork per core: vitest's own default in run mode is cores − 1, which on CI's 2 cores is a
    // single fork and runs every file one after another (496 s wall for 463 s of work)
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    setupFiles: ['./vitest.setup.ts'],
    // The built server renderer (<build>/server/server-entry.js, loaded by server/seo/ssr.ts) is imported
    // natively, as the server does: vitest would otherwise transform its 660 KB and every lazy chunk on
    // first use, which under load took longer than the renderer's 2 s budget.
    server: { deps: { external: [/\/(?:dist|e2e-dist|ssr-test-dist)\/server\//] } },
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          // Node-only files share their worker's modules (isolate: false): each file re-imported the app,
          // effect and xstate in a fresh module graph, half the CPU of the core tests (158 → 81 s of user
          // time for core/, measured side by side). What a file changes for the next one is undone by
          // vitest.setup.ts (timers, env, stubs); no file here uses vi.mock; every server test opens its own
          // database and app.
          name: 'node',
          include: ['core/**/*.test.ts', 'adapters/**/*.test.ts', 'server/**/*.test.ts', 'fixtures/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        // views share their worker's modules too (React, xstate, effect, i18next and our views, imported
        // once per worker, not once per file): the isolated run of 24 view files took 83 s of user CPU,
        // shared 28 s. Each file still gets its own DOM. The files below stay isolated.
        test: { name: 'ui', include: ['ui/**/*.test.{ts,tsx}'], exclude: UI_ISOLATED, isolate: false },
      },
      {
        extends: true,
        test: { name: 'ui-isolated', include: UI_ISOLATED },
      },
    ],
  },
})
