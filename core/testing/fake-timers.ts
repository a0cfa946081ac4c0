// Test support: the machine tests run on fake timers (XState delays fire only when a test moves the
// clock), and each test file leaves real timers behind it for the next file in the worker.
import { afterEach, beforeEach, vi } from 'vitest'

/** Fake timers for every test of the calling file, real ones after each. */
export function fakeTimersPerTest(): void {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })
}
