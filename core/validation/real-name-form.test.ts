import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  IDENTITY_TYPES,
  REAL_NAME_FIELD_ORDER,
  REAL_NAME_MESSAGES,
  canSubmitRealName,
  firstInvalidField,
  isValidRealName,
  validateRealNameForm,
  type RealNameForm,
} from './real-name-form'

const valid: RealNameForm = {
  realName: '陈大文',
  identityType: 'IDENTITY_CARD',
  otherIdentityType: '',
  idNumber: '110101199003074518',
  highestEducation: 'bachelor',
  career: 'other',
  location: ['广东省', '深圳市', '南山区'],
  address: '科技园1号',
  agree: true,
}

describe('the spec messages', () => {
  it('are verbatim', () => {
    expect(REAL_NAME_MESSAGES).toEqual({
      realName: '请输入您的真实姓名',
      otherIdentityType: '填写证件类型名称',
      idNumber: '请输入您的证件号码',
      location: '请选择省、市、区、街道',
      education: '请选择最高学历',
      career: '请选择职业',
      address: '请输入详细地址',
    })
  })
})

describe('isValidRealName', () => {
  it.each([
    ['陈大文', true],
    ['李白', true],
    ['李', false],
    [' 李 ', false],
    ['', false],
    ['   ', false],
    ['A', true],
    ['Chan Tai Man', true],
    ['阿·木', true],
  ])('%j → %s', (name, ok) => {
    expect(isValidRealName(name)).toBe(ok)
  })

  it('rejects exactly the empty and one-character Chinese names', () => {
    const han = fc.integer({ min: 0x4e00, max: 0x9fff }).map((c) => String.fromCodePoint(c))
    fc.assert(
      fc.property(fc.array(han, { maxLength: 6 }), (chars) => {
        expect(isValidRealName(chars.join(''))).toBe(chars.length >= 2)
      }),
    )
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 10 }).filter((s) => /[A-Za-z]/.test(s)), (name) => {
        expect(isValidRealName(name)).toBe(true)
      }),
    )
  })
})

describe('validateRealNameForm', () => {
  it('passes a complete form', () => {
    expect(validateRealNameForm(valid)).toEqual({})
    expect(firstInvalidField(validateRealNameForm(valid))).toBeNull()
  })

  it('asks for the type name when the identity type is OTHER', () => {
    expect(validateRealNameForm({ ...valid, identityType: 'OTHER' })).toEqual({ code: '填写证件类型名称' })
    expect(validateRealNameForm({ ...valid, identityType: 'OTHER', otherIdentityType: '军官证' })).toEqual({})
    expect(validateRealNameForm({ ...valid, idNumber: ' ' })).toEqual({ code: '请输入您的证件号码' })
  })

  it('reports every missing field', () => {
    const empty: RealNameForm = {
      realName: '',
      identityType: 'PASSPORT',
      otherIdentityType: '',
      idNumber: '',
      highestEducation: '',
      career: '',
      location: [],
      address: '',
      agree: false,
    }
    expect(validateRealNameForm(empty)).toEqual({
      realName: '请输入您的真实姓名',
      code: '请输入您的证件号码',
      education: '请选择最高学历',
      career: '请选择职业',
      location: '请选择省、市、区、街道',
      address: '请输入详细地址',
    })
    expect(validateRealNameForm({ ...valid, location: ['广东省', ''] })).toEqual({ location: '请选择省、市、区、街道' })
  })

  it('scrolls to the first failing field in the order realName, code, education, career, location, address', () => {
    const breakers: Record<(typeof REAL_NAME_FIELD_ORDER)[number], Partial<RealNameForm>> = {
      realName: { realName: '李' },
      code: { idNumber: '' },
      education: { highestEducation: '' },
      career: { career: '' },
      location: { location: [] },
      address: { address: '' },
    }
    fc.assert(
      fc.property(fc.subarray([...REAL_NAME_FIELD_ORDER]), fc.constantFrom(...IDENTITY_TYPES), (broken, identityType) => {
        const form = Object.assign({ ...valid, identityType, otherIdentityType: '其他证件' }, ...broken.map((f) => breakers[f])) as RealNameForm
        const errors = validateRealNameForm(form)
        expect(Object.keys(errors).sort()).toEqual([...broken].sort())
        expect(firstInvalidField(errors)).toBe(REAL_NAME_FIELD_ORDER.find((f) => broken.includes(f)) ?? null)
      }),
    )
  })
})

describe('canSubmitRealName', () => {
  it('needs the consent tick', () => {
    expect(canSubmitRealName({ agree: false })).toBe(false)
    expect(canSubmitRealName({ agree: true })).toBe(true)
  })
})
