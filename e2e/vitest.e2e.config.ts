import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// e2e journeys: a real server (one per spec file) and real Chromium. Run with `npm run test:e2e`
// (scripts/e2e.mjs builds the client first). Files run one after another: the machine has 2 cores.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    sequence: { concurrent: false },
    testTimeout: 120_000,
    hookTimeout: 360_000, // beforeAll starts a server that seeds a fresh database (LISTEN_TIMEOUT_MS in harness.ts)
    teardownTimeout: 30_000,
  },
})
