import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { formatClock, formatDate, formatDateTime, formatRelativeTime } from './date-time'

/** Epoch seconds of a wall-clock time in UTC+8. */
const cst = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number => Date.UTC(y, mo - 1, d, h - 8, mi, s) / 1000

describe('formatDateTime / formatDate / formatClock', () => {
  it('reads the wall clock in UTC+8 whatever the machine zone', () => {
    const ts = Date.UTC(2024, 2, 9, 17, 5) / 1000 // 17:05 UTC is 01:05 the next day in Shanghai
    expect(formatDateTime(ts)).toBe('2024-03-10 01:05')
    expect(formatDate(ts)).toBe('2024-03-10')
    expect(formatClock(ts)).toBe('01:05')
  })

  it('pads and handles the epoch', () => {
    expect(formatDateTime(0)).toBe('1970-01-01 08:00')
    expect(formatClock(cst(2024, 1, 2, 3, 4))).toBe('03:04')
  })

  it('gives -- for times a Date cannot hold', () => {
    expect(formatDateTime(NaN)).toBe('--')
    expect(formatClock(Infinity)).toBe('--')
    expect(formatDate(1e16)).toBe('--')
  })

  it('agrees with Intl in Asia/Shanghai', () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    })
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1992, 0, 1) / 1000, max: Date.UTC(2200, 0, 1) / 1000 }), (ts) => {
        const p = Object.fromEntries(intl.formatToParts(ts * 1000).map((x) => [x.type, x.value]))
        expect(formatDateTime(ts)).toBe(`${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`)
      }),
    )
  })
})

describe('formatRelativeTime', () => {
  const now = cst(2024, 6, 15, 14, 30) * 1000

  it.each([
    ['same second', cst(2024, 6, 15, 14, 30), '刚刚'],
    ['59 s ago', cst(2024, 6, 15, 14, 29, 1), '刚刚'],
    ['30 s ahead (clock skew)', cst(2024, 6, 15, 14, 30, 30), '刚刚'],
    ['1 min ago', cst(2024, 6, 15, 14, 29), '1分钟前'],
    ['59 min 59 s ago', cst(2024, 6, 15, 13, 30, 1), '59分钟前'],
    ['1 h ago', cst(2024, 6, 15, 13, 30), '1小时前'],
    ['today 00:00', cst(2024, 6, 15, 0, 0), '14小时前'],
    ['yesterday 23:59', cst(2024, 6, 14, 23, 59), '昨天 23:59'],
    ['yesterday 00:00', cst(2024, 6, 14, 0, 0), '昨天 00:00'],
    ['two days ago', cst(2024, 6, 13, 23, 59), '06-13 23:59'],
    ['new year', cst(2024, 1, 1, 0, 0), '01-01 00:00'],
    ['last year', cst(2023, 12, 31, 23, 59), '2023-12-31'],
    ['next week', cst(2024, 6, 22, 9, 0), '06-22 09:00'],
    ['next year', cst(2025, 1, 1, 9, 0), '2025-01-01'],
  ])('%s', (_label, ts, text) => {
    expect(formatRelativeTime(ts, now, 'zh-cn')).toBe(text)
  })

  it('crosses midnight by minutes before days', () => {
    const justAfterMidnight = cst(2024, 6, 15, 0, 10) * 1000
    expect(formatRelativeTime(cst(2024, 6, 14, 23, 50), justAfterMidnight)).toBe('20分钟前')
    expect(formatRelativeTime(cst(2024, 6, 14, 22, 0), justAfterMidnight)).toBe('昨天 22:00')
  })

  it('uses the UTC+8 calendar day, not the UTC one', () => {
    // 07:00 in Shanghai is 23:00 UTC of the previous day; 01:00 Shanghai is 17:00 UTC previous day.
    expect(formatRelativeTime(cst(2024, 6, 15, 1, 0), cst(2024, 6, 15, 7, 0) * 1000)).toBe('6小时前')
    expect(formatRelativeTime(cst(2024, 6, 14, 23, 0), cst(2024, 6, 15, 7, 0) * 1000)).toBe('昨天 23:00')
  })

  it('uses traditional words for zh-hk', () => {
    expect(formatRelativeTime(cst(2024, 6, 15, 14, 30), now, 'zh-hk')).toBe('剛剛')
    expect(formatRelativeTime(cst(2024, 6, 15, 14, 5), now, 'zh-hk')).toBe('25分鐘前')
    expect(formatRelativeTime(cst(2024, 6, 15, 11, 0), now, 'zh-hk')).toBe('3小時前')
    expect(formatRelativeTime(cst(2024, 6, 14, 8, 0), now, 'zh-hk')).toBe('昨天 08:00')
  })

  it('gives -- for impossible times', () => {
    expect(formatRelativeTime(NaN, now)).toBe('--')
    expect(formatRelativeTime(0, Infinity)).toBe('--')
  })

  it('always gives one of the documented forms, consistent with the elapsed time', () => {
    const seconds = fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) / 1000 })
    fc.assert(
      fc.property(seconds, seconds, (ts, nowSeconds) => {
        const nowMs = nowSeconds * 1000
        const text = formatRelativeTime(ts, nowMs)
        const ago = nowMs - ts * 1000
        const minutes = /^(\d+)分钟前$/.exec(text)
        const hours = /^(\d+)小时前$/.exec(text)
        if (text === '刚刚') expect(Math.abs(ago)).toBeLessThan(60_000)
        else if (minutes) expect(Number(minutes[1])).toBe(Math.floor(ago / 60_000))
        else if (hours) {
          expect(Number(hours[1])).toBe(Math.floor(ago / 3_600_000))
          expect(formatDate(ts)).toBe(formatDate(nowSeconds))
        } else if (text.startsWith('昨天 ')) expect(text).toBe(`昨天 ${formatClock(ts)}`)
        else if (/^\d{2}-\d{2} \d{2}:\d{2}$/.test(text)) {
          expect(formatDate(ts).slice(0, 4)).toBe(formatDate(nowSeconds).slice(0, 4))
          expect(formatDateTime(ts).slice(5)).toBe(text)
        } else {
          expect(text).toBe(formatDate(ts))
          expect(formatDate(ts).slice(0, 4)).not.toBe(formatDate(nowSeconds).slice(0, 4))
        }
      }),
    )
  })
})
