// The column-author application (spec 000 §7 'Author application': apply-status, apply, the reader's
// application, edit; §3 fields), at /my/columnApply in the personal area: the status and reason of an
// application, the form for a new one (personal or enterprise) and for editing one that is not yet
// approved. What the form checks comes from core/posting/column-apply.ts; the server checks it again.
import { useId, useState } from 'react'
import type { ColumnApplication } from '../../core/api/interaction'
import { normaliseError } from '../../core/api/api-error'
import { checkApplyForm, EMPTY_APPLY_FORM, type ApplyForm, type ApplyProblem } from '../../core/posting/column-apply'
import { My } from '../common/my-layout'
import { usePageTitle } from '../common/page-title'
import { useSession } from '../common/session'
import { Loading } from '../common/status'
import { useInvalidate, useRead } from '../common/use-read'
import { t, type TranslationKey } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'
import { tokens } from '../styles/tokens'
import { useUserApi } from './api'
import '../i18n/texts/user'

const FIELD_KEY: Record<ApplyProblem['field'], TranslationKey> = {
  name: 'user.apply.name',
  idCard: 'user.apply.idCard',
  articleLinks: 'user.apply.articleLinks',
  phone: 'user.apply.phone',
  verificationCode: 'user.apply.code',
  email: 'user.apply.email',
  enterpriseName: 'user.apply.enterpriseName',
  businessLicenseNum: 'user.apply.businessLicenseNum',
  businessLicensePicture: 'user.apply.businessLicensePicture',
}

function problemText(p: ApplyProblem): string {
  switch (p.kind) {
    case 'required':
      return t('user.apply.required', { field: t(FIELD_KEY[p.field]) })
    case 'idCard':
      return t('user.apply.badIdCard')
    case 'phone':
      return t('user.apply.badPhone')
    case 'code':
      return t('user.apply.badCode')
    case 'email':
      return t('user.apply.badEmail')
    case 'link':
      return t('user.apply.badLink', { link: p.link })
    case 'tooMany':
      return t('user.apply.articleLinks')
  }
}

/** The form as the reader left it last time, for editing (the ID card comes back masked: typed again). */
const formOf = (a: ColumnApplication): ApplyForm => ({
  ...EMPTY_APPLY_FORM,
  type: a.type,
  name: a.name,
  articleLinks: a.articleLinks.join('\n'),
  countryCode: a.countryCode,
  phone: a.phone,
  email: a.email,
  enterpriseName: a.enterpriseName,
  businessLicenseNum: a.businessLicenseNum,
  businessLicensePicture: a.businessLicensePicture,
  internetServiceLicensePicture: a.internetServiceLicensePicture,
})

function Field({ label, children }: { label: string; children: (id: string) => React.ReactNode }) {
  const id = useId()
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </>
  )
}

function Picture({ label, url, onUrl }: { label: string; url: string; onUrl: (url: string) => void }) {
  const api = useUserApi()
  const [error, setError] = useState<string | null>(null)
  return (
    <Field label={label}>
      {(id) => (
        <div style={{ display: 'flex', gap: 10, alignItems: 'center' }}>
          <input
            id={id}
            type="file"
            accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
            onChange={(e) => {
              const file = e.target.files?.[0]
              if (file) api.uploadPicture(file).then(onUrl, (err: unknown) => setError(normaliseError(err).message))
            }}
          />
          {url ? <img src={url} alt={label} style={{ height: 48, borderRadius: 4 }} /> : null}
          {url ? <span style={{ color: tokens.textMuted, fontSize: 12 }}>{t('user.apply.uploaded')}</span> : null}
          {error ? <span role="alert">{error}</span> : null}
        </div>
      )}
    </Field>
  )
}

function ApplyFormView({ initial, id, onDone }: { initial: ApplyForm; id: number | null; onDone: () => void }) {
  const api = useUserApi()
  const [form, setForm] = useState<ApplyForm>(initial)
  const [message, setMessage] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const set = (patch: Partial<ApplyForm>) => setForm((f) => ({ ...f, ...patch }))
  // every input is type text (the personal area's frame styles those); the e-mail one asks for an e-mail keyboard
  const text = (key: keyof ApplyForm, label: TranslationKey, opts: { max?: number; inputMode?: 'email' | 'numeric' } = {}) => (
    <Field label={t(label)}>{(fid) => <input id={fid} type="text" inputMode={opts.inputMode} maxLength={opts.max} value={form[key]} onChange={(e) => set({ [key]: e.target.value })} />}</Field>
  )
  const submit = async () => {
    const problem = checkApplyForm(form)
    if (problem) return setMessage(problemText(problem))
    setSending(true)
    setMessage(null)
    try {
      await api.apply(form, id)
      onDone()
    } catch (e) {
      setMessage(normaliseError(e).message)
    } finally {
      setSending(false)
    }
  }
  return (
    <form
      data-testid="apply-form"
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <fieldset style={{ border: 0, padding: 0, margin: '8px 0 0' }}>
        <legend style={{ color: tokens.textSecondary, fontSize: 13 }}>{t('user.apply.type')}</legend>
        {(['personal', 'enterprise'] as const).map((k) => (
          <label key={k} style={{ display: 'inline-flex', gap: 4, marginRight: 16 }}>
            <input type="radio" name="apply-type" checked={form.type === k} onChange={() => set({ type: k })} />
            {t(`user.apply.${k}`)}
          </label>
        ))}
      </fieldset>
      {text('name', 'user.apply.name', { max: 40 })}
      {text('idCard', 'user.apply.idCard', { max: 18 })}
      <Field label={t('user.apply.articleLinks')}>{(fid) => <textarea id={fid} value={form.articleLinks} onChange={(e) => set({ articleLinks: e.target.value })} />}</Field>
      {text('countryCode', 'user.apply.countryCode', { max: 4, inputMode: 'numeric' })}
      {text('phone', 'user.apply.phone', { max: 15, inputMode: 'numeric' })}
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end', maxWidth: 540 }}>
        <div style={{ flex: 1 }}>{text('verificationCode', 'user.apply.code', { max: 6, inputMode: 'numeric' })}</div>
        <button
          type="button"
          className={pill}
          onClick={() => api.sendCode(form.countryCode.trim(), form.phone.trim()).then(() => setMessage(t('user.apply.codeSent')), (e: unknown) => setMessage(normaliseError(e).message))}
          data-testid="apply-send-code"
        >
          {t('user.apply.sendCode')}
        </button>
      </div>
      {text('email', 'user.apply.email', { max: 100, inputMode: 'email' })}
      {form.type === 'enterprise' ? (
        <>
          {text('enterpriseName', 'user.apply.enterpriseName', { max: 100 })}
          {text('businessLicenseNum', 'user.apply.businessLicenseNum', { max: 40 })}
          <Picture label={t('user.apply.businessLicensePicture')} url={form.businessLicensePicture} onUrl={(url) => set({ businessLicensePicture: url })} />
          <Picture label={t('user.apply.internetServiceLicensePicture')} url={form.internetServiceLicensePicture} onUrl={(url) => set({ internetServiceLicensePicture: url })} />
        </>
      ) : null}
      {message ? (
        <p className="msg" role="alert" data-testid="apply-message">
          {message}
        </p>
      ) : null}
      <div style={{ marginTop: 18 }}>
        <button type="submit" className={`${pill} ${primary}`} disabled={sending} data-testid="apply-submit">
          {sending ? t('user.apply.submitting') : id === null ? t('user.apply.submit') : t('user.apply.save')}
        </button>
      </div>
    </form>
  )
}

function Application() {
  const api = useUserApi()
  const [editing, setEditing] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const userId = useSession().user?.id ?? null
  const current = useRead(api.application(userId))
  const invalidate = useInvalidate()
  if (current.status === 'loading') return <Loading />
  if (current.status === 'failed') return <p role="alert">{current.message}</p>
  const a = current.data
  const done = () => {
    setEditing(false)
    setSubmitted(true)
    invalidate('columnApply.') // the application as the server now holds it
  }
  return (
    <>
      <h2>{t('user.apply.title')}</h2>
      {a ? (
        <div data-testid="apply-status">
          <p>{t('user.apply.statusLabel', { status: t(`user.apply.status.${a.status}`) })}</p>
          {a.reason ? <p style={{ color: tokens.textSecondary }}>{t('user.apply.reason', { reason: a.reason })}</p> : null}
          {submitted ? <p className="msg">{t('user.apply.submitted')}</p> : null}
          {a.status !== 'approved' && !editing ? (
            <button type="button" className={pill} onClick={() => setEditing(true)} data-testid="apply-edit">
              {t('user.apply.edit')}
            </button>
          ) : null}
        </div>
      ) : null}
      {!a || editing ? <ApplyFormView initial={a ? formOf(a) : EMPTY_APPLY_FORM} id={a ? a.id : null} onDone={done} /> : null}
    </>
  )
}

export function ColumnApplyPage() {
  usePageTitle(t('user.apply.title'))
  return <My>{() => <Application />}</My>
}

