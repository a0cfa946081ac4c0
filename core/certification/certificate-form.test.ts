import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Schema from 'effect/Schema'
import { CertificateBody } from '../api/certification'
import {
  CERTIFICATE_FIELD_ORDER,
  CERTIFICATE_MESSAGES,
  certificateBody,
  checkRejectReason,
  EMPTY_CERTIFICATE_FORM,
  firstInvalidCertificateField,
  mayReview,
  REVIEWER_ROLE,
  validateCertificateForm,
  type CertificateForm,
} from './certificate-form'
import { sampleCertificateForm } from '../testing/certificate-samples'

const IMAGE_ID = `202611/${'0'.repeat(32)}.png`
const valid: CertificateForm = sampleCertificateForm(IMAGE_ID, `/file/${IMAGE_ID}`)

describe('validateCertificateForm', () => {
  it('a complete person form passes; the empty form fails every required field, in the form’s order', () => {
    expect(validateCertificateForm(valid)).toEqual({})
    const errors = validateCertificateForm(EMPTY_CERTIFICATE_FORM)
    expect(Object.keys(errors)).toEqual(['realName', 'weixinId', 'idCardImage', 'siaqcNumber', 'email', 'personalProfile'])
    expect(firstInvalidCertificateField(errors)).toBe('realName')
    expect(firstInvalidCertificateField({})).toBeNull()
  })
  it('examples: the spec’s real-name message, a company needs its name, WeChat IDs, certificate numbers, profiles', () => {
    expect(validateCertificateForm({ ...valid, realName: '李' }).realName).toBe('请输入您的真实姓名')
    expect(validateCertificateForm({ ...valid, realName: 'Chan Tai Man' })).toEqual({})
    expect(validateCertificateForm({ ...valid, applicantType: 'company' }).companyName).toBe(CERTIFICATE_MESSAGES.companyName)
    expect(validateCertificateForm({ ...valid, applicantType: 'company', companyName: '港美投资' })).toEqual({})
    for (const w of ['abcde', '1abcdef', 'a'.repeat(21), 'ab cdef']) expect(validateCertificateForm({ ...valid, weixinId: w }).weixinId, w).toBe(CERTIFICATE_MESSAGES.weixinId)
    for (const n of ['S026051709000', '00260517090001', 'S02605170900011']) expect(validateCertificateForm({ ...valid, siaqcNumber: n }).siaqcNumber, n).toBe(CERTIFICATE_MESSAGES.siaqcNumber)
    expect(validateCertificateForm({ ...valid, siaqcNumber: 's0260517090001' })).toEqual({})
    expect(validateCertificateForm({ ...valid, personalProfile: '短' }).personalProfile).toBe(CERTIFICATE_MESSAGES.personalProfile)
    expect(validateCertificateForm({ ...valid, personalProfile: '长'.repeat(501) }).personalProfile).toBe(CERTIFICATE_MESSAGES.personalProfile)
    expect(validateCertificateForm({ ...valid, imageId: '../etc/passwd' }).idCardImage).toBe(CERTIFICATE_MESSAGES.idCardImage)
    expect(validateCertificateForm({ ...valid, email: 'a@b' }).email).toBe('请输入正确的邮箱地址')
  })
  it('property: a form that passes is accepted by the contract once sent (certificateBody), and stays valid', () => {
    const decode = Schema.decodeUnknownResult(CertificateBody as never)
    fc.assert(
      fc.property(
        fc.record({
          realName: fc.string({ maxLength: 60 }),
          weixinId: fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,24}$/),
          siaqcNumber: fc.stringMatching(/^[A-Za-z]\d{11,15}$/),
          personalProfile: fc.string({ maxLength: 520 }),
          otherPlatformAccountName: fc.string({ maxLength: 60 }),
          companyName: fc.string({ maxLength: 110 }),
          applicantType: fc.constantFrom('person' as const, 'company' as const),
        }),
        (over) => {
          const f = { ...valid, ...over }
          if (Object.keys(validateCertificateForm(f)).length > 0) return
          const body = certificateBody(f)
          expect(validateCertificateForm(body)).toEqual({})
          expect((decode(body) as { _tag: string })._tag).toBe('Success')
        },
      ),
    )
  })
  it('property: every message is one of the form’s, for a field of the form', () => {
    fc.assert(
      fc.property(fc.record({ realName: fc.string(), weixinId: fc.string(), email: fc.string(), personalProfile: fc.string() }), (over) => {
        for (const [field, message] of Object.entries(validateCertificateForm({ ...valid, ...over }))) {
          expect(CERTIFICATE_FIELD_ORDER).toContain(field)
          expect(Object.values(CERTIFICATE_MESSAGES)).toContain(message)
        }
      }),
    )
  })
})

describe('review rules', () => {
  it('a reason of 1–200 characters once trimmed', () => {
    expect(checkRejectReason('资料不全')).toBeNull()
    expect(checkRejectReason('  ')).toBe(CERTIFICATE_MESSAGES.rejectReason)
    expect(checkRejectReason('长'.repeat(200))).toBeNull()
    expect(checkRejectReason('长'.repeat(201))).toBe(CERTIFICATE_MESSAGES.rejectReason)
  })
  it('only the reviewer role reviews', () => {
    expect(mayReview([REVIEWER_ROLE])).toBe(true)
    expect(mayReview(['EDITOR', 'MUTED'])).toBe(false)
    expect(mayReview(undefined)).toBe(false)
    fc.assert(
      fc.property(fc.array(fc.constantFrom(REVIEWER_ROLE, 'EDITOR', 'MUTED', 'cert_reviewer', '')), (roles) => {
        expect(mayReview(roles)).toBe(roles.includes(REVIEWER_ROLE))
      }),
    )
  })
})
