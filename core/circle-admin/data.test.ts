import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { DATA_MESSAGES, DATA_RANGE_MAX_DAYS, dayOf, dayStart, memberSeries, resolveRange, saleSeries, type DayRange } from './data'

// Friday 27 November 2026, 10:00 in Beijing
const NOW = Date.UTC(2026, 10, 27, 2) / 1000

const ok = (r: DayRange | { error: string }): DayRange => {
  if ('error' in r) throw new Error(r.error)
  return r
}

describe('days in UTC+8', () => {
  it('a day starts at 00:00 Beijing time (16:00 UTC the day before)', () => {
    expect(dayStart('2026-11-27')).toBe(Date.UTC(2026, 10, 26, 16) / 1000)
    expect(dayOf(Date.UTC(2026, 10, 26, 15, 59, 59) / 1000)).toBe('2026-11-26')
    expect(dayOf(Date.UTC(2026, 10, 26, 16) / 1000)).toBe('2026-11-27')
    expect(dayStart('2026-02-30')).toBeNull()
    expect(dayStart('2026-1-3')).toBeNull()
  })

  it('dayOf(dayStart(d)) = d for every date', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1971-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }), (d) => {
        const date = d.toISOString().slice(0, 10)
        const s = dayStart(date)!
        expect(dayOf(s)).toBe(date)
        expect(dayOf(s - 1)).not.toBe(date)
        expect(dayOf(s + 86_399)).toBe(date)
      }),
    )
  })
})

describe('resolveRange', () => {
  it('the last 30 days up to today unless told', () => {
    const r = ok(resolveRange({}, NOW))
    expect(r.to).toBe('2026-11-27')
    expect(r.from).toBe('2026-10-29')
    expect(r.days).toHaveLength(30)
    expect(r.days[0]).toBe('2026-10-29')
    expect(r.days[29]).toBe('2026-11-27')
    expect(r.endS - r.startS).toBe(30 * 86_400)
    expect(ok(resolveRange({ period: 7 }, NOW)).days).toHaveLength(7)
  })

  it('refuses wrong dates with a Chinese message', () => {
    expect(resolveRange({ from: '2026-13-01' }, NOW)).toEqual({ error: DATA_MESSAGES.badDate })
    expect(resolveRange({ from: '2026-11-28', to: '2026-11-27' }, NOW)).toEqual({ error: DATA_MESSAGES.badRange })
    expect(resolveRange({ from: '2024-01-01', to: '2026-11-27' }, NOW)).toEqual({ error: DATA_MESSAGES.rangeTooLong })
    expect(ok(resolveRange({ from: '2025-11-27', to: '2026-11-27' }, NOW)).days).toHaveLength(366)
  })

  it('every day of a valid range once, in order, and no more than the maximum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 800 }), fc.integer({ min: 0, max: 400 }), (back, len) => {
        const to = dayOf(NOW - back * 86_400)
        const from = dayOf(NOW - (back + len) * 86_400)
        const r = resolveRange({ from, to }, NOW)
        if (len + 1 > DATA_RANGE_MAX_DAYS) {
          expect(r).toEqual({ error: DATA_MESSAGES.rangeTooLong })
          return
        }
        const range = ok(r)
        expect(range.days).toHaveLength(len + 1)
        expect(new Set(range.days).size).toBe(len + 1)
        expect([...range.days].sort()).toEqual(range.days)
        expect(dayOf(range.startS)).toBe(from)
        expect(dayOf(range.endS - 1)).toBe(to)
      }),
    )
  })
})

describe('series', () => {
  it('sales: every day, zeros where nothing was paid', () => {
    const s = saleSeries(['2026-11-25', '2026-11-26', '2026-11-27'], [{ date: '2026-11-26', amount: 99_900, count: 1 }], [{ date: '2026-11-27', amount: 99_900, count: 1 }])
    expect(s).toEqual([
      { date: '2026-11-25', amount: 0, count: 0, refundAmount: 0, refundCount: 0 },
      { date: '2026-11-26', amount: 99_900, count: 1, refundAmount: 0, refundCount: 0 },
      { date: '2026-11-27', amount: 0, count: 0, refundAmount: 99_900, refundCount: 1 },
    ])
  })

  it('members: active = at start + joins − expiries so far, equal to counting memberships directly', () => {
    const days = ok(resolveRange({ period: 20 }, NOW))
    fc.assert(
      fc.property(
        fc.array(fc.record({ join: fc.integer({ min: -40, max: 19 }), length: fc.option(fc.integer({ min: 0, max: 60 })) }), { maxLength: 40 }),
        (ms) => {
          // memberships by day index (0 = the period's first day); a null length is for good
          const at = (i: number) => days.startS + i * 86_400 + 3_600
          const rows = ms.map((m) => ({ join: at(m.join), expire: m.length === null ? null : at(m.join + m.length) + 1 }))
          const inRange = (s: number) => s >= days.startS && s < days.endS
          const joins = new Map<string, number>()
          const expiries = new Map<string, number>()
          for (const r of rows) {
            if (inRange(r.join)) joins.set(dayOf(r.join), (joins.get(dayOf(r.join)) ?? 0) + 1)
            if (r.expire !== null && inRange(r.expire)) expiries.set(dayOf(r.expire), (expiries.get(dayOf(r.expire)) ?? 0) + 1)
          }
          const atStart = rows.filter((r) => r.join < days.startS && (r.expire === null || r.expire >= days.startS)).length
          const series = memberSeries(days.days, joins, expiries, atStart)
          series.forEach((d, i) => {
            const end = days.startS + (i + 1) * 86_400
            expect(d.active).toBe(rows.filter((r) => r.join < end && (r.expire === null || r.expire >= end)).length)
          })
        },
      ),
    )
  })
})
