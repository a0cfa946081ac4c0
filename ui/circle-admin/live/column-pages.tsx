// live/live-column-list with add and edit/{id} (spec 001 §2; issue 29): the live columns the reader owns
// or administers, and the form that creates or edits one. A live column is a circle of type LIVE_COLUMN:
// the console's circle calls save it and core/circle-admin/circles.ts checks the form (the server again);
// a new column waits for review like every new circle. Its cover goes up through the uploads port.
import { useState } from 'react'
import { Link, useLocation } from 'wouter'
import type { AdminCircleDetail, CircleFormBody } from '../../../core/api/circle-admin-circles'
import { normaliseError } from '../../../core/api/api-error'
import { CIRCLE_FORM_LIMITS, parseYuan, PRICE_PERIODS, validateCircleForm, yuanText, type CircleFormErrors } from '../../../core/circle-admin/circles'
import { formatDateTime } from '../../../core/format/date-time'
import { Failed, Loading } from '../../common/status'
import { useInvalidate, useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { pill, primary } from '../../styles/buttons'
import { field, smallButton } from '../../styles/controls'
import { ConsoleFrame } from '../console-frame'
import { useLiveAdminApi } from './api'
import { useCoverUpload } from './parts'
import { ConsoleForm, ImageRow, ListTable, message, Row, SearchBox, TitleCell, useListQuery } from '../parts'
import '../../i18n/texts/circleAdminLive'

export const COLUMNS_PATH = '/circle-admin/live/live-column-list'
const cents = (n: number) => `¥${yuanText(n)}`

export function LiveColumnListPage() {
  const api = useLiveAdminApi()
  const { page, setPage, keyword, search } = useListQuery()
  const list = useRead(api.columns(page, keyword))
  return (
    <ConsoleFrame
      title={t('circleAdminLive.columns.title')}
      actions={
        <Link href={`${COLUMNS_PATH}/add`} className={`${pill} ${primary}`} data-testid="live-column-add">
          {t('circleAdminLive.columns.add')}
        </Link>
      }
    >
      <SearchBox placeholder={t('circleAdminLive.columns.search')} onSearch={search} testId="live-column-search" />
      <ListTable state={list} none={t('circleAdminLive.columns.none')} page={page} count={10} onPage={setPage} testId="live-column-table" head={[t('circleAdminLive.columns.name'), t('circleAdminLive.columns.price'), t('circleAdminLive.columns.members'), t('circleAdminLive.columns.reviewStatus'), t('circleAdminLive.actions')]}>
        {(c) => (
          <tr key={c.id} data-testid="live-column-row" data-id={c.id}>
            <td>
              <TitleCell image={c.avatar} name={c.name} note={`${t(`circleAdminLive.columns.role.${c.role}`)} · ${formatDateTime(c.createTimestamp)}`} />
            </td>
            <td>{c.paid && c.minPrice !== null ? cents(c.minPrice) : t('circleAdminLive.columns.free')}</td>
            <td>{c.memberCount}</td>
            <td>
              {t(`circleAdminLive.columns.review.${c.reviewStatus}`)}
              {c.rejectReason ? <div className="muted">{t('circleAdminLive.columns.rejected', { reason: c.rejectReason })}</div> : null}
            </td>
            <td className="actions">
              <Link href={`${COLUMNS_PATH}/edit/${c.id}`} className={smallButton} data-testid="live-column-edit">
                {t('circleAdminLive.columns.edit')}
              </Link>
              <Link href={`/circle-admin/live/live-list?liveColumnId=${c.id}`} className={smallButton}>
                {t('circleAdminLive.columns.rooms')}
              </Link>
              <Link href={`/chiefCircle/schedule-live/${c.id}`} className={smallButton}>
                {t('circleAdminLive.columns.schedule')}
              </Link>
            </td>
          </tr>
        )}
      </ListTable>
    </ConsoleFrame>
  )
}

interface ColumnDraft {
  name: string
  brief: string
  intro: string
  avatar: string
  paid: boolean
  /** the price typed for each period ('' : not sold for that period) */
  prices: Record<number, string>
}

const EMPTY: ColumnDraft = { name: '', brief: '', intro: '', avatar: '', paid: false, prices: { 12: '' } }

const draftOf = (c: AdminCircleDetail): ColumnDraft => ({
  name: c.name,
  brief: c.brief,
  intro: c.intro,
  avatar: c.avatar,
  paid: c.paid,
  prices: Object.fromEntries(c.specs.map((s) => [s.months, yuanText(s.price)])),
})

/** The body the circle calls take; a price that is not a number stays in as NaN so the rule names it. */
function bodyOf(d: ColumnDraft): CircleFormBody {
  const specs = PRICE_PERIODS.flatMap((months) => {
    const text = (d.prices[months] ?? '').trim()
    return text === '' ? [] : [{ months, price: parseYuan(text) ?? Number.NaN }]
  })
  return { type: 'LIVE_COLUMN', name: d.name.trim(), brief: d.brief.trim(), intro: d.intro.trim(), avatar: d.avatar, paid: d.paid, specs: d.paid ? specs : [] }
}

/** live-column-list/add and edit/{id}. */
export function LiveColumnFormPage({ id }: { id: number | null }) {
  const api = useLiveAdminApi()
  const existing = useRead(id === null ? null : api.column(id))
  const title = id === null ? t('circleAdminLive.columns.add') : t('circleAdminLive.columns.edit')
  return (
    <ConsoleFrame title={title} active="liveColumns">
      {id === null ? <ColumnForm initial={EMPTY} id={null} /> : null}
      {id !== null && existing.status === 'loading' ? <Loading rows={2} /> : null}
      {id !== null && existing.status === 'failed' ? <Failed message={existing.message} onRetry={existing.reload} /> : null}
      {id !== null && existing.status === 'ready' ? <ColumnForm key={id} initial={draftOf(existing.data)} id={id} /> : null}
    </ConsoleFrame>
  )
}

function ColumnForm({ initial, id }: { initial: ColumnDraft; id: number | null }) {
  const api = useLiveAdminApi()
  const invalidate = useInvalidate()
  const [, navigate] = useLocation()
  const [draft, setDraft] = useState(initial)
  const [errors, setErrors] = useState<CircleFormErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const set = (patch: Partial<ColumnDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const cover = useCoverUpload((url) => set({ avatar: url }), (message) => setErrors((x) => ({ ...x, avatar: message })))

  const save = async () => {
    const body = bodyOf(draft)
    const found = validateCircleForm(body)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setSaving(true)
    setFailure(null)
    try {
      const saved = id === null ? await api.createColumn(body) : await api.editColumn(id, body)
      invalidate('circleAdmin.')
      navigate(`${COLUMNS_PATH}?saved=${saved.id}`)
    } catch (e) {
      setFailure(normaliseError(e).message)
      setSaving(false)
    }
  }

  return (
    <ConsoleForm testId="live-column-form" onSubmit={() => void save()}>
      <Row label={t('circleAdminLive.columns.name')} error={errors.name}>
        {(fid) => <input id={fid} type="text" className={field} maxLength={CIRCLE_FORM_LIMITS.name * 2} value={draft.name} onChange={(e) => set({ name: e.target.value })} data-testid="live-column-name" />}
      </Row>
      <Row label={t('circleAdminLive.columns.brief')} error={errors.brief}>
        {(fid) => <input id={fid} type="text" className={field} maxLength={CIRCLE_FORM_LIMITS.brief * 2} value={draft.brief} onChange={(e) => set({ brief: e.target.value })} data-testid="live-column-brief" />}
      </Row>
      <Row label={t('circleAdminLive.columns.intro')} error={errors.intro}>
        {(fid) => <textarea id={fid} maxLength={CIRCLE_FORM_LIMITS.intro * 2} value={draft.intro} onChange={(e) => set({ intro: e.target.value })} data-testid="live-column-intro" />}
      </Row>
      <ImageRow
        label={t('circleAdminLive.columns.cover')}
        image={draft.avatar}
        error={errors.avatar}
        uploading={cover.uploading}
        buttonText={cover.uploading ? t('circleAdminLive.columns.uploading') : t('circleAdminLive.columns.upload')}
        onPick={cover.upload}
        testId="live-column-cover"
      />
      <span className="label">{t('circleAdminLive.columns.price')}</span>
      <div>
        <div style={{ display: 'flex', gap: 8 }} role="radiogroup" aria-label={t('circleAdminLive.columns.price')}>
          {([false, true] as const).map((paid) => (
            <button
              key={String(paid)}
              type="button"
              role="radio"
              aria-checked={draft.paid === paid}
              className={draft.paid === paid ? `${pill} ${primary}` : pill}
              onClick={() => set({ paid })}
              data-testid={paid ? 'live-column-paid' : 'live-column-free'}
            >
              {paid ? t('circleAdminLive.columns.paid') : t('circleAdminLive.columns.free')}
            </button>
          ))}
        </div>
        {draft.paid ? (
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 10, marginTop: 12 }}>
            {PRICE_PERIODS.map((months) => (
              <label key={months} style={{ display: 'grid', gap: 4, fontSize: 12 }}>
                {months === 12 ? t('circleAdminLive.columns.year') : t('circleAdminLive.columns.months', { n: months })}
                <input
                  type="text"
                  inputMode="decimal"
                  className={field}
                  placeholder={t('circleAdminLive.columns.priceYuan')}
                  value={draft.prices[months] ?? ''}
                  onChange={(e) => set({ prices: { ...draft.prices, [months]: e.target.value } })}
                  data-testid={`live-column-price-${months}`}
                />
              </label>
            ))}
          </div>
        ) : null}
        {errors.specs ? <p role="alert">{errors.specs}</p> : null}
      </div>
      <div className="submit">
        <button type="submit" className={`${pill} ${primary}`} disabled={saving || cover.uploading} data-testid="live-column-submit">
          {saving ? t('circleAdminLive.columns.saving') : id === null ? t('circleAdminLive.columns.create') : t('circleAdminLive.columns.save')}
        </button>
        <Link href={COLUMNS_PATH} className={pill}>
          {t('circleAdminLive.cancel')}
        </Link>
        {failure ? (
          <p className={message} role="alert" data-testid="live-column-message">
            {failure}
          </p>
        ) : null}
      </div>
    </ConsoleForm>
  )
}
