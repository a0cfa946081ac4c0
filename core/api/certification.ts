// The creator (adviser) certification (issue 27): spec 001 §3 'Advisor certificate: realName, weixinId,
// idCardImage, siaqcNumber, email, otherPlatformAccountName, personalProfile, imageId', §7 'GET/POST
// /api/investment-advisor-qualification-certificate; POST /api/storage/identity-card/upload (120000 ms
// timeout)'. The spec shows neither the bodies nor the answers, nor any review call: ours, in the spec's
// style (paths under /api, the envelope, the certificate's own field names). The reviewer's calls hang
// under the certificate's path.
import * as Schema from 'effect/Schema'
import { Author, CountFromString, IdFromString, Seconds, Text } from './common'
import { get, post } from './endpoint'
import { Page } from './page'
import { MAX_IMAGE_BYTES } from '../validation/upload'
import {
  APPLICANT_TYPES,
  APPLICATION_STATUSES,
  CERTIFICATE_LIMITS,
  IDENTITY_CARD_UPLOAD_TIMEOUT_MS,
} from '../certification/certificate-form'

export const ApplicantType = Schema.Literals(APPLICANT_TYPES)
export const ApplicationStatus = Schema.Literals(APPLICATION_STATUSES)

/** An uploaded image's address as the upload answered it (/file/YYYYMM/hex.ext). */
const ImageUrl = Text(200)
/** An uploaded image's id (its storage key); the form's rule checks its shape (core/certification). */
const ImageId = Text(100)

/**
 * The application as sent: the advisor certificate's fields (spec 001 §3) and who applies (person or
 * company, the /audit flow's children; companyName only for a company). Bounded here; the form's
 * rules (core/certification/certificate-form.ts) are checked again by the server with their messages.
 */
export const CertificateBody = Schema.Struct({
  applicantType: ApplicantType,
  realName: Text(CERTIFICATE_LIMITS.realName),
  companyName: Schema.optional(Text(CERTIFICATE_LIMITS.companyName)),
  weixinId: Text(CERTIFICATE_LIMITS.weixinId),
  idCardImage: ImageUrl,
  imageId: ImageId,
  siaqcNumber: Text(CERTIFICATE_LIMITS.siaqcNumber),
  email: Text(CERTIFICATE_LIMITS.email),
  otherPlatformAccountName: Schema.optional(Text(CERTIFICATE_LIMITS.otherPlatformAccountName)),
  personalProfile: Text(CERTIFICATE_LIMITS.personalProfile),
})
export type CertificateBody = typeof CertificateBody.Type

/** An application as answered: what was sent, its status, the reviewer's reason on a failure, and when. */
export const CertificateApplication = Schema.Struct({
  id: Schema.Number,
  applicantType: ApplicantType,
  realName: Schema.String,
  companyName: Schema.String,
  weixinId: Schema.String,
  idCardImage: Schema.String,
  imageId: Schema.String,
  siaqcNumber: Schema.String,
  email: Schema.String,
  otherPlatformAccountName: Schema.String,
  personalProfile: Schema.String,
  status: ApplicationStatus,
  /** the reviewer's reason (failure only) */
  rejectReason: Schema.NullOr(Schema.String),
  /** submitted at (seconds) */
  createTime: Seconds,
  /** decided at (seconds); null while reviewing */
  reviewTime: Schema.NullOr(Seconds),
})
export type CertificateApplication = typeof CertificateApplication.Type

/** A reviewer's list item: the application and who sent it. */
export const ReviewItem = Schema.Struct({ ...CertificateApplication.fields, user: Author })
export type ReviewItem = typeof ReviewItem.Type

/** The identity-card upload's answer: where the image is served and its id (spec 001 §3 idCardImage, imageId). */
export const IdentityCardUpload = Schema.Struct({ idCardImage: Schema.String, imageId: Schema.String })
export type IdentityCardUpload = typeof IdentityCardUpload.Type

/**
 * Where an identity-card image is served: to its uploader and to reviewers only (server/certification),
 * never from the public /file/ address of other uploads.
 */
export const IDENTITY_CARD_IMAGE_PREFIX = '/api/storage/identity-card/'
export const identityCardUrl = (imageId: string): string => `${IDENTITY_CARD_IMAGE_PREFIX}${imageId}`

/** One image of at most 3,000,000 bytes (spec 001 §9) and its multipart framing. */
export const IDENTITY_CARD_BODY_MAX = MAX_IMAGE_BYTES + 16 * 1024

// --- the applicant -----------------------------------------------------------------------------

/** spec 001 §7 GET /api/investment-advisor-qualification-certificate: the reader's latest application (null: none yet). */
export const myCertificate = get('certification.mine', '/api/investment-advisor-qualification-certificate', {
  result: Schema.NullOr(CertificateApplication),
})

/** spec 001 §7 POST /api/investment-advisor-qualification-certificate: apply (again after a failure). */
export const applyCertificate = post('certification.apply', '/api/investment-advisor-qualification-certificate', {
  body: CertificateBody,
  result: CertificateApplication,
})

/**
 * spec 001 §7 POST /api/storage/identity-card/upload (120000 ms timeout): one image (jpg, png, gif of at
 * most 3,000,000 bytes, judged by content) as multipart `file`; the body schema is empty because the
 * body is not JSON. Stored through the storage port like every upload (server/uploads/receive.ts) but
 * recorded as the applicant's identity card, served only to them and to reviewers (identityCardUrl).
 */
export const uploadIdentityCard = post('certification.identityCardUpload', '/api/storage/identity-card/upload', {
  timeoutMs: IDENTITY_CARD_UPLOAD_TIMEOUT_MS,
  body: Schema.Struct({}),
  result: IdentityCardUpload,
  maxBodyBytes: IDENTITY_CARD_BODY_MAX,
})

// --- the reviewer ------------------------------------------------------------------------------

/** The applications a reviewer reads: by status (default reviewing, oldest first), numbered pages. */
export const reviewList = get('certification.reviewList', '/api/investment-advisor-qualification-certificate/review/v1', {
  query: Schema.Struct({
    status: Schema.optional(ApplicationStatus),
    page: Schema.optional(IdFromString),
    count: Schema.optional(CountFromString),
  }),
  result: Page(ReviewItem),
})

/** Approve: the applicant is granted the advisory certification (its createTime is the approval's time). */
export const approveCertificate = post('certification.approve', '/api/investment-advisor-qualification-certificate/{id}/approve/v1', {
  params: Schema.Struct({ id: IdFromString }),
  result: CertificateApplication,
})

/** Reject with a reason the applicant reads; they may apply again. */
export const rejectCertificate = post('certification.reject', '/api/investment-advisor-qualification-certificate/{id}/reject/v1', {
  params: Schema.Struct({ id: IdFromString }),
  body: Schema.Struct({ reason: Text(CERTIFICATE_LIMITS.rejectReason) }),
  result: CertificateApplication,
})
