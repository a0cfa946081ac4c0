// course/list/add and course/list/edit/{id?} (spec 001 §2; issue 29): a course's form — name, brief,
// intro, cover (uploaded through the uploads port), free or a price per period. A course is a circle of
// type COURSE: this renders the console's circle form machine (core/circle-admin/circle-form.machine.ts,
// its rules and messages in core/circle-admin/circles.ts) with the type fixed, and sends it what the
// adviser does. A new course is submitted for review, like every new circle.
import { useEffect } from 'react'
import { Link, useLocation } from 'wouter'
import { useActorRef, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { CIRCLE_FORM_LIMITS, PRICE_PERIODS } from '../../../core/circle-admin/circles'
import type { circleFormMachine, TextField } from '../../../core/circle-admin/circle-form.machine'
import { Failed, Loading } from '../../common/status'
import { inspect } from '../../dev/inspector'
import { NotFoundPage } from '../../common/status-pages'
import { useInvalidate } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { pill, primary } from '../../styles/buttons'
import { choiceGroup, field, fileButton, smallButton } from '../../styles/controls'
import { ConsoleFrame } from '../console-frame'
import { formGrid, message, okMessage, Row } from '../parts'
import { ReviewBadge } from '../circle/parts'
import { COURSE_ADMIN_READS, useCourseAdminApi } from './api'
import { COURSE_LIST_PATH } from './paths'
import '../../i18n/texts/circleAdminCourse'

type FormActor = ActorRefFrom<typeof circleFormMachine>

export function CourseFormPage({ id }: { id: number | null }) {
  const api = useCourseAdminApi()
  const actor = useActorRef(api.courseForm(), { input: { circleId: id }, inspect })
  const loading = useSelector(actor, (s) => s.matches('loading'))
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'))
  const error = useSelector(actor, (s) => s.context.error)
  const type = useSelector(actor, (s) => s.context.draft.type)
  // a new course is a circle of type COURSE from the start
  useEffect(() => {
    if (id === null && !loading && type === '') actor.send({ type: 'type.choose', circleType: 'COURSE' })
  }, [actor, id, loading, type])
  if (id !== null && !loading && !loadFailed && type !== 'COURSE') return <NotFoundPage />
  const title = id === null ? t('circleAdminCourse.form.createTitle') : t('circleAdminCourse.form.editTitle')
  return (
    <ConsoleFrame title={title} active="courseList">
      {loading ? <Loading rows={3} /> : null}
      {loadFailed ? <Failed message={error} onRetry={() => actor.send({ type: 'load.retry' })} /> : null}
      {!loading && !loadFailed ? <CourseForm actor={actor} isCreate={id === null} /> : null}
    </ConsoleFrame>
  )
}

function TextRow({ actor, name, multiline }: { actor: FormActor; name: TextField; multiline?: boolean }) {
  const value = useSelector(actor, (s) => s.context.draft[name])
  const error = useSelector(actor, (s) => s.context.errors[name])
  const max = CIRCLE_FORM_LIMITS[name]
  const change = (v: string) => actor.send({ type: 'field.change', field: name, value: v })
  const common = { id: '', value, maxLength: max * 2, 'data-testid': `course-form-${name}`, 'aria-invalid': error ? true : undefined } as const
  return (
    <Row label={t(`circleAdminCourse.form.${name}`)} error={error}>
      {(fid) =>
        multiline ? (
          <textarea {...common} id={fid} onChange={(e) => change(e.target.value)} />
        ) : (
          <input {...common} id={fid} type="text" className={field} placeholder={t('circleAdminCourse.form.namePlaceholder', { max })} onChange={(e) => change(e.target.value)} />
        )
      }
    </Row>
  )
}

function CourseForm({ actor, isCreate }: { actor: FormActor; isCreate: boolean }) {
  const [, navigate] = useLocation()
  const invalidate = useInvalidate()
  const draft = useSelector(actor, (s) => s.context.draft)
  const errors = useSelector(actor, (s) => s.context.errors)
  const paidLocked = useSelector(actor, (s) => s.context.paidLocked)
  const uploading = useSelector(actor, (s) => s.matches('uploadingCover'))
  const submitting = useSelector(actor, (s) => s.matches('submitting'))
  const saved = useSelector(actor, (s) => s.context.saved)
  const failure = useSelector(actor, (s) => (s.matches('editing') ? s.context.error : null))
  const creating = useSelector(actor, (s) => s.context.circleId === null)
  // a saved course changes the console's lists; a new one is shown there, under review
  useEffect(() => {
    if (!saved) return
    invalidate(COURSE_ADMIN_READS)
    if (isCreate) navigate(COURSE_LIST_PATH)
  }, [saved, invalidate, isCreate, navigate])

  return (
    <form
      className={formGrid}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: 'form.submit' })
      }}
      data-testid="course-form"
    >
      <TextRow actor={actor} name="name" />
      <TextRow actor={actor} name="brief" />
      <TextRow actor={actor} name="intro" multiline />
      <Row label={t('circleAdminCourse.form.cover')} error={errors.avatar} hint={t('circleAdminCourse.form.coverHint')}>
        {(fid) => (
          <div className="cover">
            {draft.avatar ? <img src={draft.avatar} alt={t('circleAdminCourse.form.cover')} data-testid="course-form-cover-preview" /> : null}
            <label className={fileButton} htmlFor={fid} data-disabled={uploading}>
              {uploading ? t('circleAdminCourse.form.uploading') : draft.avatar ? t('circleAdminCourse.form.uploadAgain') : t('circleAdminCourse.form.upload')}
              <input
                id={fid}
                type="file"
                accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
                disabled={uploading}
                data-testid="course-form-cover"
                onChange={(e) => {
                  const file = e.target.files?.[0]
                  if (file) actor.send({ type: 'cover.pick', cover: { name: file.name, size: file.size, type: file.type, file } })
                  e.target.value = ''
                }}
              />
            </label>
          </div>
        )}
      </Row>
      <span className="label">{t('circleAdminCourse.form.charge')}</span>
      <div>
        <fieldset className={choiceGroup} style={{ margin: 0 }} disabled={paidLocked} data-testid="course-form-charge">
          {([false, true] as const).map((paid) => (
            <label key={String(paid)}>
              <input type="radio" name="course-form-paid" checked={draft.paid === paid} onChange={() => actor.send({ type: 'paid.set', paid })} data-testid={paid ? 'course-form-paid' : 'course-form-free'} />
              {paid ? t('circleAdminCourse.form.paid') : t('circleAdminCourse.form.free')}
            </label>
          ))}
        </fieldset>
        {paidLocked ? <p className="hint">{t('circleAdminCourse.form.paidLocked')}</p> : null}
        {draft.paid ? (
          <ul style={{ display: 'grid', gap: 8, margin: '12px 0 0', padding: 0, listStyle: 'none' }} data-testid="course-form-prices">
            {draft.prices.map((p, i) => (
              <li key={i} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <select
                  className={field}
                  value={p.months}
                  disabled={p.sold}
                  aria-label={t('circleAdminCourse.form.charge')}
                  onChange={(e) => actor.send({ type: 'price.change', index: i, months: Number(e.target.value) })}
                  data-testid={`course-form-period-${i}`}
                >
                  {PRICE_PERIODS.map((m) => (
                    <option key={m} value={m} disabled={m !== p.months && draft.prices.some((q) => q.months === m)}>
                      {m === 12 ? t('circleAdminCourse.form.year') : t('circleAdminCourse.form.period', { months: m })}
                    </option>
                  ))}
                </select>
                <input
                  type="text"
                  inputMode="decimal"
                  className={field}
                  style={{ width: 120 }}
                  value={p.yuan}
                  aria-label={t('circleAdminCourse.form.yuan')}
                  onChange={(e) => actor.send({ type: 'price.change', index: i, yuan: e.target.value })}
                  data-testid={`course-form-price-${i}`}
                />
                <span>{t('circleAdminCourse.form.yuan')}</span>
                {p.sold ? (
                  <span className="hint" style={{ margin: 0 }}>
                    {t('circleAdminCourse.form.sold')}
                  </span>
                ) : (
                  <button type="button" className={smallButton} data-tone="danger" onClick={() => actor.send({ type: 'price.remove', index: i })}>
                    {t('circleAdminCourse.form.removePrice')}
                  </button>
                )}
              </li>
            ))}
            {draft.prices.length < PRICE_PERIODS.length ? (
              <li>
                <button type="button" className={smallButton} onClick={() => actor.send({ type: 'price.add' })} data-testid="course-form-price-add">
                  {t('circleAdminCourse.form.addPrice')}
                </button>
              </li>
            ) : null}
          </ul>
        ) : null}
        {errors.specs ? <p role="alert">{errors.specs}</p> : null}
      </div>
      <div className="submit">
        <button type="submit" className={`${pill} ${primary}`} disabled={submitting || uploading} data-testid="course-form-submit">
          {submitting ? t('circleAdminCourse.form.saving') : creating ? t('circleAdminCourse.form.submitCreate') : t('circleAdminCourse.form.submitEdit')}
        </button>
        <Link href={COURSE_LIST_PATH} className={pill}>
          {t('circleAdminCourse.form.cancel')}
        </Link>
        {failure ? (
          <p className={message} role="alert" data-testid="course-form-message">
            {failure}
          </p>
        ) : null}
        {saved ? (
          <p className={okMessage} role="status" data-testid="course-form-saved">
            {t('circleAdminCourse.form.saved')} <ReviewBadge status={saved.reviewStatus} />
          </p>
        ) : null}
      </div>
      {creating ? <p className="hint" style={{ gridColumn: 2, margin: 0 }}>{t('circleAdminCourse.form.reviewNote')}</p> : null}
    </form>
  )
}
