import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { attestationHref, safeReturnPath, stepParam } from './return-target'

describe('safeReturnPath', () => {
  it.each(['/member', '/news/12?x=1#p', '/member/payment?goodsId=101'])('keeps the same-site path %s', (p) => {
    expect(safeReturnPath(p)).toBe(p)
  })
  it.each([null, undefined, '', 'member', '//evil.example/x', 'https://evil.example/', 'javascript:alert(1)', '/\\evil.example', '/a\nb', `/${'x'.repeat(600)}`])(
    'refuses %s',
    (p) => {
      expect(safeReturnPath(p)).toBeNull()
    },
  )
  it('whatever it keeps resolves on this origin', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const kept = safeReturnPath(s)
        if (kept !== null) expect(new URL(kept, 'https://gmh.example').origin).toBe('https://gmh.example')
      }),
    )
  })
})

describe('stepParam and attestationHref', () => {
  it('reads the steps 0–5 only', () => {
    expect(stepParam('3')).toBe(3)
    expect(stepParam('6')).toBeUndefined()
    expect(stepParam('1.0')).toBeUndefined()
    expect(stepParam(null)).toBeUndefined()
  })
  it('builds the link the order dialog opens', () => {
    expect(attestationHref()).toBe('/member/attestation')
    expect(attestationHref({ step: 3, returnTo: '/news/5?a=1' })).toBe('/member/attestation?step=3&redirect=%2Fnews%2F5%3Fa%3D1')
    expect(attestationHref({ returnTo: 'https://evil.example' })).toBe('/member/attestation')
  })
  it('reads back what it wrote', () => {
    fc.assert(
      fc.property(fc.constantFrom(0, 1, 2, 3, 4, 5) as fc.Arbitrary<0 | 1 | 2 | 3 | 4 | 5>, fc.webPath(), (step, path) => {
        const back = safeReturnPath(path)
        const q = new URL(attestationHref({ step, returnTo: path }), 'https://gmh.example').searchParams
        expect(stepParam(q.get('step'))).toBe(step)
        expect(q.get('redirect')).toBe(back)
      }),
    )
  })
})
