// When the browser entry (ui/main.tsx) does its work (issue 31, paint before scripts): a server-rendered
// page is painted from its HTML and inlined styles alone, and the entry starts hydrating only once
// that first frame is on screen, so nothing it fetches or runs (route chunks, their styles, i18n, the
// dev tools) is on the path to the first paint, in the browser or in Lighthouse's simulation of a
// phone (which counts a request before the first paint when it finished before the browser painted).
// Work nobody sees at first (the dev tools' button) waits for an idle moment.

/** The few window functions these helpers use (a fake in tests). */
export interface FrameClock {
  requestAnimationFrame(callback: () => void): unknown
  setTimeout(callback: () => void, ms: number): unknown
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => unknown
}

/**
 * A hidden tab draws no frames (its animation frames wait until it is shown): past this, the entry
 * starts without one. Chrome runs a background tab's timers at most once a second, which is then
 * the wait.
 */
export const FIRST_PAINT_FALLBACK_MS = 200
/** Longest an idle task waits on a busy page. */
export const IDLE_TIMEOUT_MS = 2_000

/**
 * Resolves after the frame that is being drawn now has been painted: the second animation frame
 * comes after the first frame's paint (a single one runs just before it). Resolves after
 * FIRST_PAINT_FALLBACK_MS when no frame comes.
 */
export function afterFirstPaint(clock: FrameClock): Promise<void> {
  return new Promise((resolve) => {
    let done = false
    const finish = () => {
      if (done) return
      done = true
      resolve()
    }
    clock.requestAnimationFrame(() => clock.requestAnimationFrame(finish))
    clock.setTimeout(finish, FIRST_PAINT_FALLBACK_MS)
  })
}

/** Runs `task` when the main thread is idle (or after IDLE_TIMEOUT_MS), or after a timer where idle callbacks are missing. */
export function whenIdle(clock: FrameClock, task: () => void): void {
  if (clock.requestIdleCallback) clock.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS })
  else clock.setTimeout(task, 1)
}
