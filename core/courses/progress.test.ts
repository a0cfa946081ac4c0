import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { POSITION_MAX_SECONDS } from './limits'
import { chapterOpen, completedCount, isAtEnd, nextProgress, resumeChapterId, type ChapterState } from './progress'

describe('nextProgress', () => {
  it('keeps the position in whole seconds inside the video', () => {
    expect(nextProgress(null, { positionSeconds: 4.6 }, 10)).toEqual({ positionSeconds: 5, completed: false })
    expect(nextProgress(null, { positionSeconds: -3 }, 10)).toEqual({ positionSeconds: 0, completed: false })
    expect(nextProgress(null, { positionSeconds: 50 }, 600)).toEqual({ positionSeconds: 50, completed: false })
  })
  it('finishes a chapter near its end (the last 2 s or 95 %), and it stays finished', () => {
    expect(nextProgress(null, { positionSeconds: 8 }, 10).completed).toBe(true)
    expect(nextProgress(null, { positionSeconds: 570 }, 600).completed).toBe(true)
    expect(nextProgress(null, { positionSeconds: 569 }, 600).completed).toBe(false)
    expect(nextProgress({ positionSeconds: 600, completed: true }, { positionSeconds: 3 }, 600)).toEqual({ positionSeconds: 3, completed: true })
  })
  it('a video chapter is not finished by saying so; a text chapter is', () => {
    expect(nextProgress(null, { positionSeconds: 1, completed: true }, 600).completed).toBe(false)
    expect(nextProgress(null, { positionSeconds: 99, completed: true }, 0)).toEqual({ positionSeconds: 0, completed: true })
    expect(nextProgress(null, { positionSeconds: 99 }, 0)).toEqual({ positionSeconds: 0, completed: false })
  })
  it('properties: inside [0, duration], integer, never unfinishes, finished at the end', () => {
    fc.assert(
      fc.property(
        fc.option(fc.record({ positionSeconds: fc.nat(100), completed: fc.boolean() }), { nil: null }),
        fc.double({ min: -1e6, max: 1e7, noNaN: true }),
        fc.option(fc.boolean(), { nil: undefined }),
        fc.nat(POSITION_MAX_SECONDS),
        (previous, positionSeconds, completed, duration) => {
          const p = nextProgress(previous, { positionSeconds, completed }, duration)
          expect(Number.isInteger(p.positionSeconds)).toBe(true)
          expect(p.positionSeconds).toBeGreaterThanOrEqual(0)
          expect(p.positionSeconds).toBeLessThanOrEqual(duration)
          if (previous?.completed) expect(p.completed).toBe(true)
          if (duration > 0 && p.positionSeconds === duration) expect(p.completed).toBe(true)
        },
      ),
    )
  })
  it('isAtEnd is false without a duration', () => {
    expect(isAtEnd(0, 0)).toBe(false)
    expect(isAtEnd(10, Number.NaN)).toBe(false)
  })
})

describe('chapterOpen', () => {
  it('a reader of the course sees every chapter; anyone sees a free one', () => {
    expect([chapterOpen(true, false), chapterOpen(true, true), chapterOpen(false, true), chapterOpen(false, false)]).toEqual([true, true, true, false])
  })
})

describe('resumeChapterId', () => {
  const ch = (id: number, progress: ChapterState['progress'] = null): ChapterState => ({ id, progress })
  it('opens the chapter last watched while unfinished, else the first unfinished, else the first', () => {
    expect(resumeChapterId([])).toBeNull()
    expect(resumeChapterId([ch(1), ch(2)])).toBe(1)
    expect(resumeChapterId([ch(1, { positionSeconds: 3, completed: false, updateTimestamp: 10 }), ch(2, { positionSeconds: 4, completed: false, updateTimestamp: 20 })])).toBe(2)
    expect(resumeChapterId([ch(1), ch(2, { positionSeconds: 9, completed: true, updateTimestamp: 20 }), ch(3)])).toBe(1)
    const done = { positionSeconds: 9, completed: true, updateTimestamp: 1 }
    expect(resumeChapterId([ch(1, done), ch(2, done)])).toBe(1)
    expect(completedCount([ch(1, done), ch(2), ch(3, done)])).toBe(2)
  })
})
