import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { availableParallelism } from 'node:os'
import { LongestFirst } from './tests/sequencer'

// Unit, component and server integration tests. e2e/ runs separately (scripts/e2e.mjs) against the real built site.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['core/**/*.test.ts', 'adapters/**/*.test.ts', 'ui/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'fixtures/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // one fork per core: vitest's own default in run mode is cores − 1, which on CI's 2 cores is a
    // single fork and runs every file one after another (496 s wall for 463 s of work)
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    setupFiles: ['./vitest.setup.ts'],
    sequence: { sequencer: LongestFirst },
  },
})
