// live/live-list with add and edit/{id} (spec 001 §2; issue 29): the rooms of the reader's live columns
// with filters by column, status (spec 001 §3), type and title, in numbered pages; booking a room
// (POST /api/circle-admin/live/book/v1, issue 28's call) and editing one (the start only while booked).
// The form's rules are core/circle-admin/live.ts roomErrors; the server checks them again.
import { useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import type { AdminLiveRoom } from '../../../core/api/circle-admin-live'
import { normaliseError } from '../../../core/api/api-error'
import { roomErrors, startEditable, type RoomField } from '../../../core/circle-admin/live'
import { formatDateTime } from '../../../core/format/date-time'
import { LIVE_BRIEF_MAX, LIVE_STATUS_NAMES, LIVE_TITLE_MAX, VIDEO_SERVICE_TYPES, type VideoServiceType } from '../../../core/live/limits'
import { parseRouteId } from '../../../core/validation/route-id'
import { useServices } from '../../services'
import { Failed, Loading } from '../../common/status'
import { useInvalidate, useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { pill, primary } from '../../styles/buttons'
import { field, smallButton } from '../../styles/controls'
import { ConsoleFrame } from '../console-frame'
import { useLiveAdminApi, type RoomFilters } from './api'
import { ConsoleForm, ImageRow, ListTable, message, Row, SearchBox, SelectFilter, TitleCell, useListFilters } from '../parts'
import { ColumnFilter, fromLocalInput, StatusBadge, toLocalInput, useCoverUpload } from './parts'
import '../../i18n/texts/circleAdminLive'
import '../../i18n/texts/liveRoom'

export const ROOMS_PATH = '/circle-admin/live/live-list'
export const managePath = (id: number, tab?: string) => `${ROOMS_PATH}/manage/${id}${tab ? `/${tab}` : ''}`

const FILTER_STATUSES = LIVE_STATUS_NAMES.filter((s) => s !== 'DELETED')

export function LiveRoomListPage() {
  const api = useLiveAdminApi()
  const search = useSearch()
  const fromQuery = parseRouteId(new URLSearchParams(search).get('liveColumnId') ?? undefined) ?? undefined
  const { page, setPage, filters, filter } = useListFilters<RoomFilters>({ liveColumnId: fromQuery })
  const columns = useRead(api.allColumns())
  const list = useRead(api.rooms(page, filters))
  return (
    <ConsoleFrame
      title={t('circleAdminLive.rooms.title')}
      actions={
        <Link href={`${ROOMS_PATH}/add${filters.liveColumnId ? `?liveColumnId=${filters.liveColumnId}` : ''}`} className={`${pill} ${primary}`} data-testid="live-room-add">
          {t('circleAdminLive.rooms.add')}
        </Link>
      }
    >
      <SearchBox placeholder={t('circleAdminLive.rooms.search')} onSearch={(keyword) => filter({ keyword })} testId="live-room-search">
        <ColumnFilter columns={columns} value={filters.liveColumnId} onChange={(liveColumnId) => filter({ liveColumnId })} testId="live-room-filter-column" />
        <SelectFilter
          label={t('circleAdminLive.rooms.status')}
          all={t('circleAdminLive.rooms.allStatuses')}
          value={filters.status}
          options={FILTER_STATUSES.map((s) => ({ value: s, label: t(`liveRoom.statusNames.${s}`) }))}
          onChange={(status) => filter({ status })}
          testId="live-room-filter-status"
        />
        <SelectFilter
          label={t('circleAdminLive.rooms.type')}
          all={t('circleAdminLive.rooms.allTypes')}
          value={filters.videoServiceType}
          options={VIDEO_SERVICE_TYPES.map((s) => ({ value: s, label: t(`circleAdminLive.rooms.types.${s}`) }))}
          onChange={(videoServiceType) => filter({ videoServiceType })}
          testId="live-room-filter-type"
        />
      </SearchBox>
      <ListTable state={list} none={t('circleAdminLive.rooms.none')} page={page} count={10} onPage={setPage} testId="live-room-table" head={[t('circleAdminLive.rooms.titleField'), t('circleAdminLive.rooms.column'), t('circleAdminLive.rooms.type'), t('circleAdminLive.rooms.status'), t('circleAdminLive.rooms.start'), t('circleAdminLive.actions')]}>
        {(r) => (
          <RoomRow key={r.id} room={r} />
        )}
      </ListTable>
    </ConsoleFrame>
  )
}

function RoomRow({ room: r }: { room: AdminLiveRoom }) {
  return (
    <tr data-testid="live-room-row" data-id={r.id}>
      <td>
        <TitleCell image={r.cover} name={r.title} note={t('circleAdminLive.rooms.counts', { visits: r.visitCount, comments: r.commentCount })} />
      </td>
      <td>{r.liveColumnName}</td>
      <td>{t(`circleAdminLive.rooms.types.${r.videoServiceType}`)}</td>
      <td>
        <StatusBadge status={r.status} />
      </td>
      <td>{formatDateTime(r.startTimestamp)}</td>
      <td className="actions">
        <Link href={managePath(r.id)} className={smallButton} data-testid="live-room-manage">
          {t('circleAdminLive.rooms.manage')}
        </Link>
        <Link href={`${ROOMS_PATH}/edit/${r.id}`} className={smallButton} data-testid="live-room-edit">
          {t('circleAdminLive.rooms.edit')}
        </Link>
        <Link href={`/live/${r.id}`} className={smallButton}>
          {t('circleAdminLive.rooms.view')}
        </Link>
      </td>
    </tr>
  )
}

interface RoomDraft {
  liveColumnId: number | null
  videoServiceType: VideoServiceType
  title: string
  brief: string
  cover: string
  start: string
  keepPlayback: boolean
}

/** live-list/add (book) and edit/{id}. */
export function LiveRoomFormPage({ id }: { id: number | null }) {
  const api = useLiveAdminApi()
  const search = useSearch()
  const room = useRead(id === null ? null : api.room(id))
  const { now: nowMs } = useServices()
  const now = Math.floor(nowMs() / 1000)
  const column = parseRouteId(new URLSearchParams(search).get('liveColumnId') ?? undefined)
  const title = id === null ? t('circleAdminLive.rooms.add') : t('circleAdminLive.rooms.edit')
  return (
    <ConsoleFrame title={title} active="liveList">
      {id === null ? (
        <RoomForm
          id={null}
          status={null}
          // a booking's default: the next whole hour
          initial={{ liveColumnId: column, videoServiceType: 'LIVE', title: '', brief: '', cover: '', start: toLocalInput(Math.ceil((now + 60) / 3600) * 3600), keepPlayback: true }}
        />
      ) : null}
      {id !== null && room.status === 'loading' ? <Loading rows={2} /> : null}
      {id !== null && room.status === 'failed' ? <Failed message={room.message} onRetry={room.reload} /> : null}
      {id !== null && room.status === 'ready' ? (
        <RoomForm
          key={id}
          id={id}
          status={room.data.statusCode}
          initial={{
            liveColumnId: room.data.liveColumnId,
            videoServiceType: room.data.videoServiceType,
            title: room.data.title,
            brief: room.data.brief,
            cover: room.data.cover,
            start: toLocalInput(room.data.startTimestamp),
            keepPlayback: room.data.keepPlayback,
          }}
        />
      ) : null}
    </ConsoleFrame>
  )
}

/** The room form; `status` is the edited room's status code (null when booking). Also the basicInfo tab's form. */
export function RoomForm({ id, status, initial, onSaved }: { id: number | null; status: number | null; initial: RoomDraft; onSaved?: () => void }) {
  const api = useLiveAdminApi()
  const invalidate = useInvalidate()
  const { now: nowMs } = useServices()
  const [, navigate] = useLocation()
  const columns = useRead(id === null ? api.allColumns() : null)
  const [draft, setDraft] = useState<RoomDraft>(initial)
  const [errors, setErrors] = useState<Partial<Record<RoomField | 'liveColumnId' | 'cover', string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const set = (patch: Partial<RoomDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const cover = useCoverUpload((url) => set({ cover: url }), (message) => setErrors((x) => ({ ...x, cover: message })))
  const timeEditable = status === null || startEditable(status)

  const save = async () => {
    const startTimestamp = fromLocalInput(draft.start)
    const found: typeof errors = Object.fromEntries(roomErrors({ title: draft.title, brief: draft.brief, startTimestamp }, Math.floor(nowMs() / 1000), timeEditable).map((e) => [e.field, e.message]))
    if (id === null && draft.liveColumnId === null) found.liveColumnId = t('circleAdminLive.rooms.chooseColumn')
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setSaving(true)
    setFailure(null)
    try {
      const saved =
        id === null
          ? await api.book({ liveColumnId: draft.liveColumnId!, videoServiceType: draft.videoServiceType, title: draft.title.trim(), brief: draft.brief.trim(), cover: draft.cover, startTimestamp: startTimestamp!, keepPlayback: draft.keepPlayback })
          : await api.editRoom(id, { title: draft.title.trim(), brief: draft.brief.trim(), cover: draft.cover, ...(timeEditable ? { startTimestamp: startTimestamp! } : {}) })
      invalidate('circleAdmin.live')
      setSaving(false)
      if (onSaved) onSaved()
      else navigate(managePath(saved.id))
    } catch (e) {
      setFailure(normaliseError(e).message)
      setSaving(false)
    }
  }

  return (
    <ConsoleForm testId="live-room-form" onSubmit={() => void save()}>
      {id === null ? (
        <>
          <Row label={t('circleAdminLive.rooms.column')} error={errors.liveColumnId} hint={columns.status === 'ready' && columns.data.list.length === 0 ? t('circleAdminLive.rooms.needColumn') : undefined}>
            {(fid) => (
              <select id={fid} className={field} value={draft.liveColumnId ?? ''} onChange={(e) => set({ liveColumnId: e.target.value ? Number(e.target.value) : null })} data-testid="live-room-column">
                <option value="">{t('circleAdminLive.rooms.chooseColumn')}</option>
                {columns.status === 'ready'
                  ? columns.data.list.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))
                  : null}
              </select>
            )}
          </Row>
          <Row label={t('circleAdminLive.rooms.type')}>
            {(fid) => (
              <select id={fid} className={field} value={draft.videoServiceType} onChange={(e) => set({ videoServiceType: e.target.value as VideoServiceType })} data-testid="live-room-type">
                {VIDEO_SERVICE_TYPES.map((s) => (
                  <option key={s} value={s}>
                    {t(`circleAdminLive.rooms.types.${s}`)}
                  </option>
                ))}
              </select>
            )}
          </Row>
        </>
      ) : null}
      <Row label={t('circleAdminLive.rooms.titleField')} error={errors.title}>
        {(fid) => <input id={fid} type="text" className={field} maxLength={LIVE_TITLE_MAX * 2} value={draft.title} onChange={(e) => set({ title: e.target.value })} data-testid="live-room-title" />}
      </Row>
      <Row label={t('circleAdminLive.rooms.brief')} error={errors.brief}>
        {(fid) => <textarea id={fid} maxLength={LIVE_BRIEF_MAX * 2} value={draft.brief} onChange={(e) => set({ brief: e.target.value })} data-testid="live-room-brief" />}
      </Row>
      <ImageRow
        label={t('circleAdminLive.rooms.cover')}
        image={draft.cover}
        error={errors.cover}
        uploading={cover.uploading}
        buttonText={cover.uploading ? t('circleAdminLive.columns.uploading') : t('circleAdminLive.columns.upload')}
        onPick={cover.upload}
        testId="live-room-cover"
      />
      <Row label={t('circleAdminLive.rooms.start')} error={errors.startTimestamp} hint={timeEditable ? undefined : t('circleAdminLive.rooms.startLocked')}>
        {(fid) => <input id={fid} type="datetime-local" className={field} value={draft.start} disabled={!timeEditable} onChange={(e) => set({ start: e.target.value })} data-testid="live-room-start" />}
      </Row>
      {id === null ? (
        <>
          <span className="label">{t('circleAdminLive.playback.status')}</span>
          <label style={{ display: 'flex', gap: 6, alignItems: 'center', fontSize: 13 }}>
            <input type="checkbox" checked={draft.keepPlayback} onChange={(e) => set({ keepPlayback: e.target.checked })} data-testid="live-room-keep-playback" />
            {t('circleAdminLive.rooms.keepPlayback')}
          </label>
        </>
      ) : null}
      <div className="submit">
        <button type="submit" className={`${pill} ${primary}`} disabled={saving || cover.uploading} data-testid="live-room-submit">
          {saving ? t('circleAdminLive.rooms.booking') : id === null ? t('circleAdminLive.rooms.book') : t('circleAdminLive.columns.save')}
        </button>
        {onSaved ? null : (
          <Link href={ROOMS_PATH} className={pill}>
            {t('circleAdminLive.cancel')}
          </Link>
        )}
        {failure ? (
          <p className={message} role="alert" data-testid="live-room-message">
            {failure}
          </p>
        ) : null}
      </div>
    </ConsoleForm>
  )
}
