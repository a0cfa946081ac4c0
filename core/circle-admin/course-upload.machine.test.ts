import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, type AnyMachineSnapshot } from 'xstate'
import fc from 'fast-check'
import { expectToBeIn, getCoveragePaths, measureCoverage } from '../testing/model-coverage'
import { UPLOAD_MESSAGES } from '../validation/upload'
import { COURSE_FORM_MESSAGES, MAX_VIDEO_BYTES } from './course-form'
import { courseUploadMachine, pickProblem, uploadPercent, uploadSlot, UPLOAD_FAILED, type CourseUploadContext, type PickedUpload, type StoredUpload } from './course-upload.machine'

const VIDEO: PickedUpload = { name: 'lesson.mp4', size: 1_000_000, type: 'video/mp4', file: 'file-1' }
const OTHER: PickedUpload = { name: 'lesson-2.webm', size: 2_000, type: 'video/webm', file: 'file-2' }
const BAD: PickedUpload = { name: 'notes.pdf', size: 1_000, type: 'application/pdf', file: 'file-3' }
const STORED: StoredUpload = { value: '202611/0123456789abcdef0123456789abcdef.mp4', name: 'lesson.mp4', durationSeconds: 10 }

describe('courseUploadMachine — model', () => {
  it('reaches every state and takes every transition (a new chapter and one that has a video)', () => {
    const events = [
      { type: 'file.pick', file: VIDEO },
      { type: 'file.pick', file: BAD },
      { type: 'upload.progress', loaded: 500_000, total: 1_000_000 },
      { type: 'upload.done', stored: STORED },
      { type: 'upload.failed', message: '网络异常' },
    ]
    // progress is many values: the graph tells snapshots apart by state, what is stored and whether a reason shows
    const serializeSnapshot = (s: AnyMachineSnapshot) => {
      const c = s.context as CourseUploadContext
      return JSON.stringify([s.value, c.stored !== null, c.error !== null, c.picked?.name ?? null])
    }
    const missedStates: string[][] = []
    const missedTransitions: string[][] = []
    for (const stored of [null, STORED]) {
      const input = { kind: 'video' as const, stored }
      const paths = getCoveragePaths(courseUploadMachine, { input, events: events as never, serializeSnapshot })
      const report = measureCoverage(courseUploadMachine, paths, { input })
      missedStates.push([...report.states.missed])
      missedTransitions.push(report.transitions.missed.map((t) => t.label))
    }
    // covered between the two starts: what one start misses, the other reaches
    expect(missedStates[0]!.filter((s) => missedStates[1]!.includes(s))).toEqual([])
    expect(missedTransitions[0]!.filter((s) => missedTransitions[1]!.includes(s))).toEqual([])
  })
})

/** The upload actor as a test drives it: it records what it was asked and reports what the test says. */
function harness(stored: StoredUpload | null = null) {
  const started: unknown[] = []
  const stopped: unknown[] = []
  let report: (e: never) => void = () => undefined
  const machine = courseUploadMachine.provide({
    actors: {
      upload: fromCallback(({ input, sendBack }) => {
        started.push(input.file)
        report = sendBack as never
        return () => stopped.push(input.file)
      }),
    },
  })
  const actor = createActor(machine, { input: { kind: 'video', stored } }).start()
  return { actor, started, stopped, send: (e: object) => report(e as never) }
}

describe('courseUploadMachine — an upload with its progress', () => {
  it('idle → uploading with a percentage → done; the form reads it as stored', () => {
    const h = harness()
    expectToBeIn(h.actor, 'idle')
    h.actor.send({ type: 'file.pick', file: VIDEO })
    expectToBeIn(h.actor, 'uploading')
    expect(h.started).toEqual(['file-1'])
    expect(uploadSlot(h.actor.getSnapshot())).toEqual({ status: 'uploading', stored: null })
    h.send({ type: 'upload.progress', loaded: 250_000, total: 1_000_000 })
    expect(uploadPercent(h.actor.getSnapshot().context)).toBe(25)
    h.send({ type: 'upload.done', stored: STORED })
    expectToBeIn(h.actor, 'done')
    expect(uploadSlot(h.actor.getSnapshot())).toEqual({ status: 'done', stored: STORED })
    expect(uploadPercent(h.actor.getSnapshot().context)).toBe(100)
  })

  it('failed shows why and retries the same file; another pick stops the running upload', () => {
    const h = harness()
    h.actor.send({ type: 'file.pick', file: VIDEO })
    h.send({ type: 'upload.failed', message: '' })
    expectToBeIn(h.actor, 'failed')
    expect(h.actor.getSnapshot().context.error).toBe(UPLOAD_FAILED)
    h.actor.send({ type: 'upload.retry' })
    expectToBeIn(h.actor, 'uploading')
    expect(h.started).toEqual(['file-1', 'file-1'])
    expect(h.actor.getSnapshot().context.error).toBeNull()
    h.actor.send({ type: 'file.pick', file: OTHER })
    expect(h.stopped).toEqual(['file-1', 'file-1'])
    expect(h.started).toEqual(['file-1', 'file-1', 'file-2'])
    h.actor.send({ type: 'file.remove' })
    expectToBeIn(h.actor, 'idle')
    expect(h.stopped).toEqual(['file-1', 'file-1', 'file-2'])
  })

  it('a refused file sends nothing and says why; a stored video stays when its replacement is refused', () => {
    const h = harness(STORED)
    expectToBeIn(h.actor, 'done')
    h.actor.send({ type: 'file.pick', file: BAD })
    expectToBeIn(h.actor, 'done')
    expect(h.started).toEqual([])
    expect(h.actor.getSnapshot().context.error).toBe(COURSE_FORM_MESSAGES.videoType)
    expect(uploadSlot(h.actor.getSnapshot()).stored).toEqual(STORED)
    h.actor.send({ type: 'file.remove' })
    expect(uploadSlot(h.actor.getSnapshot())).toEqual({ status: 'idle', stored: null })
  })
})

describe('the rules', () => {
  it('a video: mp4 or webm by type or name, at most 200 MB; a cover: the image rules', () => {
    expect(pickProblem('video', { name: 'a.MP4', size: 1, type: '' })).toBeNull()
    expect(pickProblem('video', { name: 'clip', size: 1, type: 'video/webm' })).toBeNull()
    expect(pickProblem('video', { name: 'a.mov', size: 1, type: 'video/quicktime' })).toBe(COURSE_FORM_MESSAGES.videoType)
    expect(pickProblem('video', { name: 'a.mp4', size: MAX_VIDEO_BYTES + 1, type: 'video/mp4' })).toBe(COURSE_FORM_MESSAGES.videoTooLarge)
    expect(pickProblem('image', { name: 'a.png', size: 1, type: 'image/png' })).toBeNull()
    expect(pickProblem('image', { name: 'a.mp4', size: 1, type: 'video/mp4' })).toBe(UPLOAD_MESSAGES.imageType)
  })

  it('the percentage is a whole number from 0 to 100 that never goes back as more arrives', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), (a, b, total) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a]
        const p = uploadPercent({ loaded: lo, total })
        expect(Number.isInteger(p) && p >= 0 && p <= 100).toBe(true)
        expect(uploadPercent({ loaded: hi, total })).toBeGreaterThanOrEqual(p)
      }),
    )
  })
})
