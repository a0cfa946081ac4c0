import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { formatHexColor, parseHexColor } from './hex-color'

const hexDigit = fc.constantFrom(...'0123456789abcdefABCDEF')

describe('parseHexColor', () => {
  it.each([
    ['#1a2B3c', { r: 26, g: 43, b: 60 }],
    ['1a2b3c', { r: 26, g: 43, b: 60 }],
    ['#fa0', { r: 255, g: 170, b: 0 }],
    ['FFF', { r: 255, g: 255, b: 255 }],
    ['#000000', { r: 0, g: 0, b: 0 }],
  ])('%s', (text, rgb) => {
    expect(parseHexColor(text)).toEqual(rgb)
  })

  it.each([[''], ['#'], ['#12'], ['#1234'], ['#12345'], ['#1234567'], ['#ggg'], ['##fff'], [' #fff'], ['rgb(0,0,0)']])('rejects %j', (text) => {
    expect(parseHexColor(text)).toBeNull()
  })

  it('round-trips every colour', () => {
    const channel = fc.integer({ min: 0, max: 255 })
    fc.assert(
      fc.property(channel, channel, channel, (r, g, b) => {
        expect(parseHexColor(formatHexColor({ r, g, b }))).toEqual({ r, g, b })
      }),
    )
  })

  it('reads a 3-digit colour as each digit doubled', () => {
    fc.assert(
      fc.property(fc.array(hexDigit, { minLength: 3, maxLength: 3 }), fc.boolean(), (digits, hash) => {
        const short = (hash ? '#' : '') + digits.join('')
        expect(parseHexColor(short)).toEqual(parseHexColor(digits.map((d) => d + d).join('')))
      }),
    )
  })

  it('accepts exactly 3 or 6 hex digits after an optional #', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 9 }), (text) => {
        const valid = /^#?(?:[0-9a-fA-F]{3}){1,2}$/.test(text)
        expect(parseHexColor(text) !== null).toBe(valid)
      }),
    )
    fc.assert(
      fc.property(fc.array(hexDigit, { maxLength: 8 }), fc.boolean(), (digits, hash) => {
        const accepted = parseHexColor((hash ? '#' : '') + digits.join('')) !== null
        expect(accepted).toBe(digits.length === 3 || digits.length === 6)
      }),
    )
  })
})
