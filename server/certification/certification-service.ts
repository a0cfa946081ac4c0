// Creator certification (issue 27; spec 001 §2 /chiefCircle/creator-certification and /audit, §3 'Advisor
// certificate', §6 advisoryCertification): applying, reading one's own application, and a reviewer's
// decision. Approval grants the advisory certification (users.advisory_cert_time, its createTime in
// seconds) in the same transaction as the decision; the decision is taken only while the application is
// under review, so two approvals at once grant it once. The rules are core's (core/certification/).
import { identityCardUrl, type CertificateApplication, type CertificateBody, type ReviewItem } from '../../core/api/certification'
import { numberedPage, type NumberedPage } from '../../core/api/page'
import {
  CERTIFICATE_MESSAGES,
  checkRejectReason,
  firstInvalidCertificateField,
  mayReview,
  validateCertificateForm,
  type ApplicationStatus,
  type CertificateForm,
} from '../../core/certification/certificate-form'
import { advisoryCertOf, grantAdvisoryCertification, userRoles } from '../accounts/users-repository'
import type { Db } from '../db/db'
import { ApiError } from '../http/api-error'
import { applicationById, applicationsByStatus, decideApplication, insertApplication, latestApplicationOf, type ApplicationRow } from './applications-repository'
import { imageOwner } from './images-repository'

export interface CertificationDeps {
  db: Db
  /** ms since the epoch */
  clock: () => number
}

const seconds = (ms: number) => Math.floor(ms / 1000)

export function toApplication(r: ApplicationRow): CertificateApplication {
  return {
    id: Number(r.id),
    applicantType: r.applicant_type,
    realName: r.real_name,
    companyName: r.company_name,
    weixinId: r.weixin_id,
    idCardImage: r.id_card_image,
    imageId: r.image_id,
    siaqcNumber: r.siaqc_number,
    email: r.email,
    otherPlatformAccountName: r.other_platform_account_name,
    personalProfile: r.personal_profile,
    status: r.status,
    rejectReason: r.reject_reason,
    createTime: Number(r.create_time),
    reviewTime: r.review_time === null ? null : Number(r.review_time),
  }
}

/** The reader's latest application; null when they never applied. */
export async function myApplication({ db }: CertificationDeps, userId: number): Promise<CertificateApplication | null> {
  const row = await latestApplicationOf(db, userId)
  return row ? toApplication(row) : null
}

/** The form as core's rules read it. */
const formOf = (b: CertificateBody): CertificateForm => ({
  applicantType: b.applicantType,
  realName: b.realName,
  companyName: b.companyName ?? '',
  weixinId: b.weixinId,
  idCardImage: b.idCardImage,
  imageId: b.imageId,
  siaqcNumber: b.siaqcNumber,
  email: b.email,
  otherPlatformAccountName: b.otherPlatformAccountName ?? '',
  personalProfile: b.personalProfile,
})

/** PostgreSQL's unique_violation: a second application under review raced the first (certification_one_reviewing). */
const isUniqueViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505'

export async function apply({ db, clock }: CertificationDeps, userId: number, body: CertificateBody): Promise<CertificateApplication> {
  const form = formOf(body)
  const errors = validateCertificateForm(form)
  const first = firstInvalidCertificateField(errors)
  if (first) throw new ApiError(400, errors[first]!)
  // the image is one this applicant uploaded, named by its own address (never an address of the client's choosing)
  if ((await imageOwner(db, form.imageId)) !== userId || form.idCardImage !== identityCardUrl(form.imageId)) throw new ApiError(400, CERTIFICATE_MESSAGES.imageNotFound)
  if ((await advisoryCertOf(db, userId))?.advisory_cert_time != null) throw new ApiError(409, CERTIFICATE_MESSAGES.alreadyCertified)
  if ((await latestApplicationOf(db, userId))?.status === 'reviewing') throw new ApiError(409, CERTIFICATE_MESSAGES.alreadyReviewing)
  try {
    const row = await insertApplication(db, {
      user_id: userId,
      applicant_type: form.applicantType,
      real_name: form.realName.trim(),
      company_name: form.applicantType === 'company' ? form.companyName.trim() : '',
      weixin_id: form.weixinId.trim(),
      id_card_image: form.idCardImage,
      image_id: form.imageId,
      siaqc_number: form.siaqcNumber.trim().toUpperCase(),
      email: form.email.trim(),
      other_platform_account_name: form.otherPlatformAccountName.trim(),
      personal_profile: form.personalProfile.trim(),
      reject_reason: null,
      reviewer_id: null,
      create_time: seconds(clock()),
      review_time: null,
    })
    return toApplication(row)
  } catch (e) {
    if (isUniqueViolation(e)) throw new ApiError(409, CERTIFICATE_MESSAGES.alreadyReviewing)
    throw e
  }
}

/** Whether the reader may see an identity-card image: its uploader, or a reviewer. */
export async function maySeeImage({ db }: CertificationDeps, userId: number, imageId: string): Promise<boolean> {
  const owner = await imageOwner(db, imageId)
  if (owner === undefined) return false
  return owner === userId || mayReview(await userRoles(db, userId))
}

/** 403 unless the reader holds the reviewer role. */
export async function requireReviewer({ db }: CertificationDeps, userId: number): Promise<void> {
  if (!mayReview(await userRoles(db, userId))) throw new ApiError(403, CERTIFICATE_MESSAGES.notReviewer)
}

export async function reviewQueue(deps: CertificationDeps, status: ApplicationStatus, at: { page: number; count: number }): Promise<NumberedPage<ReviewItem>> {
  const { rows, total } = await applicationsByStatus(deps.db, status, at)
  return numberedPage(
    rows.map((r) => ({ ...toApplication(r), user: { id: Number(r.user_id), nick: r.nick, avatar: r.avatar } })),
    { ...at, total },
  )
}

/**
 * A reviewer's decision. Approval grants the advisory certification with the approval's time as its
 * createTime (once: an account that holds it keeps its first time). Taken only while the application is
 * under review: a second decision, at once or later, answers 409 and changes nothing.
 */
export async function decide(
  { db, clock }: CertificationDeps,
  reviewerId: number,
  id: number,
  decision: { kind: 'approve' } | { kind: 'reject'; reason: string },
): Promise<CertificateApplication> {
  let reason: string | null = null
  if (decision.kind === 'reject') {
    const problem = checkRejectReason(decision.reason)
    if (problem) throw new ApiError(400, problem)
    reason = decision.reason.trim()
  }
  const existing = await applicationById(db, id)
  if (!existing) throw new ApiError(404, CERTIFICATE_MESSAGES.applicationNotFound)
  if (Number(existing.user_id) === reviewerId) throw new ApiError(403, CERTIFICATE_MESSAGES.ownApplication)
  const now = seconds(clock())
  const decided = await db.kysely.transaction().execute(async (trx) => {
    const row = await decideApplication(trx, id, { status: decision.kind === 'approve' ? 'success' : 'failure', rejectReason: reason, reviewerId, reviewTime: now })
    if (row && decision.kind === 'approve') await grantAdvisoryCertification(trx, Number(row.user_id), now)
    return row
  })
  if (!decided) throw new ApiError(409, CERTIFICATE_MESSAGES.alreadyDecided)
  return toApplication(decided)
}
