import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// Unit, component and server integration tests. e2e/ runs separately (scripts/e2e.mjs) against the real built site.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['core/**/*.test.ts', 'adapters/**/*.test.ts', 'ui/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'fixtures/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    setupFiles: ['./vitest.setup.ts'],
  },
})
