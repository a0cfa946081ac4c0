import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Schema from 'effect/Schema'
import { exchangeCoupon } from '../api/order'
import { CD_KEY_MESSAGES, cdKeyProblem } from './cd-key'

const decodes = (cdKey: string) => Schema.decodeUnknownExit(exchangeCoupon.query)({ cdKey })._tag === 'Success'

describe('cdKeyProblem', () => {
  it('examples: empty, too long, other characters; a key is trimmed', () => {
    expect(cdKeyProblem('')).toBe(CD_KEY_MESSAGES.empty)
    expect(cdKeyProblem('   ')).toBe(CD_KEY_MESSAGES.empty)
    expect(cdKeyProblem('GMH2026')).toBeNull()
    expect(cdKeyProblem('  GMH2026 ')).toBeNull()
    expect(cdKeyProblem('A'.repeat(32))).toBeNull()
    expect(cdKeyProblem('A'.repeat(33))).toBe(CD_KEY_MESSAGES.format)
    expect(cdKeyProblem('GMH-2026')).toBe(CD_KEY_MESSAGES.format)
    expect(cdKeyProblem('兑换码')).toBe(CD_KEY_MESSAGES.format)
  })

  it('the box accepts exactly what the contract decodes (after trimming)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 40 }), fc.stringMatching(/^[A-Za-z0-9]{0,34}$/)), (text) => {
        expect(cdKeyProblem(text) === null).toBe(decodes(text.trim()))
      }),
      { numRuns: 500 },
    )
  })
})
