import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { minuteAxisMarks, minutePosition, sessionMinutes } from './minute-axis'
import { regularSessionsOf as sessionsOf } from './sessions'

// Friday 14 November 2025 (a trading day in both markets), as 00:00 UTC of the local date
const DAY = Date.UTC(2025, 10, 14) / 1000

describe('minute axis', () => {
  it('spans the whole trading day', () => {
    expect(sessionMinutes('hk')).toBe(330)
    expect(sessionMinutes('us')).toBe(390)
  })
  it('HK: 09:30, the lunch break as one mark 12:00/13:00, 16:00', () => {
    const marks = minuteAxisMarks('hk')
    expect(marks[0]).toEqual({ pos: 0, label: '09:30' })
    expect(marks).toContainEqual({ pos: 150, label: '12:00/13:00' })
    expect(marks[marks.length - 1]).toEqual({ pos: 330, label: '16:00' })
    expect(marks.map((m) => m.label)).toEqual(['09:30', '10:30', '12:00/13:00', '14:00', '15:00', '16:00'])
  })
  it('US: 09:30 to 16:00 with no break', () => {
    const marks = minuteAxisMarks('us')
    expect(marks[0]).toEqual({ pos: 0, label: '09:30' })
    expect(marks[marks.length - 1]).toEqual({ pos: 390, label: '16:00' })
    expect(marks.some((m) => m.label.includes('/'))).toBe(false)
  })
  it('marks rise and keep their distance', () => {
    for (const market of ['hk', 'us'] as const) {
      const pos = minuteAxisMarks(market).map((m) => m.pos)
      for (let i = 1; i < pos.length; i++) expect(pos[i]! - pos[i - 1]!).toBeGreaterThanOrEqual(60)
    }
  })
  it('a minute bar sits at its trading minutes since the open; the lunch break takes no width', () => {
    const [morning, afternoon] = sessionsOf('hk', DAY)
    expect(minutePosition('hk', DAY, morning![0] + 60)).toBe(1)
    expect(minutePosition('hk', DAY, morning![1])).toBe(150)
    expect(minutePosition('hk', DAY, afternoon![0] + 60)).toBe(151)
    expect(minutePosition('hk', DAY, afternoon![1])).toBe(330)
    const [us] = sessionsOf('us', DAY)
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 390 }), (k) => minutePosition('us', DAY, us![0] + k * 60) === k),
    )
  })
})
