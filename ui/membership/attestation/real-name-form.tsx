// Step 1, the real-name form (spec 001 §3 'Real-name form', §5 'Real-name form', §7 payload). The
// rules are core's (core/validation/real-name-form.ts); the view keeps what is typed, shows each
// field's message, scrolls to the first failing one in the spec's order, and sends `realName.submit`.
import { useRef, useState, type FormEvent } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { RealNameBody } from '../../../core/api/attestation'
import type { attestationMachine } from '../../../core/attestation/attestation.machine'
import { canSubmitRealName, firstInvalidField, validateRealNameForm, type IdentityType, type RealNameErrors, type RealNameField } from '../../../core/validation/real-name-form'
import { Modal } from '../../common/modal'
import { t, type TranslationKey } from '../../i18n/i18n'
import { AreaPicker } from './area-picker'
import { CAREERS, EDUCATIONS, IDENTITY_TYPES, SINCERITY_RECORDS } from './options'
import { actions, dialogPanel, form as formClass, mainButton } from './styles'
import '../../i18n/texts/attestation'

type AttestationActor = ActorRefFrom<typeof attestationMachine>

interface Fields {
  realName: string
  identityType: IdentityType
  otherIdentityType: string
  idNumber: string
  highestEducation: string
  career: string
  location: string[]
  locationComplete: boolean
  address: string
  telephone: string
  postcode: string
  sincerityRecord: string
  company: string
  position: string
  email: string
  agree: boolean
}

const EMPTY: Fields = {
  realName: '',
  identityType: 'IDENTITY_CARD',
  otherIdentityType: '',
  idNumber: '',
  highestEducation: '',
  career: '',
  location: [],
  locationComplete: false,
  address: '',
  telephone: '',
  postcode: '',
  sincerityRecord: '',
  company: '',
  position: '',
  email: '',
  agree: false,
}

/** The element ids of the fields the spec scrolls to (§5: realName, code, education, career, location, address). */
const FIELD_ID: Record<RealNameField, string> = {
  realName: 'rn-name',
  code: 'rn-id',
  education: 'rn-education',
  career: 'rn-career',
  location: 'rn-location',
  address: 'rn-address',
}

/** The id number without spaces; the payload's idNumber is its last 4 characters (spec 001 §7). */
const idOf = (s: string) => s.replace(/\s+/g, '').toUpperCase()
const optional = (s: string) => (s.trim() === '' ? undefined : s.trim())

export function toRealNameBody(f: Fields, phone: { phone: string; countryCode: string }): RealNameBody {
  const full = idOf(f.idNumber)
  const body: RealNameBody = {
    realName: f.realName.trim(),
    identityType: f.identityType,
    ...(f.identityType === 'OTHER' ? { otherIdentityType: f.otherIdentityType.trim() } : {}),
    idNumber: full.slice(-4),
    phone: phone.phone,
    countryCode: phone.countryCode.replace(/^\+/, ''),
    highestEducation: f.highestEducation,
    career: f.career,
    location: f.location.join('/'),
    address: f.address.trim(),
    fullIdNumber: full,
  }
  const extra = { telephone: optional(f.telephone), postcode: optional(f.postcode), sincerityRecord: optional(f.sincerityRecord), company: optional(f.company), position: optional(f.position), email: optional(f.email) }
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) (body as Record<string, unknown>)[k] = v
  return body
}

function Err({ id, errors, field }: { id: string; errors: RealNameErrors; field: RealNameField }) {
  const message = errors[field]
  return message ? <p className="error" id={`${id}-error`} role="alert">{message}</p> : null
}

export function RealNameForm({ actor, phone, countryCode }: { actor: AttestationActor; phone: string; countryCode: string }) {
  const submitting = useSelector(actor, (s) => s.matches({ realName: 'submitting' }))
  const dialog = useSelector(actor, (s) => s.context.dialog)
  const [f, setF] = useState<Fields>(EMPTY)
  const [errors, setErrors] = useState<RealNameErrors>({})
  const root = useRef<HTMLFormElement>(null)
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setF((old) => ({ ...old, [key]: value }))

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found = validateRealNameForm({
      realName: f.realName,
      identityType: f.identityType,
      otherIdentityType: f.otherIdentityType,
      idNumber: idOf(f.idNumber),
      highestEducation: f.highestEducation,
      career: f.career,
      // a choice that stops above the district is no location yet
      location: f.locationComplete ? f.location : [],
      address: f.address,
      agree: f.agree,
    })
    setErrors(found)
    const first = firstInvalidField(found)
    if (first) {
      // spec 001 §5: scroll to the first failing field
      const el = root.current?.querySelector<HTMLElement>(`#${FIELD_ID[first]}`)
      const target = el?.matches('input,select') ? el : (el?.querySelector<HTMLElement>('input,select') ?? el)
      el?.scrollIntoView?.({ block: 'center' })
      target?.focus()
      return
    }
    actor.send({ type: 'realName.submit', form: toRealNameBody(f, { phone, countryCode }), agree: f.agree })
  }

  const invalid = (field: RealNameField) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${FIELD_ID[field]}-error` } : {})
  const label = (key: TranslationKey) => t(key)

  return (
    <>
      <form ref={root} className={formClass} onSubmit={submit} noValidate aria-label={t('attestation.form.title')}>
        <label htmlFor="rn-name" className="req">{label('attestation.form.realName')}</label>
        <div>
          <input id="rn-name" type="text" maxLength={50} autoComplete="name" placeholder={t('attestation.form.realNamePlaceholder')} value={f.realName} onChange={(e) => set('realName', e.target.value)} {...invalid('realName')} />
          <Err id="rn-name" errors={errors} field="realName" />
        </div>

        <label htmlFor="rn-type" className="req">{label('attestation.form.identityType')}</label>
        <div>
          <select id="rn-type" value={f.identityType} onChange={(e) => set('identityType', e.target.value as IdentityType)}>
            {IDENTITY_TYPES.map((x) => (
              <option key={x} value={x}>{t(`attestation.form.identityTypes.${x}`)}</option>
            ))}
          </select>
          {f.identityType === 'OTHER' ? (
            <input
              type="text"
              aria-label={t('attestation.form.otherIdentityType')}
              style={{ marginTop: 8 }}
              maxLength={40}
              placeholder={t('attestation.form.otherIdentityTypePlaceholder')}
              value={f.otherIdentityType}
              onChange={(e) => set('otherIdentityType', e.target.value)}
            />
          ) : null}
        </div>

        <label htmlFor="rn-id" className="req">{label('attestation.form.idNumber')}</label>
        <div>
          <input id="rn-id" type="text" maxLength={30} autoComplete="off" placeholder={t('attestation.form.idNumberPlaceholder')} value={f.idNumber} onChange={(e) => set('idNumber', e.target.value)} {...invalid('code')} />
          <Err id="rn-id" errors={errors} field="code" />
        </div>

        <label htmlFor="rn-phone">{label('attestation.form.phone')}</label>
        <div>
          {/* spec 001 §5: shown masked (first 3 and last 4) and read-only */}
          <input id="rn-phone" type="text" readOnly value={phone} />
        </div>

        <label htmlFor="rn-education" className="req">{label('attestation.form.education')}</label>
        <div>
          <select id="rn-education" value={f.highestEducation} onChange={(e) => set('highestEducation', e.target.value)} {...invalid('education')}>
            <option value="">{t('attestation.form.choose')}</option>
            {EDUCATIONS.map((x) => (
              <option key={x} value={x}>{t(`attestation.form.educations.${x}`)}</option>
            ))}
          </select>
          <Err id="rn-education" errors={errors} field="education" />
        </div>

        <label htmlFor="rn-career" className="req">{label('attestation.form.career')}</label>
        <div>
          <select id="rn-career" value={f.career} onChange={(e) => set('career', e.target.value)} {...invalid('career')}>
            <option value="">{t('attestation.form.choose')}</option>
            {CAREERS.map((x) => (
              <option key={x} value={x}>{t(`attestation.form.careers.${x}`)}</option>
            ))}
          </select>
          <Err id="rn-career" errors={errors} field="career" />
        </div>

        <span className="label req" id="rn-location-label">{label('attestation.form.location')}</span>
        <div>
          <AreaPicker
            id="rn-location"
            value={f.location}
            invalid={!!errors.location}
            {...(errors.location ? { describedBy: 'rn-location-error' } : {})}
            onChange={(path, complete) => setF((old) => ({ ...old, location: path, locationComplete: complete }))}
          />
          <Err id="rn-location" errors={errors} field="location" />
        </div>

        <label htmlFor="rn-address" className="req">{label('attestation.form.address')}</label>
        <div>
          <input id="rn-address" type="text" maxLength={200} autoComplete="street-address" placeholder={t('attestation.form.addressPlaceholder')} value={f.address} onChange={(e) => set('address', e.target.value)} {...invalid('address')} />
          <Err id="rn-address" errors={errors} field="address" />
        </div>

        {/* spec 001 §5: non-required fields are collapsible */}
        <details>
          <summary>{t('attestation.form.more')}</summary>
          <div className="more">
            <label htmlFor="rn-telephone">{label('attestation.form.telephone')}</label>
            <input id="rn-telephone" type="tel" maxLength={30} value={f.telephone} onChange={(e) => set('telephone', e.target.value)} />
            <label htmlFor="rn-postcode">{label('attestation.form.postcode')}</label>
            <input id="rn-postcode" type="text" maxLength={10} value={f.postcode} onChange={(e) => set('postcode', e.target.value)} />
            <label htmlFor="rn-sincerity">{label('attestation.form.sincerityRecord')}</label>
            <select id="rn-sincerity" value={f.sincerityRecord} onChange={(e) => set('sincerityRecord', e.target.value)}>
              <option value="">{t('attestation.form.choose')}</option>
              {SINCERITY_RECORDS.map((x) => (
                <option key={x} value={x}>{t(`attestation.form.sincerity.${x}`)}</option>
              ))}
            </select>
            <label htmlFor="rn-company">{label('attestation.form.company')}</label>
            <input id="rn-company" type="text" maxLength={100} value={f.company} onChange={(e) => set('company', e.target.value)} />
            <label htmlFor="rn-position">{label('attestation.form.position')}</label>
            <input id="rn-position" type="text" maxLength={50} value={f.position} onChange={(e) => set('position', e.target.value)} />
            <label htmlFor="rn-email">{label('attestation.form.email')}</label>
            <input id="rn-email" type="email" maxLength={100} value={f.email} onChange={(e) => set('email', e.target.value)} />
          </div>
        </details>

        <label className="consent">
          <input type="checkbox" checked={f.agree} onChange={(e) => set('agree', e.target.checked)} />
          <span>{t('attestation.form.agree')}</span>
        </label>
        <div className={actions} style={{ gridColumn: '1 / -1' }}>
          {/* spec 001 §5: submit disabled until consent is ticked */}
          <button type="submit" className={mainButton} disabled={!canSubmitRealName(f) || submitting}>
            {submitting ? t('attestation.form.submitting') : t('attestation.form.submit')}
          </button>
        </div>
      </form>
      {dialog ? (
        // spec 001 §8: real-name not passed — a dialog titled 温馨提示 with the server's message
        <Modal labelledBy="rn-dialog-title" className={dialogPanel} onEscape={() => actor.send({ type: 'dialog.dismiss' })}>
          <h2 id="rn-dialog-title">{dialog.title}</h2>
          <p>{dialog.message}</p>
          <div>
            <button type="button" className={mainButton} data-autofocus onClick={() => actor.send({ type: 'dialog.dismiss' })}>
              {t('attestation.dialogOk')}
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  )
}
