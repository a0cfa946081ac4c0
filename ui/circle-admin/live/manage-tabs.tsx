// The manage page's tabs but dataAnalysis (ui/circle-admin/live/data-tab.tsx): basicInfo (the room's
// facts and its form), commentManage (the room's comments: delete one, mute a commenter), playbackSet
// (keep a playback or not until the end; the playback's status), startSet (the start mode; the streaming
// port's push address with its expiry for OBS_PUSH, the pull address for FORWARD_PULL, copy buttons; pause,
// resume and end as the room's status allows) and userManage (honoured guests; kicked-out viewers).
import { useState } from 'react'
import { css } from '@linaria/core'
import type { AdminLiveRoom } from '../../../core/api/circle-admin-live'
import { MUTE_HOURS, playbackEditable, playbackLength } from '../../../core/circle-admin/live'
import { formatDateTime } from '../../../core/format/date-time'
import { HONOURED_GUESTS_MAX, LIVE_MESSAGES, START_MODES, type StartMode } from '../../../core/live/limits'
import { Failed, Loading } from '../../common/status'
import { useRead } from '../../common/use-read'
import { t } from '../../i18n/i18n'
import { pill, primary } from '../../styles/buttons'
import { field, smallButton } from '../../styles/controls'
import { tokens } from '../../styles/tokens'
import { LIVE_ADMIN_READS, useLiveAdminApi } from './api'
import { ConfirmButton, ListTable, message, okMessage, Pager, SearchBox, StatBoxes, table, useConsoleWrite, useListQuery, WriteFailure } from '../parts'
import { CopyField, toLocalInput } from './parts'
import { RoomForm } from './room-pages'
import '../../i18n/texts/circleAdminLive'
import '../../i18n/texts/liveRoom'
import { outlineLook } from '../../styles/looks'

const section = css`
  margin-bottom: 24px;
  h2 {
    margin: 0 0 12px;
    font-size: 15px;
  }
  .hint {
    color: ${tokens.textMuted};
    font-size: 12px;
  }
`

// --- basicInfo ----------------------------------------------------------------------------------------

export function BasicInfoTab({ room }: { room: AdminLiveRoom }) {
  const api = useLiveAdminApi()
  const w = useConsoleWrite(LIVE_ADMIN_READS)
  const [saved, setSaved] = useState(false)
  return (
    <>
      <StatBoxes
        stats={[
          [t('circleAdminLive.manage.reservations'), room.reservationCount],
          [t('circleAdminLive.manage.visits'), room.visitCount],
          [t('circleAdminLive.manage.online'), room.onlineCount],
          [t('circleAdminLive.manage.comments'), room.commentCount],
        ]}
        testId="live-basic-stats"
      />
      <p className="hint" style={{ color: tokens.textMuted, fontSize: 13 }}>
        {t('circleAdminLive.manage.startTime')} {formatDateTime(room.startTimestamp)}
        {room.liveStartTimestamp !== null ? ` · ${t('circleAdminLive.manage.liveStart')} ${formatDateTime(room.liveStartTimestamp)}` : ''}
        {room.endTimestamp !== null ? ` · ${t('circleAdminLive.manage.endTime')} ${formatDateTime(room.endTimestamp)}` : ''}
        {room.inviteCode ? ` · ${t('circleAdminLive.rooms.inviteCode')} ${room.inviteCode}` : ''}
      </p>
      <RoomForm
        key={`${room.id}-${room.statusCode}`}
        id={room.id}
        status={room.statusCode}
        initial={{ liveColumnId: room.liveColumnId, videoServiceType: room.videoServiceType, title: room.title, brief: room.brief, cover: room.cover, start: toLocalInput(room.startTimestamp), keepPlayback: room.keepPlayback }}
        onSaved={() => setSaved(true)}
      />
      {saved ? <p className={okMessage}>{t('circleAdminLive.columns.saved')}</p> : null}
      {room.controls.delete ? (
        <div style={{ marginTop: 24 }}>
          <ConfirmButton label={t('circleAdminLive.manage.delete')} question={t('circleAdminLive.manage.confirmDelete')} tone="danger" testId="live-delete" onConfirm={() => void w.run(() => api.remove(room.id))} />
          <WriteFailure text={w.failure} testId="live-delete-message" />
        </div>
      ) : null}
    </>
  )
}

// --- commentManage ------------------------------------------------------------------------------------

export function CommentManageTab({ room }: { room: AdminLiveRoom }) {
  const api = useLiveAdminApi()
  const { page, setPage, keyword, search } = useListQuery()
  const [hours, setHours] = useState<(typeof MUTE_HOURS)[number]>(-1)
  const list = useRead(api.comments(room.id, page, keyword))
  const w = useConsoleWrite(LIVE_ADMIN_READS)
  return (
    <>
      <SearchBox
        placeholder={t('circleAdminLive.comments.search')}
        onSearch={search}
        testId="live-comment-search"
        actions={
          <label style={{ fontSize: 13, color: tokens.textSecondary }}>
            {t('circleAdminLive.comments.muteFor')}{' '}
            <select className={field} value={hours} onChange={(e) => setHours(Number(e.target.value) as (typeof MUTE_HOURS)[number])} data-testid="live-mute-hours">
              {MUTE_HOURS.map((h) => (
                <option key={h} value={h}>
                  {t(`circleAdminLive.comments.hours.${h}`)}
                </option>
              ))}
            </select>
          </label>
        }
      />
      <WriteFailure text={w.failure} testId="live-comment-message" />
      <ListTable state={list} none={t('circleAdminLive.comments.none')} page={page} count={10} onPage={setPage} testId="live-comment-table">
        {(c) => (
          <tr key={c.commentId} data-testid="live-comment-row" data-muted={c.muted}>
            <td style={{ width: 160 }}>
              <strong>{c.user.nick}</strong>
              {c.tag ? <span className="muted"> · {t(`circleAdminLive.comments.tag.${c.tag}`)}</span> : null}
              {c.muted ? <div className="muted">{t('circleAdminLive.comments.muted')}</div> : null}
            </td>
            <td>{c.content}</td>
            <td className="muted" style={{ width: 130 }}>
              {formatDateTime(c.createTimestamp)}
            </td>
            <td className="actions">
              {c.tag === null ? (
                <button type="button" className={smallButton} disabled={w.busy} onClick={() => void w.run(() => api.mute(room.id, c.user.id, !c.muted, c.muted ? undefined : hours))} data-testid={c.muted ? 'live-comment-unmute' : 'live-comment-mute'}>
                  {c.muted ? t('circleAdminLive.comments.unmute') : t('circleAdminLive.comments.mute')}
                </button>
              ) : null}
              <ConfirmButton label={t('circleAdminLive.comments.delete')} question={t('circleAdminLive.comments.confirmDelete')} tone="danger" testId="live-comment-delete" onConfirm={() => void w.run(() => api.deleteComment(room.id, c.commentId))} />
            </td>
          </tr>
        )}
      </ListTable>
    </>
  )
}

// --- playbackSet --------------------------------------------------------------------------------------

export function PlaybackSetTab({ room }: { room: AdminLiveRoom }) {
  const api = useLiveAdminApi()
  const w = useConsoleWrite(LIVE_ADMIN_READS)
  const editable = playbackEditable(room.statusCode)
  return (
    <div className={section}>
      <fieldset style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 10 }} disabled={!editable || w.busy}>
        {([true, false] as const).map((keep) => (
          <label key={String(keep)} style={{ display: 'flex', gap: 8, alignItems: 'flex-start', fontSize: 14 }}>
            <input type="radio" name="keep-playback" checked={room.keepPlayback === keep} onChange={() => void w.run(() => api.setPlayback(room.id, keep))} data-testid={keep ? 'live-playback-keep' : 'live-playback-drop'} />
            <span>
              {keep ? t('circleAdminLive.playback.keep') : t('circleAdminLive.playback.drop')}
              <br />
              <small style={{ color: tokens.textMuted }}>{keep ? t('circleAdminLive.playback.keepHint') : t('circleAdminLive.playback.dropHint')}</small>
            </span>
          </label>
        ))}
      </fieldset>
      {editable ? null : <p className="hint">{t('circleAdminLive.playback.locked')}</p>}
      <WriteFailure text={w.failure} testId="live-playback-message" />
      <h2 style={{ marginTop: 20 }}>{t('circleAdminLive.playback.status')}</h2>
      <p data-testid="live-playback-status">
        <span>{t(`liveRoom.statusNames.${room.status}`)}</span>
        {room.playback ? (
          <>
            {room.playback.durationSeconds !== null ? ` · ${t('circleAdminLive.playback.duration', { duration: playbackLength(room.playback.durationSeconds) })}` : ''}{' '}
            <a href={`/live/${room.id}`} target="_blank" rel="noreferrer">
              {t('circleAdminLive.playback.open')}
            </a>
          </>
        ) : null}
      </p>
    </div>
  )
}

// --- startSet -----------------------------------------------------------------------------------------

const modes = css`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 10px;
  margin-bottom: 16px;
  button {
    padding: 12px 14px;
    ${outlineLook('8px', tokens.text)}
    font: inherit;
    text-align: left;
    cursor: pointer;
  }
  button[aria-checked='true'] {
    border-color: ${tokens.brand};
    background: ${tokens.brandTint};
  }
  button:disabled {
    cursor: default;
    color: ${tokens.textMuted};
  }
  small {
    display: block;
    margin-top: 4px;
    color: ${tokens.textMuted};
  }
`

export function StartSetTab({ room }: { room: AdminLiveRoom }) {
  const api = useLiveAdminApi()
  const w = useConsoleWrite(LIVE_ADMIN_READS)
  const [mode, setMode] = useState<StartMode>(room.startMode ?? 'OBS_PUSH')
  const [pullUrl, setPullUrl] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const c = room.controls
  const start = () => {
    if (mode === 'FORWARD_PULL' && pullUrl.trim() === '') return setProblem(LIVE_MESSAGES.pullUrlRequired)
    setProblem(null)
    void w.run(() => api.start(room.id, mode, mode === 'FORWARD_PULL' ? pullUrl.trim() : undefined))
  }
  return (
    <div className={section}>
      <div className={modes} role="radiogroup" aria-label={t('circleAdminLive.manage.startMode')}>
        {START_MODES.map((m) => (
          <button key={m} type="button" role="radio" aria-checked={mode === m} disabled={!c.start} onClick={() => setMode(m)} data-testid={`live-start-mode-${m}`}>
            <strong>{t(`circleAdminLive.startSet.modes.${m}`)}</strong>
            <small>{t(`circleAdminLive.startSet.modeHints.${m}`)}</small>
          </button>
        ))}
      </div>
      {c.start && mode === 'FORWARD_PULL' ? (
        <label style={{ display: 'grid', gap: 6, marginBottom: 16, fontSize: 13 }}>
          {t('circleAdminLive.startSet.pullUrl')}
          <input type="url" className={field} value={pullUrl} placeholder={t('circleAdminLive.startSet.pullPlaceholder')} onChange={(e) => setPullUrl(e.target.value)} data-testid="live-pull-url" />
        </label>
      ) : null}
      {problem ? (
        <p className={message} role="alert">
          {problem}
        </p>
      ) : null}
      <div style={{ display: 'flex', gap: 10 }}>
        {c.start ? (
          <button type="button" className={`${pill} ${primary}`} disabled={w.busy} onClick={start} data-testid="live-start">
            {t('circleAdminLive.startSet.start')}
          </button>
        ) : null}
        {c.pause ? (
          <button type="button" className={pill} disabled={w.busy} onClick={() => void w.run(() => api.pause(room.id))} data-testid="live-pause">
            {t('circleAdminLive.startSet.pause')}
          </button>
        ) : null}
        {c.resume ? (
          <button type="button" className={`${pill} ${primary}`} disabled={w.busy} onClick={() => void w.run(() => api.resume(room.id))} data-testid="live-resume">
            {t('circleAdminLive.startSet.resume')}
          </button>
        ) : null}
        {c.end ? <ConfirmButton label={t('circleAdminLive.startSet.end')} question={t('circleAdminLive.startSet.confirmEnd')} className={pill} testId="live-end" onConfirm={() => void w.run(() => api.end(room.id))} /> : null}
      </div>
      <WriteFailure text={w.failure} testId="live-start-message" />
      {room.startMode && !c.start ? <p className="hint">{t('circleAdminLive.startSet.mode', { mode: t(`circleAdminLive.startSet.modes.${room.startMode}`) })}</p> : null}
      {room.stream ? (
        <div style={{ display: 'grid', gap: 12, marginTop: 16 }} data-testid="live-stream">
          {room.stream.pushUrl ? (
            <div>
              <h2>{t('circleAdminLive.startSet.pushUrl')}</h2>
              <CopyField value={room.stream.pushUrl} testId="live-push-url" />
              {room.stream.pushExpireTimestamp !== null ? <p className="hint">{t('circleAdminLive.startSet.pushExpire', { time: formatDateTime(room.stream.pushExpireTimestamp) })}</p> : null}
            </div>
          ) : null}
          {room.stream.pullUrl ? (
            <div>
              <h2>{t('circleAdminLive.startSet.pullUrl')}</h2>
              <CopyField value={room.stream.pullUrl} testId="live-pull-address" />
            </div>
          ) : null}
          {room.stream.playUrl ? (
            <div>
              <h2>{t('circleAdminLive.startSet.playUrl')}</h2>
              {/* the local default's play address is a path of this site: copied whole */}
              <CopyField value={room.stream.playUrl.startsWith('/') ? `${window.location.origin}${room.stream.playUrl}` : room.stream.playUrl} testId="live-play-url" />
            </div>
          ) : null}
        </div>
      ) : null}
      {!c.start && !c.pause && !c.resume && !c.end ? <p className="hint">{t('circleAdminLive.startSet.over')}</p> : null}
    </div>
  )
}

// --- userManage ---------------------------------------------------------------------------------------

export function UserManageTab({ room }: { room: AdminLiveRoom }) {
  const api = useLiveAdminApi()
  const w = useConsoleWrite(LIVE_ADMIN_READS)
  const [keyword, setKeyword] = useState('')
  const [page, setPage] = useState(1)
  const found = useRead(keyword ? api.candidates(room.id, keyword) : null)
  const kicked = useRead(api.kicked(room.id, page))
  const guestIds = room.honouredGuests.map((g) => g.id)
  const setGuests = (ids: readonly number[]) => void w.run(() => api.setGuests(room.id, ids))
  return (
    <>
      <section className={section} aria-labelledby="live-guests-title">
        <h2 id="live-guests-title">{t('circleAdminLive.users.guests')}</h2>
        <p className="hint">{t('circleAdminLive.users.guestsHint')}</p>
        {room.honouredGuests.length === 0 ? <p className="hint">{t('circleAdminLive.users.noGuests')}</p> : null}
        <ul style={{ display: 'flex', flexWrap: 'wrap', gap: 8, padding: 0, listStyle: 'none' }} data-testid="live-guests">
          {room.honouredGuests.map((g) => (
            <li key={g.id} style={{ display: 'flex', gap: 6, alignItems: 'center', padding: '4px 10px', borderRadius: 14, background: tokens.bg, fontSize: 13 }}>
              {g.nick}
              <button type="button" className={smallButton} disabled={w.busy} onClick={() => setGuests(guestIds.filter((x) => x !== g.id))} data-testid="live-guest-remove">
                {t('circleAdminLive.users.remove')}
              </button>
            </li>
          ))}
        </ul>
        <SearchBox placeholder={t('circleAdminLive.users.searchUser')} onSearch={(typed) => setKeyword(typed.trim())} testId="live-user-search" />
        {found.status === 'ready' ? (
          <table className={table} data-testid="live-user-candidates">
            <tbody>
              {found.data.list.map((u) => (
                <tr key={u.id}>
                  <td>
                    {u.nick} <span className="muted">ID {u.id}</span>
                  </td>
                  <td className="actions">
                    {guestIds.includes(u.id) ? (
                      <span className="muted">{t('circleAdminLive.users.isGuest')}</span>
                    ) : (
                      <button type="button" className={smallButton} disabled={w.busy || guestIds.length >= HONOURED_GUESTS_MAX} onClick={() => setGuests([...guestIds, u.id])} data-testid="live-guest-add">
                        {t('circleAdminLive.users.add')}
                      </button>
                    )}
                    <button type="button" className={smallButton} data-tone="danger" disabled={w.busy} onClick={() => void w.run(() => api.kick(room.id, u.id))} data-testid="live-kick">
                      {t('circleAdminLive.users.kick')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <WriteFailure text={w.failure} testId="live-users-message" />
      </section>
      <section className={section} aria-labelledby="live-kicked-title">
        <h2 id="live-kicked-title">{t('circleAdminLive.users.kicked')}</h2>
        {kicked.status === 'loading' ? <Loading rows={1} /> : null}
        {kicked.status === 'failed' ? <Failed message={kicked.message} onRetry={kicked.reload} /> : null}
        {kicked.status === 'ready' && kicked.data.list.length === 0 ? <p className="hint">{t('circleAdminLive.users.noKicked')}</p> : null}
        {kicked.status === 'ready' && kicked.data.list.length > 0 ? (
          <>
            <table className={table} data-testid="live-kicked">
              <tbody>
                {kicked.data.list.map((k) => (
                  <tr key={k.user.id} data-testid="live-kicked-row">
                    <td>{k.user.nick}</td>
                    <td className="muted">{t('circleAdminLive.users.kickedBy', { nick: k.operator.nick, time: formatDateTime(k.createTimestamp) })}</td>
                    <td className="actions">
                      <button type="button" className={smallButton} disabled={w.busy} onClick={() => void w.run(() => api.unkick(room.id, k.user.id))} data-testid="live-unkick">
                        {t('circleAdminLive.users.unkick')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager page={page} total={kicked.data.total ?? 0} count={10} onPage={setPage} />
          </>
        ) : null}
      </section>
    </>
  )
}
