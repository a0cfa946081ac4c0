import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { signInput } from './sign'

describe('signInput (spec 001 §7: package id, channel, web, public key, user token)', () => {
  it('joins the five parts in the spec’s order', () => {
    expect(signInput(101, 'wx_pub_qr', 'gmh-web-1', 'tok')).toBe('101|wx_pub_qr|web|gmh-web-1|tok')
  })
  it('differs whenever the package or the channel differs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (a, b) => {
        fc.pre(a !== b)
        expect(signInput(a, 'guru_pay', 'k', 't')).not.toBe(signInput(b, 'guru_pay', 'k', 't'))
        expect(signInput(a, 'guru_pay', 'k', 't')).not.toBe(signInput(a, 'wx_pub_qr', 'k', 't'))
      }),
    )
  })
})
