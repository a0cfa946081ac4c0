import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { ADDRESS_MESSAGES, isValidAddressName, isValidAddressPhone, validateAddressForm, type AddressForm } from './address-form'

const valid: AddressForm = { name: '陈大文', phone: '13812345678', countryCode: '86', state: '广东省', city: '深圳市', dist: '南山区', address: '科技园1号' }
const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((ds) => ds.join(''))

describe('validateAddressForm', () => {
  it('uses the spec messages verbatim', () => {
    expect(ADDRESS_MESSAGES).toEqual({
      name: '请填写正确的姓名格式（不能为空且小于20字符）',
      phone: '请填写正确的手机号码（大陆11位，香港澳门8位）',
      region: '请选择所在地区',
      address: '请填写准确的详细地址',
    })
  })

  it('passes a complete form and reports each failing field', () => {
    expect(validateAddressForm(valid)).toEqual({})
    expect(validateAddressForm({ ...valid, countryCode: '852', phone: '91234567' })).toEqual({})
    expect(validateAddressForm({ name: ' ', phone: '123', state: '广东省', city: '', dist: '', address: '  ' })).toEqual({
      name: ADDRESS_MESSAGES.name,
      phone: ADDRESS_MESSAGES.phone,
      region: ADDRESS_MESSAGES.region,
      address: ADDRESS_MESSAGES.address,
    })
  })

  it('accepts names of 1 to 20 characters', () => {
    expect(isValidAddressName('一二三四五六七八九十一二三四五六七八九十')).toBe(true)
    expect(isValidAddressName('一二三四五六七八九十一二三四五六七八九十一')).toBe(false)
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (name) => {
        const n = Array.from(name.trim()).length
        expect(isValidAddressName(name)).toBe(n >= 1 && n <= 20)
      }),
    )
  })

  it('accepts exactly 11 digits for 86, 8 for 852 and 853, either without a code', () => {
    fc.assert(
      fc.property(digits(0, 14), fc.constantFrom('86', '852', '853', undefined, '1'), (phone, code) => {
        const expected =
          code === '86' ? phone.length === 11 : code === '852' || code === '853' ? phone.length === 8 : code === undefined ? phone.length === 11 || phone.length === 8 : false
        expect(isValidAddressPhone(phone, code)).toBe(expected)
      }),
    )
  })
})
