import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  LOGIN_MESSAGES,
  checkCode,
  checkConfirm,
  checkEmail,
  checkNewPassword,
  checkPhone,
  isWellFormedEmail,
  validateBindPhone,
  validateEmailReset,
  validatePasswordChange,
  validatePasswordLogin,
  validatePhoneCodeLogin,
  validatePhoneReset,
  validateWechatLogin,
} from './login'

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((ds) => ds.join(''))
const mainlandPhone = digits(10, 10).map((d) => `1${d}`)
const code = digits(6, 6)
const goodPassword = fc.string({ minLength: 6, maxLength: 16, unit: 'grapheme-ascii' })

describe('the spec messages', () => {
  it('are the Chinese texts', () => {
    expect(LOGIN_MESSAGES.phoneRequired).toBe('请填写手机号')
    expect(LOGIN_MESSAGES.codeRequired).toBe('请输入验证码')
    expect(LOGIN_MESSAGES.passwordMismatch).toBe('两次输入的密码不一致')
  })
})

describe('single fields', () => {
  it('phone: required, then the calling-code rule', () => {
    expect(checkPhone('86', '')).toBe('请填写手机号')
    expect(checkPhone('86', '  ')).toBe('请填写手机号')
    expect(checkPhone('86', '12345')).toBe(LOGIN_MESSAGES.phoneInvalid)
    expect(checkPhone('86', ' 13812345678 ')).toBeNull()
    expect(checkPhone('852', '91234567')).toBeNull()
  })

  it('code: required, then six digits', () => {
    expect(checkCode('')).toBe('请输入验证码')
    expect(checkCode('12345')).toBe(LOGIN_MESSAGES.codeInvalid)
    expect(checkCode('12345a')).toBe(LOGIN_MESSAGES.codeInvalid)
    expect(checkCode('123456')).toBeNull()
  })

  it('accepts exactly six-digit codes', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (text) => {
        const expected = text.trim() === '' ? LOGIN_MESSAGES.codeRequired : /^\d{6}$/.test(text.trim()) ? null : LOGIN_MESSAGES.codeInvalid
        expect(checkCode(text)).toBe(expected)
      }),
    )
  })

  it('new password: required, then 6 to 16 characters', () => {
    expect(checkNewPassword('')).toBe(LOGIN_MESSAGES.passwordRequired)
    expect(checkNewPassword('12345')).toBe(LOGIN_MESSAGES.passwordLength)
    expect(checkNewPassword('123456')).toBeNull()
    expect(checkNewPassword('1234567890123456')).toBeNull()
    expect(checkNewPassword('12345678901234567')).toBe(LOGIN_MESSAGES.passwordLength)
    expect(checkNewPassword('密码😀😀😀1')).toBeNull()
  })

  it('accepts exactly the passwords of 6 to 16 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 24, unit: 'grapheme' }), (password) => {
        const n = Array.from(password).length
        const expected = n === 0 ? LOGIN_MESSAGES.passwordRequired : n >= 6 && n <= 16 ? null : LOGIN_MESSAGES.passwordLength
        expect(checkNewPassword(password)).toBe(expected)
      }),
    )
  })

  it('confirm must equal the password', () => {
    expect(checkConfirm('abcdef', '')).toBe(LOGIN_MESSAGES.confirmRequired)
    expect(checkConfirm('abcdef', 'abcdeg')).toBe('两次输入的密码不一致')
    fc.assert(
      fc.property(goodPassword, fc.string({ minLength: 1 }), (p, q) => {
        expect(checkConfirm(p, p)).toBeNull()
        expect(checkConfirm(p, q)).toBe(p === q ? null : LOGIN_MESSAGES.passwordMismatch)
      }),
    )
  })

  it('email: required, then well-formed', () => {
    expect(checkEmail('')).toBe(LOGIN_MESSAGES.emailRequired)
    expect(checkEmail('a@b')).toBe(LOGIN_MESSAGES.emailInvalid)
    expect(checkEmail('a b@example.com')).toBe(LOGIN_MESSAGES.emailInvalid)
    expect(checkEmail('a@@example.com')).toBe(LOGIN_MESSAGES.emailInvalid)
    expect(checkEmail('a@-example.com')).toBe(LOGIN_MESSAGES.emailInvalid)
    expect(checkEmail(' reader.one+hk@mail.example.com.hk ')).toBeNull()
  })

  it('accepts emails built from the rule and rejects them with a second @ or a space', () => {
    const local = fc.array(fc.constantFrom(...'abcXYZ019._%+-'), { minLength: 1, maxLength: 12 }).map((cs) => cs.join(''))
    const alnum = fc.constantFrom(...'abcxyz0189')
    const label = fc.tuple(alnum, fc.array(fc.constantFrom(...'abc09-'), { maxLength: 6 }), alnum).map(([a, m, b]) => a + m.join('') + b)
    const tld = fc.array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), { minLength: 2, maxLength: 6 }).map((cs) => cs.join(''))
    const email = fc.tuple(local, fc.array(label, { minLength: 1, maxLength: 3 }), tld).map(([l, ls, t]) => `${l}@${[...ls, t].join('.')}`)
    fc.assert(
      fc.property(email, fc.constantFrom('@', ' ', '<', ','), fc.nat(), (e, bad, at) => {
        expect(isWellFormedEmail(e)).toBe(true)
        const i = at % (e.length + 1)
        expect(isWellFormedEmail(e.slice(0, i) + bad + e.slice(i))).toBe(false)
      }),
    )
  })
})

describe('phone and code login', () => {
  it('lists every missing field and the agreement in screen order', () => {
    expect(validatePhoneCodeLogin({ countryCode: '86', phone: '', code: '', agreed: false })).toEqual([
      { field: 'phone', message: '请填写手机号' },
      { field: 'code', message: '请输入验证码' },
      { field: 'agreement', message: LOGIN_MESSAGES.agreementRequired },
    ])
  })

  it('passes exactly when phone, code and agreement are all good', () => {
    fc.assert(
      fc.property(mainlandPhone, code, fc.boolean(), (phone, c, agreed) => {
        const errors = validatePhoneCodeLogin({ countryCode: '86', phone, code: c, agreed })
        expect(errors.map((e) => e.field)).toEqual(agreed ? [] : ['agreement'])
      }),
    )
  })
})

describe('password login', () => {
  it('needs account, password and the agreement, but no length rule', () => {
    expect(validatePasswordLogin({ account: ' ', password: '', agreed: false }).map((e) => e.message)).toEqual([
      LOGIN_MESSAGES.accountRequired,
      LOGIN_MESSAGES.passwordRequired,
      LOGIN_MESSAGES.agreementRequired,
    ])
    expect(validatePasswordLogin({ account: 'reader', password: '123', agreed: true })).toEqual([])
  })
})

describe('WeChat login', () => {
  it('needs only the agreement', () => {
    expect(validateWechatLogin({ agreed: false })).toEqual([{ field: 'agreement', message: LOGIN_MESSAGES.agreementRequired }])
    expect(validateWechatLogin({ agreed: true })).toEqual([])
  })
})

describe('password reset', () => {
  it('by phone has no agreement and checks the new password and its confirmation', () => {
    const form = { countryCode: '86', phone: '13812345678', code: '123456', password: 'secret1', passwordConfirm: 'secret2' }
    expect(validatePhoneReset(form)).toEqual([{ field: 'passwordConfirm', message: '两次输入的密码不一致' }])
    expect(validatePhoneReset({ ...form, passwordConfirm: 'secret1' })).toEqual([])
    expect(validatePhoneReset({ ...form, password: '123', passwordConfirm: '123' }).map((e) => e.field)).toEqual(['password'])
  })

  it('by email requires a well-formed email', () => {
    const form = { email: 'reader@example.com', code: '123456', password: 'secret1', passwordConfirm: 'secret1' }
    expect(validateEmailReset(form)).toEqual([])
    expect(validateEmailReset({ ...form, email: '' })).toEqual([{ field: 'email', message: LOGIN_MESSAGES.emailRequired }])
    expect(validateEmailReset({ ...form, email: 'reader' })).toEqual([{ field: 'email', message: LOGIN_MESSAGES.emailInvalid }])
  })

  it('passes exactly when the new password is 6 to 16 and confirmed', () => {
    fc.assert(
      fc.property(mainlandPhone, code, fc.string({ maxLength: 20, unit: 'grapheme-ascii' }), fc.boolean(), (phone, c, password, same) => {
        const passwordConfirm = same ? password : `${password}x`
        const errors = validatePhoneReset({ countryCode: '86', phone, code: c, password, passwordConfirm })
        const lengthOk = password.length >= 6 && password.length <= 16
        expect(errors.length === 0).toBe(lengthOk && same)
      }),
    )
  })
})

describe('bind phone and password change', () => {
  it('bind needs phone and code', () => {
    expect(validateBindPhone({ countryCode: '852', phone: '91234567', code: '123456' })).toEqual([])
    expect(validateBindPhone({ countryCode: '852', phone: '13812345678', code: '' }).map((e) => e.field)).toEqual(['phone', 'code'])
  })

  it('change needs the old password and a confirmed new one', () => {
    expect(validatePasswordChange({ oldPassword: '', password: 'abcdef', passwordConfirm: 'abcdef' })).toEqual([
      { field: 'oldPassword', message: LOGIN_MESSAGES.oldPasswordRequired },
    ])
    expect(validatePasswordChange({ oldPassword: 'x', password: 'abcdef', passwordConfirm: 'abcdef' })).toEqual([])
  })
})
