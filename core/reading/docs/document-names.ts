// The site's named documents: one name per document, used by the seed, the footer, the login dialog and the
// /terms/{name} page. A name is what GET /api/documents/{name} accepts (core/api/reading-docs.ts DocumentName:
// lower-case letters, digits and hyphens).
// No Effect Schema here: the footer and the login dialog import this module, so it is in the home page's
// entry chunk, and Schema with the content contract would add ~21 KB br to it (issue 11's budget). The
// contract's DocumentName schema is built from the pattern below instead.

/** What GET /api/documents/{name} accepts (core/api/reading-docs.ts DocumentName). */
export const DOCUMENT_NAME_PATTERN = /^[a-z0-9-]{1,40}$/

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
export const isDocumentName = (name: string): boolean => DOCUMENT_NAME_PATTERN.test(name)

/**
 * spec 001 §2 names the member terms /terms/memberService (camel case, unlike every document name):
 * the page of such a path reads this document.
 */
export const TERMS_ALIASES: Readonly<Record<string, DocumentName>> = { memberService: DOCUMENT_NAMES.memberService }

/** The document a /terms/{page} reads. */
export const termsDocumentName = (page: string): string => TERMS_ALIASES[page] ?? page
