// circle/circle-list/circle-create and circle-edit/{circleId?} (spec 001 §2; issue 29): the form of a
// circle — type, name, brief, intro, cover (uploaded through the uploads port), free or paid with a price
// per period. It renders the form machine (core/circle-admin/circle-form.machine.ts) and sends it what
// the adviser does; the rules and messages are core's, in the words of the circle's type. A new circle is
// submitted for review. The course form (course/list/add and edit) is this form for a circle of type
// COURSE (course/course-form-page.tsx): one form, its kind naming the texts, test ids, menu link and list.
import { useEffect } from 'react'
import { Link, useLocation } from 'wouter'
import { useActorRef, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { CIRCLE_FORM_LIMITS, CIRCLE_TYPES, PRICE_PERIODS } from '../../../core/circle-admin/circles'
import type { circleFormMachine, TextField } from '../../../core/circle-admin/circle-form.machine'
import { Failed, Loading } from '../../common/status'
import { NotFoundPage } from '../../common/status-pages'
import { inspect } from '../../dev/inspector'
import { useInvalidate } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import type { circleAdminCircles } from '../../i18n/zh-cn-circle-admin-circles'
import type { circleAdminCourse } from '../../i18n/zh-cn-circle-admin-course'
import { pill, primary } from '../../styles/buttons'
import { choiceGroup, field, smallButton } from '../../styles/controls'
import { ConsoleFrame, type ConsoleFrameProps } from '../console-frame'
import { ConsoleForm, ImageRow, message, okMessage, Row } from '../parts'
import { CIRCLE_ADMIN_READS, useCircleAdminApi } from './api'
import { CIRCLE_LIST_PATH } from './circle-list-page'
import { ReviewBadge } from './parts'
import '../../i18n/texts/circleAdminCircles'

type FormActor = ActorRefFrom<typeof circleFormMachine>
/** a text both forms have (circleAdminCircles.form.*, circleAdminCourse.form.*) */
type FormText = keyof typeof circleAdminCircles.form & keyof typeof circleAdminCourse.form

/** Which form: its texts, test ids, menu link and list; a course's type is fixed (COURSE). */
export interface FormKind {
  readonly texts: 'circleAdminCircles.form' | 'circleAdminCourse.form'
  readonly testId: 'circle-form' | 'course-form'
  readonly active: NonNullable<ConsoleFrameProps['active']>
  readonly listPath: string
  readonly fixedType?: 'COURSE'
}

const CIRCLE_FORM: FormKind = { texts: 'circleAdminCircles.form', testId: 'circle-form', active: 'circleList', listPath: CIRCLE_LIST_PATH }

export function CircleFormPage({ id, kind = CIRCLE_FORM }: { id: number | null; kind?: FormKind }) {
  const api = useCircleAdminApi()
  const actor = useActorRef(api.form(), { input: { circleId: id }, inspect })
  const loading = useSelector(actor, (s) => s.matches('loading'))
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'))
  const error = useSelector(actor, (s) => s.context.error)
  const type = useSelector(actor, (s) => s.context.draft.type)
  const fixed = kind.fixedType
  // a new course is a circle of type COURSE from the start
  useEffect(() => {
    if (fixed && id === null && !loading && type === '') actor.send({ type: 'type.choose', circleType: fixed })
  }, [actor, fixed, id, loading, type])
  // a course's edit address with the id of a circle of another type
  if (fixed && id !== null && !loading && !loadFailed && type !== fixed) return <NotFoundPage />
  return (
    <ConsoleFrame title={t(`${kind.texts}.${id === null ? 'createTitle' : 'editTitle'}`)} active={kind.active}>
      {loading ? <Loading rows={3} /> : null}
      {loadFailed ? <Failed message={error} onRetry={() => actor.send({ type: 'load.retry' })} /> : null}
      {!loading && !loadFailed ? <CircleForm actor={actor} kind={kind} isCreate={id === null} /> : null}
    </ConsoleFrame>
  )
}

function TextRow({ actor, kind, name, multiline }: { actor: FormActor; kind: FormKind; name: TextField; multiline?: boolean }) {
  const value = useSelector(actor, (s) => s.context.draft[name])
  const error = useSelector(actor, (s) => s.context.errors[name])
  const max = CIRCLE_FORM_LIMITS[name]
  const change = (v: string) => actor.send({ type: 'field.change', field: name, value: v })
  return (
    <Row label={t(`${kind.texts}.${name}`)} error={error}>
      {(fid) =>
        multiline ? (
          <textarea id={fid} maxLength={max * 2} value={value} onChange={(e) => change(e.target.value)} data-testid={`${kind.testId}-${name}`} aria-invalid={error ? true : undefined} />
        ) : (
          <input
            id={fid}
            type="text"
            className={field}
            maxLength={max * 2}
            placeholder={t(`${kind.texts}.namePlaceholder`, { max })}
            value={value}
            onChange={(e) => change(e.target.value)}
            data-testid={`${kind.testId}-${name}`}
            aria-invalid={error ? true : undefined}
          />
        )
      }
    </Row>
  )
}

/** A circle's type, chosen once (a course's is fixed and not shown). */
function TypeRow({ actor }: { actor: FormActor }) {
  const chosen = useSelector(actor, (s) => s.context.draft.type)
  const error = useSelector(actor, (s) => s.context.errors.type)
  const typeLocked = useSelector(actor, (s) => s.context.typeLocked)
  return (
    <>
      <span className="label">{t('circleAdminCircles.form.type')}</span>
      <div>
        <fieldset className={choiceGroup} style={{ margin: 0 }} disabled={typeLocked} data-testid="circle-form-type">
          {CIRCLE_TYPES.map((ty) => (
            <label key={ty}>
              <input type="radio" name="circle-form-type" checked={chosen === ty} onChange={() => actor.send({ type: 'type.choose', circleType: ty })} />
              {t(`circleAdminCircles.types.${ty}`)}
            </label>
          ))}
        </fieldset>
        {typeLocked ? <p className="hint">{t('circleAdminCircles.form.typeLocked')}</p> : null}
        {error ? <p role="alert">{error}</p> : null}
      </div>
    </>
  )
}

function CircleForm({ actor, kind, isCreate }: { actor: FormActor; kind: FormKind; isCreate: boolean }) {
  const text = (key: FormText, options?: Record<string, unknown>) => t(`${kind.texts}.${key}`, options)
  const id = kind.testId
  const listPath = kind.listPath
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
  // a saved circle changes the console's lists; a new one is shown there, under review
  useEffect(() => {
    if (!saved) return
    invalidate(CIRCLE_ADMIN_READS)
    if (isCreate) navigate(listPath)
  }, [saved, invalidate, isCreate, navigate, listPath])

  return (
    <ConsoleForm testId={id} onSubmit={() => actor.send({ type: 'form.submit' })}>
      {kind.fixedType ? null : <TypeRow actor={actor} />}
      <TextRow actor={actor} kind={kind} name="name" />
      <TextRow actor={actor} kind={kind} name="brief" />
      <TextRow actor={actor} kind={kind} name="intro" multiline />
      <ImageRow
        label={text('avatar')}
        image={draft.avatar}
        error={errors.avatar}
        hint={text('avatarHint')}
        uploading={uploading}
        buttonText={uploading ? text('uploading') : draft.avatar ? text('uploadAgain') : text('upload')}
        onPick={(file) => actor.send({ type: 'cover.pick', cover: { name: file.name, size: file.size, type: file.type, file } })}
        testId={`${id}-cover`}
      />
      <span className="label">{text('charge')}</span>
      <div>
        <fieldset className={choiceGroup} style={{ margin: 0 }} disabled={paidLocked} data-testid={`${id}-charge`}>
          {([false, true] as const).map((paid) => (
            <label key={String(paid)}>
              <input type="radio" name={`${id}-paid`} checked={draft.paid === paid} onChange={() => actor.send({ type: 'paid.set', paid })} data-testid={paid ? `${id}-paid` : `${id}-free`} />
              {paid ? text('paid') : text('free')}
            </label>
          ))}
        </fieldset>
        {paidLocked ? <p className="hint">{text('paidLocked')}</p> : null}
        {draft.paid ? (
          <ul style={{ display: 'grid', gap: 8, margin: '12px 0 0', padding: 0, listStyle: 'none' }} data-testid={`${id}-prices`}>
            {draft.prices.map((p, i) => (
              <li key={i} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <select
                  className={field}
                  value={p.months}
                  disabled={p.sold}
                  aria-label={text('prices')}
                  onChange={(e) => actor.send({ type: 'price.change', index: i, months: Number(e.target.value) })}
                  data-testid={`${id}-period-${i}`}
                >
                  {PRICE_PERIODS.map((m) => (
                    <option key={m} value={m} disabled={m !== p.months && draft.prices.some((q) => q.months === m)}>
                      {m === 12 ? text('year') : text('period', { months: m })}
                    </option>
                  ))}
                </select>
                <input
                  type="text"
                  inputMode="decimal"
                  className={field}
                  style={{ width: 120 }}
                  value={p.yuan}
                  aria-label={text('yuan')}
                  onChange={(e) => actor.send({ type: 'price.change', index: i, yuan: e.target.value })}
                  data-testid={`${id}-price-${i}`}
                />
                <span>{text('yuan')}</span>
                {p.sold ? (
                  <span className="hint" style={{ margin: 0 }}>
                    {text('sold')}
                  </span>
                ) : (
                  <button type="button" className={smallButton} data-tone="danger" onClick={() => actor.send({ type: 'price.remove', index: i })}>
                    {text('removePrice')}
                  </button>
                )}
              </li>
            ))}
            {draft.prices.length < PRICE_PERIODS.length ? (
              <li>
                <button type="button" className={smallButton} onClick={() => actor.send({ type: 'price.add' })} data-testid={`${id}-price-add`}>
                  {text('addPrice')}
                </button>
              </li>
            ) : null}
          </ul>
        ) : null}
        {errors.specs ? <p role="alert">{errors.specs}</p> : null}
      </div>
      <div className="submit">
        <button type="submit" className={`${pill} ${primary}`} disabled={submitting || uploading} data-testid={`${id}-submit`}>
          {submitting ? text('saving') : creating ? text('submitCreate') : text('submitEdit')}
        </button>
        <Link href={listPath} className={pill}>
          {text('cancel')}
        </Link>
        {failure ? (
          <p className={message} role="alert" data-testid={`${id}-message`}>
            {failure}
          </p>
        ) : null}
        {saved ? (
          <p className={okMessage} role="status" data-testid={`${id}-saved`}>
            {text('saved')} <ReviewBadge status={saved.reviewStatus} />
          </p>
        ) : null}
      </div>
      {creating ? <p className="hint" style={{ gridColumn: 2, margin: 0 }}>{text('reviewNote')}</p> : null}
    </ConsoleForm>
  )
}
