import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { isValidPhone, normaliseCountryCode } from './phone-number'

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((ds) => ds.join(''))

describe('isValidPhone', () => {
  it.each([
    ['86', '13812345678', true],
    ['+86', '13812345678', true],
    [86, '13812345678', true],
    ['86', '23812345678', false],
    ['86', '1381234567', false],
    ['86', '138123456789', false],
    ['852', '91234567', true],
    ['853', '66123456', true],
    ['852', '9123456', false],
    ['852', '13812345678', false],
    ['1', '2025550123', true],
    ['44', '123', false],
    ['44', '1234567890123456', false],
    ['86', '138 1234 5678', false],
    ['abc', '13812345678', false],
  ])('%s %s → %s', (code, phone, valid) => {
    expect(isValidPhone(code, phone)).toBe(valid)
  })

  it('accepts exactly 1 followed by 10 digits for 86', () => {
    fc.assert(
      fc.property(digits(0, 14), (phone) => {
        expect(isValidPhone('86', phone)).toBe(phone.length === 11 && phone.startsWith('1'))
      }),
    )
  })

  it('accepts exactly 8 digits for 852 and 853', () => {
    fc.assert(
      fc.property(fc.constantFrom('852', '853'), digits(0, 12), (code, phone) => {
        expect(isValidPhone(code, phone)).toBe(phone.length === 8)
      }),
    )
  })

  it('accepts exactly 4 to 15 digits elsewhere', () => {
    const otherCode = fc.integer({ min: 1, max: 9999 }).map(String).filter((c) => !['86', '852', '853'].includes(c))
    fc.assert(
      fc.property(otherCode, digits(0, 18), (code, phone) => {
        expect(isValidPhone(code, phone)).toBe(phone.length >= 4 && phone.length <= 15)
      }),
    )
  })

  it('rejects anything with a non-digit', () => {
    fc.assert(
      fc.property(digits(3, 7), fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/\d/.test(c)), digits(3, 7), (a, c, b) => {
        expect(isValidPhone('1', a + c + b)).toBe(false)
      }),
    )
  })
})

describe('normaliseCountryCode', () => {
  it('strips + and spaces and rejects junk', () => {
    expect(normaliseCountryCode(' +852 ')).toBe('852')
    expect(normaliseCountryCode(86)).toBe('86')
    expect(normaliseCountryCode('')).toBeNull()
    expect(normaliseCountryCode('0')).toBeNull()
    expect(normaliseCountryCode('12345')).toBeNull()
  })
})
