// Runs before every test file.
import { afterAll, vi } from 'vitest'

// Testing Library's waitFor/findBy give up after 1 s by default. On a loaded 2-core CI machine a React
// render after a resolved promise has taken longer (a home-page test failed so, issue 10). The timeout
// bounds a hang, not a speed: 10 s. It only ever waits for a condition, so passing tests do not slow down.
// Only files that run in a DOM load Testing Library: importing it into each of the ~150 node-environment
// files (server, core) cost ~0.1 s apiece.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/dom')
  configure({ asyncUtilTimeout: 10_000 })
}

// The node project shares modules between the files of a worker (vitest.config.ts, isolate: false): each
// file leaves the process as it found it — real timers, no stubs or spies, the same environment variables.
const envAtStart = { ...process.env }
afterAll(() => {
  vi.useRealTimers()
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  for (const key of Object.keys(process.env)) if (!(key in envAtStart)) delete process.env[key]
  Object.assign(process.env, envAtStart)
})
