import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { applyBody, checkApplyForm, EMPTY_APPLY_FORM, type ApplyForm } from './column-apply'

const good: ApplyForm = { ...EMPTY_APPLY_FORM, name: '王小明', idCard: '11010519491231002x', articleLinks: 'www.hkex.com.hk/a\n\n https://xueqiu.com/1 ', phone: '13800001234', verificationCode: '123456', email: 'wang@example.com' }

describe('the column-author application form', () => {
  it('accepts a complete personal application and sends it trimmed, links one a line', () => {
    expect(checkApplyForm(good)).toBeNull()
    expect(applyBody(good)).toEqual({ type: 'personal', name: '王小明', idCard: '11010519491231002X', articleLinks: ['www.hkex.com.hk/a', 'https://xueqiu.com/1'], countryCode: '86', phone: '13800001234', verificationCode: '123456', email: 'wang@example.com' })
  })

  it('names the first problem in the form\'s order', () => {
    expect(checkApplyForm({ ...good, name: ' ' })).toEqual({ field: 'name', kind: 'required' })
    expect(checkApplyForm({ ...good, idCard: '123' })).toEqual({ field: 'idCard', kind: 'idCard' })
    expect(checkApplyForm({ ...good, articleLinks: 'javascript:alert(1)' })).toEqual({ field: 'articleLinks', kind: 'link', link: 'javascript:alert(1)' })
    expect(checkApplyForm({ ...good, articleLinks: Array(6).fill('www.hkex.com.hk').join('\n') })).toEqual({ field: 'articleLinks', kind: 'tooMany' })
    expect(checkApplyForm({ ...good, phone: '12' })).toEqual({ field: 'phone', kind: 'phone' })
    expect(checkApplyForm({ ...good, verificationCode: '12345' })).toEqual({ field: 'verificationCode', kind: 'code' })
    expect(checkApplyForm({ ...good, email: '' })).toEqual({ field: 'email', kind: 'required' })
    expect(checkApplyForm({ ...good, email: 'not-mail' })).toEqual({ field: 'email', kind: 'email' })
  })

  it('an enterprise needs its name, licence number and licence picture; only an enterprise sends them', () => {
    const ent = { ...good, type: 'enterprise' as const }
    expect(checkApplyForm(ent)).toEqual({ field: 'enterpriseName', kind: 'required' })
    expect(checkApplyForm({ ...ent, enterpriseName: '港美汇科技' })).toEqual({ field: 'businessLicenseNum', kind: 'required' })
    expect(checkApplyForm({ ...ent, enterpriseName: '港美汇科技', businessLicenseNum: '91440300' })).toEqual({ field: 'businessLicensePicture', kind: 'required' })
    const full = { ...ent, enterpriseName: '港美汇科技', businessLicenseNum: '91440300', businessLicensePicture: '/file/a.png' }
    expect(checkApplyForm(full)).toBeNull()
    expect(applyBody(full)).toMatchObject({ type: 'enterprise', enterpriseName: '港美汇科技', businessLicensePicture: '/file/a.png' })
    expect(applyBody({ ...good, enterpriseName: 'x' })).not.toHaveProperty('enterpriseName')
  })

  it('every body it lets through fits the contract\'s bounds', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), fc.stringMatching(/^[0-9]{4,16}$/), (name, phone) => {
        const f = { ...good, name, phone }
        if (checkApplyForm(f) !== null) return
        const b = applyBody(f)
        expect(b.name.length).toBeGreaterThan(0)
        expect(b.phone).toMatch(/^[0-9]{5,15}$/)
      }),
    )
  })
})
