// The creator-certification pages (issue 27; spec 001 §2 /chiefCircle/creator-certification (new, result)
// and the audit flow /audit (company, failure, person, review, submitted, success, index); §3 'Advisor
// certificate'; §6 the circle-admin entry with advisoryCertification). The flow is a core machine
// (core/certification/audit.machine.ts): these views render its state and send its events; the
// applicant's application and the reviewer's queue are reads (useRead / usePages). The reviewer's page
// is /audit/reviewer (ours: the spec names no review screen).
import '../i18n/texts/certification'
import { useEffect, useMemo, useState, type ChangeEvent } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { Link, useLocation } from 'wouter'
import type { ActorRefFrom } from 'xstate'
import type { CertificateApplication, ReviewItem } from '../../core/api/certification'
import type { auditMachine, TextField } from '../../core/certification/audit.machine'
import {
  AUDIT_FAILED,
  CERTIFICATE_MESSAGES,
  checkRejectReason,
  mayReview,
  UPLOAD_FAILED,
  type ApplicantType,
  type ApplicationStatus,
  type CertificateField,
  type CertificateForm,
} from '../../core/certification/certificate-form'
import { formatDateTime } from '../../core/format/date-time'
import { normaliseError } from '../../core/api/api-error'
import { UPLOAD_MESSAGES } from '../../core/validation/upload'
import { inspect } from '../dev/inspector'
import { usePageTitle } from '../common/page-title'
import { useSession } from '../common/session'
import { Empty, Failed, Loading } from '../common/status'
import { NotFoundPage } from '../common/status-pages'
import { useInvalidate, usePages, useRead } from '../common/use-read'
import { t, type TranslationKey } from '../i18n/i18n'
import { useCertificationApi } from './api'
import * as s from './styles'

/** The children of /audit (spec 001 §2). */
export const AUDIT_STEPS = ['company', 'failure', 'person', 'review', 'submitted', 'success'] as const

type AuditActor = ActorRefFrom<typeof auditMachine>

export const CERTIFICATION_HOME = '/chiefCircle/creator-certification'
export const CERTIFICATION_NEW = `${CERTIFICATION_HOME}/new`
export const CERTIFICATION_RESULT = `${CERTIFICATION_HOME}/result`
export const AUDIT_HOME = '/audit'
export const REVIEWER_PAGE = '/audit/reviewer'
/** spec 001 §2: the circle admin (built with the circles) */
const CIRCLE_ADMIN = '/circle-admin'

/** A message core or the server handed over, in the reader's script: core's own texts through their keys. */
function messageText(message: string): string {
  const keyed: Record<string, TranslationKey> = {
    [UPLOAD_MESSAGES.imageType]: 'certification.errors.imageType',
    [UPLOAD_MESSAGES.imageTooLarge]: 'certification.errors.imageTooLarge',
    [UPLOAD_FAILED]: 'certification.errors.uploadFailed',
    [AUDIT_FAILED]: 'certification.errors.network',
    [CERTIFICATE_MESSAGES.rejectReason]: 'certification.errors.rejectReason',
  }
  const key = keyed[message]
  return key ? t(key) : message
}

/** A guest's panel: the page's title and lead, and a button that opens the login dialog. */
function GuestPanel({ title = t('certification.title'), lead = t('certification.intro.lead'), testId = 'certification-guest' }: { title?: string; lead?: string; testId?: string }) {
  const session = useSession()
  return (
    <section className={s.panel} data-testid={testId}>
      <h1>{title}</h1>
      <p className={s.lead}>{lead}</p>
      <div className={s.actions}>
        <button type="button" className={s.mainButton} onClick={() => void session.openLogin()}>
          {t('certification.intro.login')}
        </button>
      </div>
    </section>
  )
}

// --- the result card (the flow's last steps and /result) --------------------------------------

export function ResultCard({ application, onRefresh, reapplyHref }: { application: CertificateApplication | null; onRefresh?: () => void; reapplyHref: string }) {
  if (!application) {
    return (
      <section className={s.resultCard} data-testid="certification-result">
        <p>{t('certification.status.none')}</p>
        <div className={s.actions}>
          <Link href={CERTIFICATION_NEW} className={s.mainButton}>
            {t('certification.intro.apply')}
          </Link>
        </div>
      </section>
    )
  }
  const { status } = application
  const title: Record<ApplicationStatus, TranslationKey> = {
    reviewing: 'certification.status.submittedTitle',
    success: 'certification.status.successTitle',
    failure: 'certification.status.failureTitle',
  }
  return (
    <section className={s.resultCard} data-testid="certification-result" data-status={status} aria-labelledby="cert-result-title">
      <span className="badge" data-status={status}>
        {t(`certification.status.${status}`)}
      </span>
      <h2 id="cert-result-title">{t(title[status])}</h2>
      {status === 'reviewing' ? <p>{t('certification.status.submittedText')}</p> : null}
      {status === 'success' ? <p>{t('certification.status.successText')}</p> : null}
      {status === 'failure' ? (
        <p className="reason" data-testid="certification-reason">
          {t('certification.status.reason', { reason: application.rejectReason ?? '' })}
        </p>
      ) : null}
      <p className="meta">{t('certification.status.submittedAt', { time: formatDateTime(application.createTime) })}</p>
      {application.reviewTime !== null ? <p className="meta">{t('certification.status.reviewedAt', { time: formatDateTime(application.reviewTime) })}</p> : null}
      <div className={s.actions}>
        {status === 'reviewing' && onRefresh ? (
          <button type="button" className={s.secondButton} onClick={onRefresh} data-testid="certification-refresh">
            {t('certification.status.refresh')}
          </button>
        ) : null}
        {status === 'success' ? (
          <Link href={CIRCLE_ADMIN} className={s.mainButton}>
            {t('certification.intro.goAdmin')}
          </Link>
        ) : null}
        {status === 'failure' ? (
          <Link href={reapplyHref} className={s.mainButton} data-testid="certification-reapply">
            {t('certification.intro.reapply')}
          </Link>
        ) : null}
      </div>
    </section>
  )
}

// --- /chiefCircle/creator-certification ---------------------------------------------------------

/** The signed-in reader's own application (no read for a guest), with the session it was read for. */
function useMyCertification() {
  const session = useSession()
  const userId = session.user?.id ?? null
  const api = useCertificationApi()
  const mine = useRead(userId === null ? null : api.mine(userId))
  return { session, userId, mine }
}

export function CreatorCertificationPage() {
  usePageTitle(t('certification.title'))
  const { session, userId, mine } = useMyCertification()
  const reviewer = mayReview((session.info?.roles ?? []).map((r) => r.type))
  if (userId === null) return session.checking ? <Loading /> : <GuestPanel />
  const a = mine.status === 'ready' ? mine.data : null
  return (
    <section className={s.panel} data-testid="certification-home">
      <h1>{t('certification.title')}</h1>
      <p className={s.lead}>{t('certification.intro.lead')}</p>
      <div className={s.needs}>
        <h2>{t('certification.intro.needsTitle')}</h2>
        <ul>
          <li>{t('certification.intro.needs1')}</li>
          <li>{t('certification.intro.needs2')}</li>
          <li>{t('certification.intro.needs3')}</li>
        </ul>
      </div>
      {mine.status === 'loading' ? <Loading rows={1} /> : null}
      {mine.status === 'failed' ? <Failed message={mine.message} onRetry={mine.reload} /> : null}
      {mine.status === 'ready' && a?.status === 'reviewing' ? <p className={s.lead}>{t('certification.intro.reviewing')}</p> : null}
      {mine.status === 'ready' && a?.status === 'success' ? <p className={s.lead}>{t('certification.intro.certified')}</p> : null}
      {mine.status === 'ready' && a?.status === 'failure' ? (
        <p className={s.lead}>{t('certification.intro.rejected', { reason: a.rejectReason ?? '' })}</p>
      ) : null}
      <div className={s.actions}>
        {mine.status === 'ready' && a === null ? (
          <>
            <Link href={CERTIFICATION_NEW} className={s.mainButton} data-testid="certification-apply">
              {t('certification.intro.apply')}
            </Link>
            <Link href={`${AUDIT_HOME}/company`} className={s.secondButton}>
              {t('certification.intro.applyCompany')}
            </Link>
          </>
        ) : null}
        {a?.status === 'reviewing' ? (
          <Link href={CERTIFICATION_RESULT} className={s.mainButton}>
            {t('certification.intro.viewResult')}
          </Link>
        ) : null}
        {a?.status === 'success' ? (
          <Link href={CIRCLE_ADMIN} className={s.mainButton}>
            {t('certification.intro.goAdmin')}
          </Link>
        ) : null}
        {a?.status === 'failure' ? (
          <Link href={`${AUDIT_HOME}/failure`} className={s.mainButton}>
            {t('certification.intro.reapply')}
          </Link>
        ) : null}
        {reviewer ? (
          <Link href={REVIEWER_PAGE} className={s.secondButton} data-testid="certification-reviewer-entry">
            {t('certification.intro.reviewerEntry')}
          </Link>
        ) : null}
      </div>
    </section>
  )
}

// --- /chiefCircle/creator-certification/result ---------------------------------------------------

export function CertificationResultPage() {
  usePageTitle(t('certification.title'))
  const { session, userId, mine } = useMyCertification()
  if (userId === null) return session.checking ? <Loading /> : <GuestPanel />
  return (
    <section className={s.panel}>
      <h1>{t('certification.title')}</h1>
      <StepsBar stage={3} />
      {mine.status === 'loading' ? <Loading rows={2} /> : null}
      {mine.status === 'failed' ? <Failed message={mine.message} onRetry={mine.reload} /> : null}
      {mine.status === 'ready' ? <ResultCard application={mine.data} onRefresh={mine.reload} reapplyHref={`${AUDIT_HOME}/failure`} /> : null}
    </section>
  )
}

// --- the audit flow: /audit/* and /chiefCircle/creator-certification/new -------------------------

type Stage = 0 | 1 | 2 | 3
const STAGES = ['certification.steps.type', 'certification.steps.fill', 'certification.steps.check', 'certification.steps.result'] as const

function StepsBar({ stage }: { stage: Stage }) {
  return (
    <ol className={s.stepsBar} aria-label={t('certification.steps.label')}>
      {STAGES.map((key, i) => (
        <li key={key} aria-current={i === stage ? 'step' : undefined} data-state={i < stage ? 'done' : undefined}>
          {t(key)}
        </li>
      ))}
    </ol>
  )
}

/** The /audit child a state is shown at (spec 001 §2). */
function auditPath(value: unknown): string | null {
  const v = JSON.stringify(value)
  if (v.includes('"person"')) return `${AUDIT_HOME}/person`
  if (v.includes('"company"')) return `${AUDIT_HOME}/company`
  const top = typeof value === 'string' ? value : ''
  const paths: Record<string, string> = {
    index: AUDIT_HOME,
    review: `${AUDIT_HOME}/review`,
    submitting: `${AUDIT_HOME}/review`,
    submitted: `${AUDIT_HOME}/submitted`,
    refreshing: `${AUDIT_HOME}/submitted`,
    success: `${AUDIT_HOME}/success`,
    failure: `${AUDIT_HOME}/failure`,
  }
  return paths[top] ?? null
}

function useStage(actor: AuditActor): Stage {
  return useSelector(actor, (st) => {
    if (st.matches('index') || st.matches('loading') || st.matches('loadFailed') || st.matches('choosing')) return 0
    if (st.matches('filling')) return 1
    if (st.matches('review') || st.matches('submitting')) return 2
    return 3
  })
}

function ChooseKind({ actor }: { actor: AuditActor }) {
  const choose = (kind: ApplicantType) => actor.send({ type: 'kind.choose', kind })
  return (
    <section aria-labelledby="cert-index">
      <h2 id="cert-index">{t('certification.index.title')}</h2>
      <div className={s.kinds}>
        <button type="button" onClick={() => choose('person')} data-testid="audit-person">
          {t('certification.index.person')}
          <span>{t('certification.index.personHint')}</span>
        </button>
        <button type="button" onClick={() => choose('company')} data-testid="audit-company">
          {t('certification.index.company')}
          <span>{t('certification.index.companyHint')}</span>
        </button>
      </div>
    </section>
  )
}

const FIELD_ID: Record<CertificateField, string> = {
  realName: 'cert-real-name',
  companyName: 'cert-company',
  weixinId: 'cert-weixin',
  idCardImage: 'cert-image',
  siaqcNumber: 'cert-siaqc',
  email: 'cert-email',
  otherPlatformAccountName: 'cert-other',
  personalProfile: 'cert-profile',
}

function FieldError({ field, actor }: { field: CertificateField; actor: AuditActor }) {
  const shown = useSelector(actor, (st) => st.context.errors[field] !== undefined)
  return shown ? (
    <p className="error" id={`${FIELD_ID[field]}-error`} role="alert">
      {t(`certification.errors.${field}`)}
    </p>
  ) : null
}

function TextInput({ actor, field, label, placeholder, required = true, multiline = false, type = 'text' }: {
  actor: AuditActor
  field: TextField
  label: TranslationKey
  placeholder: TranslationKey
  required?: boolean
  multiline?: boolean
  type?: 'text' | 'email'
}) {
  const value = useSelector(actor, (st) => st.context.form[field])
  const invalid = useSelector(actor, (st) => st.context.errors[field] !== undefined)
  const id = FIELD_ID[field]
  const change = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => actor.send({ type: 'field.change', field, value: e.target.value })
  const common = {
    id,
    name: field,
    value,
    placeholder: t(placeholder),
    'aria-invalid': invalid,
    'aria-required': required,
    ...(invalid ? { 'aria-describedby': `${id}-error` } : {}),
    onChange: change,
  }
  return (
    <>
      <label htmlFor={id} className={required ? 'req' : undefined}>
        {t(label)}
        {required ? null : <span className="opt">{t('certification.form.optional')}</span>}
      </label>
      <div>
        {multiline ? <textarea {...common} maxLength={500} /> : <input type={type} {...common} />}
        <FieldError field={field} actor={actor} />
      </div>
    </>
  )
}

function ImageField({ actor }: { actor: AuditActor }) {
  const image = useSelector(actor, (st) => st.context.image)
  const url = useSelector(actor, (st) => st.context.form.idCardImage)
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = '' // the same file may be picked again after a failure
    if (file) actor.send({ type: 'image.pick', image: { name: file.name, size: file.size, type: file.type, file } })
  }
  const percent = image.status === 'uploading' && image.total > 0 ? Math.min(100, Math.round((image.loaded / image.total) * 100)) : 0
  return (
    <>
      <span className="label req" id="cert-image-label">
        {t('certification.form.idCardImage')}
      </span>
      <div>
        <div className={s.uploadBox}>
          <label className="pick" data-testid="cert-image-pick">
            {t(image.status === 'done' ? 'certification.form.replaceImage' : 'certification.form.pickImage')}
            <input type="file" accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif" className={s.visuallyHidden} onChange={pick} aria-labelledby="cert-image-label" id={FIELD_ID.idCardImage} />
          </label>
          {image.status === 'uploading' ? (
            <>
              <div className={s.progress} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-labelledby="cert-image-label">
                <span style={{ width: `${percent}%` }} />
              </div>
              <span className="state">{t('certification.form.uploading', { percent })}</span>
            </>
          ) : null}
          {image.status === 'done' ? (
            <span className="state done" data-testid="cert-image-done">
              {t('certification.form.uploaded')}
            </span>
          ) : null}
          {image.status === 'done' && url ? <img src={url} alt={t('certification.form.idCardImage')} width={96} height={60} style={{ objectFit: 'cover', borderRadius: 4 }} /> : null}
        </div>
        {image.status === 'failed' ? (
          <p className="error" role="alert">
            {messageText(image.message)}
          </p>
        ) : (
          <FieldError field="idCardImage" actor={actor} />
        )}
        <p className="hint">{t('certification.form.imageHint')}</p>
      </div>
    </>
  )
}

function FormStep({ actor }: { actor: AuditActor }) {
  const company = useSelector(actor, (st) => st.matches({ filling: 'company' }))
  return (
    <section aria-labelledby="cert-form-title">
      <h2 id="cert-form-title">{t(company ? 'certification.form.companyTitle' : 'certification.form.personTitle')}</h2>
      <form
        className={s.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: 'form.check' })
        }}
      >
        <TextInput actor={actor} field="realName" label="certification.form.realName" placeholder="certification.form.realNamePlaceholder" />
        {company ? <TextInput actor={actor} field="companyName" label="certification.form.companyName" placeholder="certification.form.companyPlaceholder" /> : null}
        <TextInput actor={actor} field="weixinId" label="certification.form.weixinId" placeholder="certification.form.weixinPlaceholder" />
        <ImageField actor={actor} />
        <TextInput actor={actor} field="siaqcNumber" label="certification.form.siaqcNumber" placeholder="certification.form.siaqcPlaceholder" />
        <TextInput actor={actor} field="email" type="email" label="certification.form.email" placeholder="certification.form.emailPlaceholder" />
        <TextInput actor={actor} field="otherPlatformAccountName" required={false} label="certification.form.otherPlatformAccountName" placeholder="certification.form.otherPlaceholder" />
        <TextInput actor={actor} field="personalProfile" multiline label="certification.form.personalProfile" placeholder="certification.form.profilePlaceholder" />
        <div style={{ gridColumn: '1 / -1' }} className={s.actions}>
          <button type="button" className={s.secondButton} onClick={() => actor.send({ type: 'form.back' })}>
            {t('certification.form.back')}
          </button>
          <button type="submit" className={s.mainButton} data-testid="cert-next">
            {t('certification.form.next')}
          </button>
        </div>
      </form>
    </section>
  )
}

function Summary({ form }: { form: CertificateForm }) {
  const row = (label: TranslationKey, value: string) => (
    <>
      <dt>{t(label)}</dt>
      <dd>{value}</dd>
    </>
  )
  return (
    <dl className={s.summary}>
      {row('certification.review.type', t(form.applicantType === 'company' ? 'certification.review.company' : 'certification.review.person'))}
      {row('certification.form.realName', form.realName)}
      {form.applicantType === 'company' ? row('certification.form.companyName', form.companyName) : null}
      {row('certification.form.weixinId', form.weixinId)}
      <dt>{t('certification.form.idCardImage')}</dt>
      <dd>{form.idCardImage ? <img src={form.idCardImage} alt={t('certification.form.idCardImage')} width={240} height={150} /> : null}</dd>
      {row('certification.form.siaqcNumber', form.siaqcNumber.toUpperCase())}
      {row('certification.form.email', form.email)}
      {form.otherPlatformAccountName ? row('certification.form.otherPlatformAccountName', form.otherPlatformAccountName) : null}
      {row('certification.form.personalProfile', form.personalProfile)}
    </dl>
  )
}

function ReviewStep({ actor }: { actor: AuditActor }) {
  const form = useSelector(actor, (st) => st.context.form)
  const error = useSelector(actor, (st) => st.context.error)
  const sending = useSelector(actor, (st) => st.matches('submitting'))
  return (
    <section aria-labelledby="cert-review-title">
      <h2 id="cert-review-title">{t('certification.review.title')}</h2>
      <p>{t('certification.review.hint')}</p>
      {error ? (
        <p className={s.notice} role="alert">
          {messageText(error)}
        </p>
      ) : null}
      <Summary form={form} />
      <div className={s.actions}>
        <button type="button" className={s.secondButton} disabled={sending} onClick={() => actor.send({ type: 'form.edit' })}>
          {t('certification.review.edit')}
        </button>
        <button type="button" className={s.mainButton} disabled={sending} onClick={() => actor.send({ type: 'form.submit' })} data-testid="cert-submit">
          {t(sending ? 'certification.review.submitting' : 'certification.review.submit')}
        </button>
      </div>
    </section>
  )
}

function StatusStep({ actor }: { actor: AuditActor }) {
  const application = useSelector(actor, (st) => st.context.application)
  const error = useSelector(actor, (st) => st.context.error)
  const failure = useSelector(actor, (st) => st.matches('failure'))
  return (
    <>
      {error ? (
        <p className={s.notice} role="alert">
          {messageText(error)}
        </p>
      ) : null}
      <ResultCard application={application} onRefresh={() => actor.send({ type: 'status.refresh' })} reapplyHref={AUDIT_HOME} />
      {failure ? (
        <div className={s.actions}>
          <button type="button" className={s.mainButton} onClick={() => actor.send({ type: 'audit.reapply' })} data-testid="audit-reapply">
            {t('certification.intro.reapply')}
          </button>
        </div>
      ) : null}
    </>
  )
}

function AuditFlow({ start, mode }: { start: 'index' | ApplicantType; mode: 'audit' | 'new' }) {
  const api = useCertificationApi()
  const invalidate = useInvalidate()
  const session = useSession()
  const [location, navigate] = useLocation()
  const machine = useMemo(() => api.audit(), [api])
  const actor = useActorRef(machine, { input: { start }, inspect })
  const stage = useStage(actor)
  const value = useSelector(actor, (st) => st.value)
  const loading = useSelector(actor, (st) => st.matches('loading') || st.matches('choosing'))
  const loadFailed = useSelector(actor, (st) => st.matches('loadFailed'))
  const error = useSelector(actor, (st) => st.context.error)
  const done = stage === 3
  const certified = useSelector(actor, (st) => st.matches('success'))
  // the address follows the step (spec 001 §2: the /audit children); /new hands over to /result once sent
  const target = mode === 'audit' ? auditPath(value) : done ? CERTIFICATION_RESULT : null
  useEffect(() => {
    if (target && target !== location) navigate(target, { replace: true })
  }, [target, location, navigate])
  // once sent or decided, the reads of the application (and the menu's login info) are out of date
  useEffect(() => {
    if (!done) return
    invalidate('certification.')
    if (certified) session.actor.send({ type: 'session.check' })
  }, [done, certified, invalidate, session.actor])
  return (
    <>
      <StepsBar stage={stage} />
      {loading ? <Loading rows={3} /> : null}
      {loadFailed ? <Failed message={error} onRetry={() => actor.send({ type: 'audit.retry' })} /> : null}
      {stage === 0 && !loading && !loadFailed ? <ChooseKind actor={actor} /> : null}
      {stage === 1 ? <FormStep actor={actor} /> : null}
      {stage === 2 ? <ReviewStep actor={actor} /> : null}
      {stage === 3 ? <StatusStep actor={actor} /> : null}
    </>
  )
}

/** /audit, its children, and /chiefCircle/creator-certification/new (the person form). */
export function AuditPage({ step, mode }: { step: string | undefined; mode: 'audit' | 'new' }) {
  usePageTitle(t('certification.title'))
  const session = useSession()
  const userId = session.user?.id ?? null
  if (step !== undefined && !(AUDIT_STEPS as readonly string[]).includes(step)) return <NotFoundPage />
  if (userId === null) return session.checking ? <Loading /> : <GuestPanel />
  const start = mode === 'new' || step === 'person' ? 'person' : step === 'company' ? 'company' : 'index'
  return (
    <section className={s.panel} data-testid="audit-page">
      <h1>{t('certification.title')}</h1>
      {/* a new reader is a new flow */}
      <AuditFlow key={userId} start={start} mode={mode} />
    </section>
  )
}

// --- /audit/reviewer -----------------------------------------------------------------------------

const STATUSES: readonly ApplicationStatus[] = ['reviewing', 'success', 'failure']

function Decide({ item, onDone }: { item: ReviewItem; onDone: () => void }) {
  const api = useCertificationApi()
  const [rejecting, setRejecting] = useState(false)
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const run = (call: () => Promise<unknown>) => {
    setBusy(true)
    setProblem(null)
    call().then(onDone, (e: unknown) => {
      setBusy(false)
      setProblem(normaliseError(e).message)
    })
  }
  const confirmReject = () => {
    const bad = checkRejectReason(reason)
    if (bad) setProblem(bad)
    else run(() => api.reject(item.id, reason.trim()))
  }
  return (
    <div className="decide">
      {rejecting ? (
        <textarea aria-label={t('certification.reviewer.reasonLabel')} placeholder={t('certification.reviewer.reasonPlaceholder')} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} data-testid="review-reason" />
      ) : null}
      {problem ? (
        <p className="error" role="alert">
          {messageText(problem)}
        </p>
      ) : null}
      {rejecting ? (
        <>
          <button type="button" className={s.smallButton} disabled={busy} onClick={() => setRejecting(false)}>
            {t('certification.reviewer.cancel')}
          </button>
          <button type="button" className={s.smallButton} data-kind="approve" disabled={busy} onClick={confirmReject} data-testid="review-confirm-reject">
            {t('certification.reviewer.confirmReject')}
          </button>
        </>
      ) : (
        <>
          <button type="button" className={s.smallButton} disabled={busy} onClick={() => setRejecting(true)} data-testid="review-reject">
            {t('certification.reviewer.reject')}
          </button>
          <button type="button" className={s.smallButton} data-kind="approve" disabled={busy} onClick={() => run(() => api.approve(item.id))} data-testid="review-approve">
            {t('certification.reviewer.approve')}
          </button>
        </>
      )}
    </div>
  )
}

function QueueItem({ item, onDone }: { item: ReviewItem; onDone: () => void }) {
  return (
    <li data-testid="review-item" data-id={item.id}>
      <header>
        <img src={item.user.avatar || '/chat-default-avatar.svg'} alt="" width={36} height={36} />
        <b>{item.user.nick}</b>
        <span className="meta">{t('certification.status.submittedAt', { time: formatDateTime(item.createTime) })}</span>
      </header>
      <Summary form={item} />
      {item.status === 'failure' ? (
        <p className={s.notice}>{t('certification.status.reason', { reason: item.rejectReason ?? '' })}</p>
      ) : null}
      {item.status === 'reviewing' ? <Decide item={item} onDone={onDone} /> : null}
    </li>
  )
}

function Queue({ userId, status }: { userId: number; status: ApplicationStatus }) {
  const api = useCertificationApi()
  const invalidate = useInvalidate()
  const list = usePages(api.queue(userId, status))
  if (list.status === 'loading') return <Loading rows={3} />
  if (list.status === 'failed') return <Failed message={list.message} onRetry={list.reload} />
  if (list.status === 'empty') return <Empty text={t('certification.reviewer.empty')} />
  return (
    <>
      <ul className={s.queue}>
        {list.items.map((item) => (
          <QueueItem key={item.id} item={item} onDone={() => invalidate('certification.')} />
        ))}
      </ul>
      {list.hasMore ? (
        <div className={s.actions}>
          <button type="button" className={s.secondButton} onClick={list.more} disabled={list.status === 'more'}>
            {t('certification.reviewer.more')}
          </button>
        </div>
      ) : null}
    </>
  )
}

export function ReviewerPage() {
  usePageTitle(t('certification.reviewer.title'))
  const session = useSession()
  const [status, setStatus] = useState<ApplicationStatus>('reviewing')
  const userId = session.user?.id ?? null
  if (userId === null) return session.checking ? <Loading /> : <GuestPanel title={t('certification.reviewer.title')} lead={t('certification.reviewer.login')} testId="reviewer-guest" />
  if (!mayReview((session.info?.roles ?? []).map((r) => r.type))) {
    return (
      <section className={s.panel} data-testid="reviewer-refused">
        <h1>{t('certification.reviewer.title')}</h1>
        <p className={s.lead}>{t('certification.reviewer.notReviewer')}</p>
      </section>
    )
  }
  return (
    <section className={`${s.panel} ${s.wide}`} data-testid="reviewer-page">
      <h1>{t('certification.reviewer.title')}</h1>
      <div role="tablist" aria-label={t('certification.reviewer.tabs')} className={s.tabs}>
        {STATUSES.map((st) => (
          <button key={st} type="button" role="tab" aria-selected={st === status} onClick={() => setStatus(st)} data-testid={`review-tab-${st}`}>
            {t(`certification.status.${st}`)}
          </button>
        ))}
      </div>
      <Queue userId={userId} status={status} />
    </section>
  )
}
