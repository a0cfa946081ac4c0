// Test support: the machine tests run on fake timers (XState delays fire only when a test moves the
// clock), and each test file leaves real timers behind it for the next file in the worker. The test
// file hands in vitest's hooks: core imports vitest only in *.test.ts files (tests/import-rules.ts).

/** The part of vitest this needs, from the calling test file. */
export interface TimerHooks {
  beforeEach(fn: () => void): void
  afterEach(fn: () => void): void
  vi: { useFakeTimers(): unknown; useRealTimers(): unknown }
}

/** Fake timers for every test of the calling file, real ones after each. */
export function fakeTimersPerTest({ beforeEach, afterEach, vi }: TimerHooks): void {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })
}
