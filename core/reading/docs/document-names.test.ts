import { describe, expect, it } from 'vitest'
import { DOCUMENT_NAMES, isDocumentName, termsDocumentName } from './document-names'

describe('the member terms paths of spec 001 §2', () => {
  it('/terms/memberService reads the member-service document, /terms/member-pay its own', () => {
    expect(termsDocumentName('memberService')).toBe(DOCUMENT_NAMES.memberService)
    expect(termsDocumentName('member-pay')).toBe(DOCUMENT_NAMES.memberPay)
    expect(isDocumentName(termsDocumentName('memberService'))).toBe(true)
    expect(termsDocumentName('privacy')).toBe('privacy')
  })
})
