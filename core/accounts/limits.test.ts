import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  CODE_INTERVAL_MS,
  CODE_MAX_WRONG_TRIES,
  CODES_PER_IP_PER_DAY,
  CODES_PER_PHONE_PER_DAY,
  codeCheck,
  codeRequestDecision,
  dayStart,
  phoneKey,
} from './limits'

const now = 1_700_000_000_000
const base = { lastSentAt: null, phoneToday: 0, ipToday: 0, captchaSolved: false, now }

describe('codeRequestDecision', () => {
  it('refuses a second code within a minute (spec 000 §5: one code per minute)', () => {
    expect(codeRequestDecision({ ...base, lastSentAt: now - CODE_INTERVAL_MS + 1, phoneToday: 1 })).toBe('tooFrequent')
    expect(codeRequestDecision({ ...base, lastSentAt: now - CODE_INTERVAL_MS, phoneToday: 1 })).toBe('send')
  })
  it('applies the daily caps per phone and per IP', () => {
    expect(codeRequestDecision({ ...base, phoneToday: CODES_PER_PHONE_PER_DAY, captchaSolved: true })).toBe('phoneDailyCap')
    expect(codeRequestDecision({ ...base, ipToday: CODES_PER_IP_PER_DAY, captchaSolved: true })).toBe('ipDailyCap')
  })
  it('asks for the slider when the phone is suspicious, and sends once it is solved', () => {
    expect(codeRequestDecision({ ...base, phoneToday: 3 })).toBe('needsCaptcha')
    expect(codeRequestDecision({ ...base, phoneToday: 3, captchaSolved: true })).toBe('send')
    expect(codeRequestDecision({ ...base, phoneToday: 2 })).toBe('send')
  })
  it('never sends above a cap or within the minute, whatever the facts', () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: 0, max: 200_000 })), fc.nat(50), fc.nat(80), fc.boolean(), (ago, p, ip, solved) => {
        const d = codeRequestDecision({ lastSentAt: ago === null ? null : now - ago, phoneToday: p, ipToday: ip, captchaSolved: solved, now })
        if (d === 'send') {
          expect(p).toBeLessThan(CODES_PER_PHONE_PER_DAY)
          expect(ip).toBeLessThan(CODES_PER_IP_PER_DAY)
          expect(ago === null || ago >= CODE_INTERVAL_MS).toBe(true)
        }
      }),
    )
  })
})

describe('codeCheck', () => {
  const stored = { expiresAt: now + 1, wrongTries: 0, used: false }
  it('accepts a matching live code and refuses a wrong one', () => {
    expect(codeCheck(stored, true, now)).toBe('ok')
    expect(codeCheck(stored, false, now)).toBe('wrong')
  })
  it('a code dies at its expiry, when used, and after 3 wrong tries', () => {
    expect(codeCheck(stored, true, now + 1)).toBe('expired')
    expect(codeCheck({ ...stored, used: true }, true, now)).toBe('expired')
    expect(codeCheck({ ...stored, wrongTries: CODE_MAX_WRONG_TRIES }, true, now)).toBe('dead')
    expect(codeCheck(null, true, now)).toBe('expired')
  })
})

describe('dayStart', () => {
  it('is a Beijing midnight at or before now, less than a day before', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), (t) => {
        const s = dayStart(t)
        expect(s).toBeLessThanOrEqual(t)
        expect(t - s).toBeLessThan(86_400_000)
        expect((s + 8 * 3600_000) % 86_400_000).toBe(0)
      }),
    )
  })
})

it('phoneKey drops the plus', () => {
  expect(phoneKey('+86', '13800000000')).toBe('86 13800000000')
})
