import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { LongestFirst } from '../tests/sequencer.mjs'

// e2e journeys: a real server (one per spec file) and real Chromium. Run with `npm run test:e2e`
// (scripts/e2e.mjs builds the client first). Two files at a time on CI's 2 cores: each has its own
// server, data directory, port and browser profile, and a journey spends much of its time waiting
// (network, timers, the browser's frames), so a second file fills the other's waits.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: Math.max(1, Math.min(2, availableParallelism())),
    sequence: { concurrent: false, sequencer: LongestFirst },
    testTimeout: 120_000,
    hookTimeout: 360_000, // beforeAll starts a server that seeds a fresh database (LISTEN_TIMEOUT_MS in harness.ts)
    teardownTimeout: 30_000,
  },
})
