// The site's named documents: one name per document, used by the seed, the footer, the login dialog and the
// /terms/{name} page. A name is what GET /api/documents/{name} accepts (core/api/reading-docs.ts DocumentName:
// lower-case letters, digits and hyphens).
import * as Schema from 'effect/Schema'
import { DocumentName as DocumentNameSchema } from '../../api/reading-docs'

export const DOCUMENT_NAMES = {
  userAgreement: 'user-agreement',
  privacy: 'privacy',
  disclaimer: 'disclaimer',
  about: 'about',
  contact: 'contact',
  memberService: 'member-service',
  riskDisclosure: 'risk-disclosure',
  /** spec 001 §2 /terms/member-pay (seeded by server/membership/seed.ts) */
  memberPay: 'member-pay',
} as const

export type DocumentKey = keyof typeof DOCUMENT_NAMES
export type DocumentName = (typeof DOCUMENT_NAMES)[DocumentKey]

/** The site path of a document (spec 000 §2: /terms/{page}). */
export const documentPath = (name: DocumentName): string => `/terms/${name}`

/** Whether a /terms/{page} names a document the contract could ask for (anything else is not found without a call). */
export const isDocumentName: (name: string) => boolean = Schema.is(DocumentNameSchema)

/**
 * spec 001 §2 names the member terms /terms/memberService (camel case, unlike every document name):
 * the page of such a path reads this document.
 */
export const TERMS_ALIASES: Readonly<Record<string, DocumentName>> = { memberService: DOCUMENT_NAMES.memberService }

/** The document a /terms/{page} reads. */
export const termsDocumentName = (page: string): string => TERMS_ALIASES[page] ?? page
