import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { formatTimeLeft, svipRemainingDays } from './time-left'

describe('formatTimeLeft', () => {
  it.each([
    [3 * 3600, '3小时'],
    [3 * 3600 + 59 * 60 + 59, '3小时'],
    [3600, '1小时'],
    [3599, '59分钟'],
    [25 * 60, '25分钟'],
    [25 * 60 + 59, '25分钟'],
    [30, '1分钟'],
    [0, '0分钟'],
    [-5, '0分钟'],
    [NaN, '--'],
  ])('%s s → %s', (seconds, text) => {
    expect(formatTimeLeft(seconds, 'zh-cn')).toBe(text)
  })

  it('uses traditional words for zh-hk', () => {
    expect(formatTimeLeft(3 * 3600, 'zh-hk')).toBe('3小時')
    expect(formatTimeLeft(25 * 60, 'zh-hk')).toBe('25分鐘')
  })

  it('never overstates the time left and never shows 0 while time is left', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 * 365 * 86400 }), (seconds) => {
        const text = formatTimeLeft(seconds)
        const m = /^(\d+)(小时|分钟)$/.exec(text)
        expect(m).not.toBeNull()
        const amount = Number(m?.[1])
        const unit = m?.[2] === '小时' ? 3600 : 60
        expect(amount).toBeGreaterThanOrEqual(1)
        if (seconds >= 60) expect(amount * unit).toBeLessThanOrEqual(seconds)
        expect(seconds - amount * unit).toBeLessThan(unit)
        expect(m?.[2]).toBe(seconds >= 3600 ? '小时' : '分钟')
      }),
    )
  })
})

describe('svipRemainingDays', () => {
  const now = Date.UTC(2024, 0, 1)
  it.each([
    [now / 1000 + 86400, 1],
    [now / 1000 + 1, 1],
    [now / 1000 + 86401, 2],
    [now / 1000 + 30 * 86400, 30],
    [now / 1000, 0],
    [now / 1000 - 86400 * 5, 0],
    [NaN, 0],
  ])('expiry %s → %s days', (expire, days) => {
    expect(svipRemainingDays(expire, now)).toBe(days)
  })

  it('is the smallest whole number of days covering the time left, never negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 4e12 }), (offsetSeconds, nowMs) => {
        const expire = Math.floor(nowMs / 1000) + offsetSeconds
        const days = svipRemainingDays(expire, nowMs)
        const left = expire * 1000 - nowMs
        expect(days).toBeGreaterThanOrEqual(0)
        if (left > 0) {
          expect(days * 86_400_000).toBeGreaterThanOrEqual(left)
          expect((days - 1) * 86_400_000).toBeLessThan(left)
        } else expect(days).toBe(0)
      }),
    )
  })
})
