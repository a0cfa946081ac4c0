import { describe, expect, it, vi } from 'vitest'
import { afterFirstPaint, FIRST_PAINT_FALLBACK_MS, IDLE_TIMEOUT_MS, whenIdle, type FrameClock } from './entry-timing'

/** A page's frames and timers by hand: `frame()` runs the animation-frame callbacks queued before it. */
function fakeClock(withIdle = true) {
  let frames: (() => void)[] = []
  const timers: { at: number; fn: () => void }[] = []
  const idle: { fn: () => void; timeout?: number }[] = []
  let now = 0
  const clock: FrameClock = {
    requestAnimationFrame: (fn) => frames.push(fn),
    setTimeout: (fn, ms) => timers.push({ at: now + ms, fn }),
    ...(withIdle ? { requestIdleCallback: (fn: () => void, options?: { timeout: number }) => idle.push({ fn, timeout: options?.timeout }) } : {}),
  }
  return {
    clock,
    idle,
    frame() {
      const due = frames
      frames = []
      for (const fn of due) fn()
    },
    advance(ms: number) {
      now += ms
      for (const t of timers.filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(t), 1)
        t.fn()
      }
    },
  }
}

const settled = async (p: Promise<void>) => {
  let done = false
  void p.then(() => (done = true))
  await Promise.resolve()
  await Promise.resolve()
  return done
}

describe('afterFirstPaint', () => {
  it('waits for the frame after the one being drawn: one frame is not enough, the second is', async () => {
    const page = fakeClock()
    const painted = afterFirstPaint(page.clock)
    expect(await settled(painted)).toBe(false)
    page.frame() // the first frame's callbacks run just before its paint
    expect(await settled(painted)).toBe(false)
    page.frame() // the next frame: the first one is on screen
    expect(await settled(painted)).toBe(true)
  })

  it('does not wait for ever in a tab that draws no frames', async () => {
    const page = fakeClock()
    const painted = afterFirstPaint(page.clock)
    page.advance(FIRST_PAINT_FALLBACK_MS - 1)
    expect(await settled(painted)).toBe(false)
    page.advance(1)
    expect(await settled(painted)).toBe(true)
    // the late frames change nothing
    page.frame()
    page.frame()
    await expect(painted).resolves.toBeUndefined()
  })
})

describe('whenIdle', () => {
  it('asks for an idle callback with a bound on the wait', () => {
    const page = fakeClock()
    const task = vi.fn()
    whenIdle(page.clock, task)
    expect(task).not.toHaveBeenCalled()
    expect(page.idle).toHaveLength(1)
    expect(page.idle[0]!.timeout).toBe(IDLE_TIMEOUT_MS)
    page.idle[0]!.fn()
    expect(task).toHaveBeenCalledOnce()
  })

  it('falls back to a timer where the browser has no idle callbacks', () => {
    const page = fakeClock(false)
    const task = vi.fn()
    whenIdle(page.clock, task)
    expect(task).not.toHaveBeenCalled()
    page.advance(1)
    expect(task).toHaveBeenCalledOnce()
  })
})
