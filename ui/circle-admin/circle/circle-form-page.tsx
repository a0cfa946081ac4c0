// circle/circle-list/circle-create and circle-edit/{circleId?} (spec 001 §2; issue 29): the form of a
// circle — type, name, brief, intro, cover (uploaded through the uploads port), free or paid with a price
// per period. It renders the form machine (core/circle-admin/circle-form.machine.ts) and sends it what
// the adviser does; the rules and messages are core's. A new circle is submitted for review.
import { useEffect } from 'react'
import { Link, useLocation } from 'wouter'
import { useActorRef, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { CIRCLE_FORM_LIMITS, CIRCLE_TYPES, PRICE_PERIODS } from '../../../core/circle-admin/circles'
import type { circleFormMachine, TextField } from '../../../core/circle-admin/circle-form.machine'
import { Failed, Loading } from '../../common/status'
import { inspect } from '../../dev/inspector'
import { useInvalidate } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { pill, primary } from '../../styles/buttons'
import { choiceGroup, field, fileButton, smallButton } from '../../styles/controls'
import { ConsoleFrame } from '../console-frame'
import { formGrid, message, okMessage, Row } from '../parts'
import { CIRCLE_ADMIN_READS, useCircleAdminApi } from './api'
import { CIRCLE_LIST_PATH } from './circle-list-page'
import { ReviewBadge } from './parts'
import '../../i18n/texts/circleAdminCircles'

type FormActor = ActorRefFrom<typeof circleFormMachine>

export function CircleFormPage({ id }: { id: number | null }) {
  const api = useCircleAdminApi()
  const actor = useActorRef(api.form(), { input: { circleId: id }, inspect })
  const loading = useSelector(actor, (s) => s.matches('loading'))
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'))
  const error = useSelector(actor, (s) => s.context.error)
  const title = id === null ? t('circleAdminCircles.form.createTitle') : t('circleAdminCircles.form.editTitle')
  return (
    <ConsoleFrame title={title} active="circleList">
      {loading ? <Loading rows={3} /> : null}
      {loadFailed ? <Failed message={error} onRetry={() => actor.send({ type: 'load.retry' })} /> : null}
      {!loading && !loadFailed ? <CircleForm actor={actor} isCreate={id === null} /> : null}
    </ConsoleFrame>
  )
}

function TextRow({ actor, name, multiline }: { actor: FormActor; name: TextField; multiline?: boolean }) {
  const value = useSelector(actor, (s) => s.context.draft[name])
  const error = useSelector(actor, (s) => s.context.errors[name])
  const max = CIRCLE_FORM_LIMITS[name]
  const change = (v: string) => actor.send({ type: 'field.change', field: name, value: v })
  return (
    <Row label={t(`circleAdminCircles.form.${name}`)} error={error}>
      {(fid) =>
        multiline ? (
          <textarea id={fid} maxLength={max * 2} value={value} onChange={(e) => change(e.target.value)} data-testid={`circle-form-${name}`} aria-invalid={error ? true : undefined} />
        ) : (
          <input
            id={fid}
            type="text"
            className={field}
            maxLength={max * 2}
            placeholder={t('circleAdminCircles.form.namePlaceholder', { max })}
            value={value}
            onChange={(e) => change(e.target.value)}
            data-testid={`circle-form-${name}`}
            aria-invalid={error ? true : undefined}
          />
        )
      }
    </Row>
  )
}

function CircleForm({ actor, isCreate }: { actor: FormActor; isCreate: boolean }) {
  const [, navigate] = useLocation()
  const invalidate = useInvalidate()
  const draft = useSelector(actor, (s) => s.context.draft)
  const errors = useSelector(actor, (s) => s.context.errors)
  const typeLocked = useSelector(actor, (s) => s.context.typeLocked)
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
    if (isCreate) navigate(CIRCLE_LIST_PATH)
  }, [saved, invalidate, isCreate, navigate])

  return (
    <form
      className={formGrid}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: 'form.submit' })
      }}
      data-testid="circle-form"
    >
      <span className="label">{t('circleAdminCircles.form.type')}</span>
      <div>
        <fieldset className={choiceGroup} style={{ margin: 0 }} disabled={typeLocked} data-testid="circle-form-type">
          {CIRCLE_TYPES.map((ty) => (
            <label key={ty}>
              <input type="radio" name="circle-form-type" checked={draft.type === ty} onChange={() => actor.send({ type: 'type.choose', circleType: ty })} />
              {t(`circleAdminCircles.types.${ty}`)}
            </label>
          ))}
        </fieldset>
        {typeLocked ? <p className="hint">{t('circleAdminCircles.form.typeLocked')}</p> : null}
        {errors.type ? <p role="alert">{errors.type}</p> : null}
      </div>
      <TextRow actor={actor} name="name" />
      <TextRow actor={actor} name="brief" />
      <TextRow actor={actor} name="intro" multiline />
      <Row label={t('circleAdminCircles.form.avatar')} error={errors.avatar} hint={t('circleAdminCircles.form.avatarHint')}>
        {(fid) => (
          <div className="cover">
            {draft.avatar ? <img src={draft.avatar} alt={t('circleAdminCircles.form.avatar')} data-testid="circle-form-cover-preview" /> : null}
            <label className={fileButton} htmlFor={fid} data-disabled={uploading}>
              {uploading ? t('circleAdminCircles.form.uploading') : draft.avatar ? t('circleAdminCircles.form.uploadAgain') : t('circleAdminCircles.form.upload')}
              <input
                id={fid}
                type="file"
                accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
                disabled={uploading}
                data-testid="circle-form-cover"
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
      <span className="label">{t('circleAdminCircles.form.charge')}</span>
      <div>
        <fieldset className={choiceGroup} style={{ margin: 0 }} disabled={paidLocked} data-testid="circle-form-charge">
          {([false, true] as const).map((paid) => (
            <label key={String(paid)}>
              <input type="radio" name="circle-form-paid" checked={draft.paid === paid} onChange={() => actor.send({ type: 'paid.set', paid })} data-testid={paid ? 'circle-form-paid' : 'circle-form-free'} />
              {paid ? t('circleAdminCircles.form.paid') : t('circleAdminCircles.form.free')}
            </label>
          ))}
        </fieldset>
        {paidLocked ? <p className="hint">{t('circleAdminCircles.form.paidLocked')}</p> : null}
        {draft.paid ? (
          <div style={{ display: 'grid', gap: 8, marginTop: 12 }} data-testid="circle-form-prices">
            {draft.prices.map((p, i) => (
              <div key={i} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <select
                  className={field}
                  value={p.months}
                  disabled={p.sold}
                  aria-label={t('circleAdminCircles.form.prices')}
                  onChange={(e) => actor.send({ type: 'price.change', index: i, months: Number(e.target.value) })}
                  data-testid={`circle-form-period-${i}`}
                >
                  {PRICE_PERIODS.map((m) => (
                    <option key={m} value={m} disabled={m !== p.months && draft.prices.some((q) => q.months === m)}>
                      {m === 12 ? t('circleAdminCircles.form.year') : t('circleAdminCircles.form.period', { months: m })}
                    </option>
                  ))}
                </select>
                <input
                  type="text"
                  inputMode="decimal"
                  className={field}
                  style={{ width: 120 }}
                  value={p.yuan}
                  aria-label={t('circleAdminCircles.form.yuan')}
                  onChange={(e) => actor.send({ type: 'price.change', index: i, yuan: e.target.value })}
                  data-testid={`circle-form-price-${i}`}
                />
                <span>{t('circleAdminCircles.form.yuan')}</span>
                {p.sold ? (
                  <span className="hint" style={{ margin: 0 }}>
                    {t('circleAdminCircles.form.sold')}
                  </span>
                ) : (
                  <button type="button" className={smallButton} data-tone="danger" onClick={() => actor.send({ type: 'price.remove', index: i })}>
                    {t('circleAdminCircles.form.removePrice')}
                  </button>
                )}
              </div>
            ))}
            {draft.prices.length < PRICE_PERIODS.length ? (
              <div>
                <button type="button" className={smallButton} onClick={() => actor.send({ type: 'price.add' })} data-testid="circle-form-price-add">
                  {t('circleAdminCircles.form.addPrice')}
                </button>
              </div>
            ) : null}
          </div>
        ) : null}
        {errors.specs ? <p role="alert">{errors.specs}</p> : null}
      </div>
      <div className="submit">
        <button type="submit" className={`${pill} ${primary}`} disabled={submitting || uploading} data-testid="circle-form-submit">
          {submitting ? t('circleAdminCircles.form.saving') : creating ? t('circleAdminCircles.form.submitCreate') : t('circleAdminCircles.form.submitEdit')}
        </button>
        <Link href={CIRCLE_LIST_PATH} className={pill}>
          {t('circleAdminCircles.form.cancel')}
        </Link>
        {failure ? (
          <p className={message} role="alert" data-testid="circle-form-message">
            {failure}
          </p>
        ) : null}
        {saved ? (
          <p className={okMessage} role="status" data-testid="circle-form-saved">
            {t('circleAdminCircles.form.saved')} <ReviewBadge status={saved.reviewStatus} />
          </p>
        ) : null}
      </div>
      {creating ? <p className="hint" style={{ gridColumn: 2, margin: 0 }}>{t('circleAdminCircles.form.reviewNote')}</p> : null}
    </form>
  )
}
