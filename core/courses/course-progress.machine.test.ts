import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { expectFullCoverage, getCoveragePaths } from '../testing/model-coverage'
import { PROGRESS_SAVE_INTERVAL_MS } from './limits'
import { courseProgressMachine, type SavedProgress, type SaveRequest } from './course-progress.machine'

afterEach(() => void vi.useRealTimers())

const saved = (chapterId: number, positionSeconds: number, completed = false): SavedProgress => ({ chapterId, positionSeconds, completed })

describe('courseProgressMachine', () => {
  it('reaches every state and takes every transition', () => {
    const events = [
      { type: 'chapter.open', chapterId: 1, saved: null },
      { type: 'chapter.open', chapterId: 2, saved: saved(2, 4) },
      { type: 'video.time', seconds: 7 },
      { type: 'xstate.done.actor.save', output: saved(1, 7) },
      { type: 'xstate.done.actor.saveBeforeLeaving', output: saved(1, 7) },
    ]
    const input = { courseId: 5 }
    const paths = getCoveragePaths(courseProgressMachine, { events: events as never, input })
    expectFullCoverage(courseProgressMachine, paths, { input })
  })

  /** the machine with a saving actor that records what it was asked and answers as the server would */
  function started(fail = false) {
    const calls: SaveRequest[] = []
    const machine = courseProgressMachine.provide({
      actors: {
        saveProgress: fromPromise<SavedProgress, SaveRequest>(async ({ input }) => {
          calls.push(input)
          if (fail) throw new Error('网络故障')
          return { chapterId: input.chapterId, positionSeconds: input.positionSeconds, completed: input.completed === true }
        }),
      },
    })
    return { actor: createActor(machine, { input: { courseId: 5 } }).start(), calls }
  }
  const flush = () => vi.advanceTimersByTimeAsync(0)

  it('saves every 10 s of watching when the place moved, and not when it stood still', async () => {
    vi.useFakeTimers()
    const { actor, calls } = started()
    actor.send({ type: 'chapter.open', chapterId: 1, saved: saved(1, 3) })
    expect(actor.getSnapshot().context.positionSeconds).toBe(3)
    await vi.advanceTimersByTimeAsync(PROGRESS_SAVE_INTERVAL_MS)
    expect(calls).toEqual([]) // nothing new
    actor.send({ type: 'video.time', seconds: 6.6 })
    await vi.advanceTimersByTimeAsync(PROGRESS_SAVE_INTERVAL_MS - 1)
    expect(calls).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toEqual([{ courseId: 5, chapterId: 1, positionSeconds: 7 }])
    expect(actor.getSnapshot().context.saved).toEqual(saved(1, 7))
    await vi.advanceTimersByTimeAsync(PROGRESS_SAVE_INTERVAL_MS)
    expect(calls).toHaveLength(1)
  })

  it('saves at once on pause and at the end; a chapter without video is saved finished when read', async () => {
    vi.useFakeTimers()
    const { actor, calls } = started()
    actor.send({ type: 'chapter.open', chapterId: 1, saved: null })
    actor.send({ type: 'video.pause' }) // at 0 with nothing saved: the place is new
    await flush()
    actor.send({ type: 'video.time', seconds: 5 })
    actor.send({ type: 'video.pause' })
    await flush()
    actor.send({ type: 'video.pause' }) // unchanged: no call
    actor.send({ type: 'video.time', seconds: 10 })
    actor.send({ type: 'video.ended' })
    await flush()
    expect(calls.map((c) => c.positionSeconds)).toEqual([0, 5, 10])
    actor.send({ type: 'chapter.open', chapterId: 3, saved: null })
    await flush()
    actor.send({ type: 'chapter.read' })
    await flush()
    expect(calls.at(-1)).toEqual({ courseId: 5, chapterId: 3, positionSeconds: 0, completed: true })
    expect(actor.getSnapshot().context.saved).toEqual(saved(3, 0, true))
  })

  it('opening another chapter saves the place in this one first, then opens it at its own place', async () => {
    vi.useFakeTimers()
    const { actor, calls } = started()
    actor.send({ type: 'chapter.open', chapterId: 1, saved: saved(1, 0) })
    actor.send({ type: 'video.time', seconds: 8 })
    actor.send({ type: 'chapter.open', chapterId: 2, saved: saved(2, 4) })
    expect(actor.getSnapshot().value).toBe('leaving')
    await flush()
    expect(calls).toEqual([{ courseId: 5, chapterId: 1, positionSeconds: 8 }])
    expect(actor.getSnapshot().value).toBe('watching')
    expect(actor.getSnapshot().context).toMatchObject({ chapterId: 2, positionSeconds: 4, saved: saved(2, 4) })
  })

  it('a failed save is tried again at the next occasion', async () => {
    vi.useFakeTimers()
    const { actor, calls } = started(true)
    actor.send({ type: 'chapter.open', chapterId: 1, saved: saved(1, 0) })
    actor.send({ type: 'video.time', seconds: 3 })
    actor.send({ type: 'video.pause' })
    await flush()
    expect(actor.getSnapshot().value).toBe('watching')
    await vi.advanceTimersByTimeAsync(PROGRESS_SAVE_INTERVAL_MS)
    expect(calls).toHaveLength(2)
  })
})
