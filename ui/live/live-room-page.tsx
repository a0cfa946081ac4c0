// /live/{id} for a live room (issue 28; spec 001 §2, §3 statuses, §6 tags, §7 'Video and live'). The
// route sends ids of core/live/limits.ts liveRouteKind 'room' here and the others to spec 000's news
// flash (ui/app.tsx). The room is read once with the one read helper (server-rendered as a guest) and
// core/live/viewer.machine.ts starts from that answer and the render's clock: the screen per status
// (booked with a countdown and the reservation, live, paused, playback generating, playback with seeking,
// no playback, deleted), the invite code of a roadshow, the buy button of a paid column, the kick-out.
// The comments are ui/live/comments-panel.tsx.
import { useEffect, useRef, useState } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { css } from '@linaria/core'
import { Link } from 'wouter'
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { VideoDetail } from '../../core/api/live'
import type { viewerMachine } from '../../core/live/viewer.machine'
import { countdownParts, screenOfStatus, secondsUntil, toViewerRoom } from '../../core/live/viewer-status'
import { formatDateTime } from '../../core/format/date-time'
import { NOT_FOUND } from '../../core/query/query-cache'
import { inspect } from '../dev/inspector'
import { useBuy } from '../common/buy'
import { useRenderNow } from '../common/first-screen'
import { Img } from '../common/img'
import { usePageTitle } from '../common/page-title'
import { requireLoginOn, useSession, useSessionActor } from '../common/session'
import { Empty, Failed, Loading } from '../common/status'
import { forReader, useRead } from '../common/use-read'
import { panel, twoColumns } from '../content/panel'
import { pill, primary } from '../styles/buttons'
import { field } from '../styles/controls'
import { tokens } from '../styles/tokens'
import { t } from '../i18n/i18n'
import { useServices } from '../services'
import { useLiveApi } from './api'
import { CommentsPanel } from './comments-panel'
import { LivePlayer, overlay, screen } from './live-player'
import '../i18n/texts/liveRoom'

const stack = css`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
`
const head = css`
  display: flex;
  gap: 12px;
  align-items: center;
  > img,
  > [role='img'] {
    width: 48px;
    height: 48px;
    border-radius: 50%;
  }
  h1 {
    display: flex;
    gap: 8px;
    align-items: center;
    margin: 0 0 4px;
    font-size: 20px;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
    color: ${tokens.textMuted};
    font-size: 13px;
  }
`
const badge = css`
  flex: none;
  padding: 0 8px;
  border-radius: 10px;
  background: ${tokens.disabledBg};
  color: ${tokens.textSecondary};
  font-size: 12px;
  font-weight: 400;
  line-height: 20px;
  &[data-screen='live'] {
    background: ${tokens.brand};
    color: ${tokens.onBrand};
  }
`
const countdown = css`
  display: flex;
  gap: 6px;
  align-items: baseline;
  font-variant-numeric: tabular-nums;
  strong {
    min-width: 44px;
    padding: 4px 6px;
    border-radius: 6px;
    background: ${tokens.card};
    color: ${tokens.text};
    font-size: 28px;
  }
`
const brief = css`
  margin: 0;
  color: ${tokens.textSecondary};
  line-height: 1.8;
  white-space: pre-wrap;
`
const note = css`
  margin: 0;
  color: ${tokens.textMuted};
  font-size: 13px;
`
const inviteForm = css`
  display: flex;
  gap: 8px;
  input {
    width: 160px;
    letter-spacing: 2px;
    text-transform: uppercase;
  }
`
const errorText = css`
  margin: 0;
  color: ${tokens.blackGold};
  font-size: 14px;
`

const newSessionId = () => crypto.randomUUID()

export function LiveRoomPage({ id }: { id: number }) {
  const api = useLiveApi()
  const userId = useSession().user?.id ?? null
  const read = useRead(forReader(api.room(id), userId))
  // the served page is a guest's: once the reader is known, the room is read as them
  const asGuest = read.data !== undefined && read.data.access.role === 'guest'
  const reloaded = useRef<number | null>(null)
  const { reload } = read
  useEffect(() => {
    if (!asGuest || userId === null || reloaded.current === userId) return
    reloaded.current = userId
    reload()
  }, [asGuest, userId, reload])
  usePageTitle(read.data ? t('liveRoom.pageTitle', { title: read.data.title }) : t('liveRoom.title'))
  if (read.status === 'loading') return <section className={panel}><Loading /></section>
  if (read.status === 'failed' && (read.statusCode === NOT_FOUND || read.statusCode === 400)) return <section className={panel}><Empty text={t('liveRoom.notFound')} /></section>
  if (read.status === 'failed') return <section className={panel}><Failed message={read.message} onRetry={read.reload} /></section>
  return <Room key={`${userId ?? 0}:${read.data.access.role}`} detail={read.data} />
}

type Viewer = ActorRefFrom<typeof viewerMachine>
type Screen = 'gone' | 'notAllowed' | 'inviteGate' | 'booked' | 'live' | 'paused' | 'generating' | 'playback' | 'noPlayback' | 'kickedOut' | 'reloading' | 'failed'

function screenOf(s: SnapshotFrom<typeof viewerMachine>): Screen {
  if (s.matches({ room: { onAir: { stream: 'paused' } } })) return 'paused'
  if (s.matches({ room: 'onAir' })) return 'live'
  for (const name of ['gone', 'notAllowed', 'inviteGate', 'booked', 'generating', 'playback', 'noPlayback', 'kickedOut', 'reloading', 'failed'] as const) {
    if (s.matches({ room: name })) return name
  }
  return 'reloading'
}

function Room({ detail }: { detail: VideoDetail }) {
  const api = useLiveApi()
  const session = useSessionActor()
  const userId = useSession().user?.id ?? null
  const { now } = useServices()
  const renderNow = useRenderNow()
  const [sessionId] = useState(newSessionId)
  const viewer = useActorRef(api.viewer(detail, { now, sessionId, userId, requireLogin: () => requireLoginOn(session) }), {
    input: { loaded: { room: toViewerRoom(detail), nowMs: renderNow }, sessionId },
    inspect,
  })
  // the heartbeat counts a reader only while the page is visible
  useEffect(() => {
    const changed = () => viewer.send({ type: document.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible' })
    document.addEventListener('visibilitychange', changed)
    return () => document.removeEventListener('visibilitychange', changed)
  }, [viewer])
  const room = useSelector(viewer, (s) => s.context.room)
  const shown = useSelector(viewer, screenOf)
  const onlineCount = useSelector(viewer, (s) => s.context.onlineCount)
  const watchable = room.canWatch && !['gone', 'notAllowed', 'inviteGate'].includes(shown)
  return (
    <div className={twoColumns}>
      <div className={stack}>
        <section className={`${panel} ${head}`}>
          <Img src={room.owner.avatar} alt="" width={48} height={48} priority />
          <div>
            <h1>
              {room.title}
              <span className={badge} data-screen={screenOfStatus(room.statusCode)} data-testid="live-status">
                {t(`liveRoom.status.${screenOfStatus(room.statusCode)}`)}
              </span>
            </h1>
            <div className="meta">
              <span>
                {t('liveRoom.host')} <Link href={`/user/${room.owner.id}`}>{room.owner.nick}</Link>
              </span>
              <span>
                {t('liveRoom.column')} <Link href={`/chiefCircle/schedule-live/${room.liveColumn.id}`}>{room.liveColumn.name}</Link>
              </span>
              <span>{t('liveRoom.startsAt', { time: formatDateTime(room.startTimestamp) })}</span>
            </div>
          </div>
        </section>
        <Stage viewer={viewer} shown={shown} room={room} sessionId={sessionId} />
        {room.brief ? (
          <section className={panel} aria-labelledby="live-brief-title">
            <h2 id="live-brief-title" className={note}>
              {t('liveRoom.brief')}
            </h2>
            <p className={brief}>{room.brief}</p>
          </section>
        ) : null}
      </div>
      <aside className={stack}>
        {watchable ? (
          <CommentsPanel
            key={`${room.id}:${room.groupId ?? ''}`}
            room={room}
            sessionId={sessionId}
            onlineCount={onlineCount}
            onKickedOut={() => viewer.send({ type: 'room.kickedOut' })}
            onRoomChanged={() => viewer.send({ type: 'room.changed' })}
          />
        ) : null}
      </aside>
    </div>
  )
}

function Banner({ text, children }: { text: string; children?: React.ReactNode }) {
  return (
    <div className={overlay} role="status" data-testid="live-banner">
      <p>{text}</p>
      {children}
    </div>
  )
}

function Stage({ viewer, shown, room, sessionId }: { viewer: Viewer; shown: Screen; room: VideoDetail; sessionId: string }) {
  const api = useLiveApi()
  const source = room.source
  switch (shown) {
    case 'live':
    case 'paused':
      return source ? (
        <LivePlayer source={source} title={room.title}>
          {shown === 'paused' ? <Banner text={t('liveRoom.banner.paused')} /> : null}
        </LivePlayer>
      ) : (
        <Blank text={shown === 'paused' ? t('liveRoom.banner.paused') : t('liveRoom.banner.noStream')} />
      )
    case 'playback':
      return (
        <>
          {source ? <LivePlayer key={source.url} source={source} title={room.title} /> : <Blank text={t('liveRoom.banner.generating')} />}
          <p className={note} data-testid="live-playback-note">
            {t('liveRoom.banner.playback')}
          </p>
        </>
      )
    case 'booked':
      return <Booked viewer={viewer} />
    case 'generating':
      return <Blank text={t('liveRoom.banner.generating')} />
    case 'noPlayback':
      return <Blank text={t('liveRoom.banner.noPlayback')} />
    case 'gone':
      return <Blank text={t('liveRoom.banner.gone')} />
    case 'notAllowed':
      return <Locked room={room} />
    case 'inviteGate':
      return <InviteGate viewer={viewer} />
    case 'kickedOut':
      return (
        <div className={screen}>
          <Banner text={t('liveRoom.kicked.title')}>
            <p>{t('liveRoom.kicked.hint')}</p>
            <button
              type="button"
              className={`${pill} ${primary}`}
              data-testid="live-watch-here"
              onClick={() => {
                void api.claimDevice(room.id, sessionId).catch(() => {})
                viewer.send({ type: 'room.reload' })
              }}
            >
              {t('liveRoom.kicked.back')}
            </button>
          </Banner>
        </div>
      )
    case 'failed':
      return (
        <div className={screen}>
          <Banner text={t('liveRoom.failed')}>
            <button type="button" className={`${pill} ${primary}`} onClick={() => viewer.send({ type: 'room.reload' })}>
              {t('liveRoom.retry')}
            </button>
          </Banner>
        </div>
      )
    case 'reloading':
      return (
        <div className={screen}>
          <div className={overlay}>
            <Loading rows={1} />
          </div>
        </div>
      )
  }
}

function Blank({ text }: { text: string }) {
  return (
    <div className={screen}>
      <Banner text={text} />
    </div>
  )
}

function Booked({ viewer }: { viewer: Viewer }) {
  const left = useSelector(viewer, (s) => secondsUntil(s.context.room.startTimestamp, s.context.nowMs))
  const due = useSelector(viewer, (s) => s.matches({ room: { booked: { countdown: 'due' } } }))
  const reserved = useSelector(viewer, (s) => s.context.room.reserved)
  const reservations = useSelector(viewer, (s) => s.context.room.reservationCount)
  const reserving = useSelector(viewer, (s) => s.matches({ room: { booked: { reservation: 'reserving' } } }))
  const error = useSelector(viewer, (s) => s.context.error)
  const parts = countdownParts(left)
  return (
    <div className={screen} data-testid="live-booked">
      <div className={overlay} role="status">
        <p>{due ? t('liveRoom.banner.due') : t('liveRoom.banner.booked')}</p>
        {due ? null : (
          <div className={countdown} aria-label={t('liveRoom.countdown.label')} data-testid="live-countdown" data-seconds={left}>
            {parts.days > 0 ? (
              <>
                <strong>{parts.days}</strong>
                {t('liveRoom.countdown.days')}
              </>
            ) : null}
            <strong>{String(parts.hours).padStart(2, '0')}</strong>
            {t('liveRoom.countdown.hours')}
            <strong>{String(parts.minutes).padStart(2, '0')}</strong>
            {t('liveRoom.countdown.minutes')}
            <strong>{String(parts.seconds).padStart(2, '0')}</strong>
            {t('liveRoom.countdown.seconds')}
          </div>
        )}
        <button
          type="button"
          className={`${pill} ${primary}`}
          disabled={reserved || reserving}
          aria-pressed={reserved}
          data-testid="live-reserve"
          onClick={() => viewer.send({ type: 'room.reserve' })}
        >
          {reserved ? t('liveRoom.reserved') : reserving ? t('liveRoom.reserving') : t('liveRoom.reserve')}
        </button>
        <p>{t('liveRoom.reservations', { n: reservations })}</p>
        {error ? <p className={errorText} role="alert">{error}</p> : null}
      </div>
    </div>
  )
}

function Locked({ room }: { room: VideoDetail }) {
  const buy = useBuy()
  const session = useSessionActor()
  const signedIn = useSession().user !== null
  const price = room.liveColumn.price
  return (
    <div className={screen} data-testid="live-locked">
      <Banner text={room.message || t('liveRoom.locked.title')}>
        {!signedIn ? (
          <button type="button" className={`${pill} ${primary}`} onClick={() => void requireLoginOn(session)}>
            {t('liveRoom.locked.login')}
          </button>
        ) : price && buy ? (
          <button type="button" className={`${pill} ${primary}`} data-testid="live-buy" onClick={() => buy(price.specsId)}>
            {t('liveRoom.locked.buy', { price: price.priceText })}
          </button>
        ) : null}
      </Banner>
    </div>
  )
}

function InviteGate({ viewer }: { viewer: Viewer }) {
  const checking = useSelector(viewer, (s) => s.matches({ room: { inviteGate: 'checking' } }))
  const error = useSelector(viewer, (s) => s.context.error)
  return (
    <div className={screen} data-testid="live-invite">
      <div className={overlay}>
        <h2>{t('liveRoom.invite.title')}</h2>
        <p>{t('liveRoom.invite.hint')}</p>
        <form
          className={inviteForm}
          onSubmit={(e) => {
            e.preventDefault()
            const code = new FormData(e.currentTarget).get('inviteCode')
            viewer.send({ type: 'invite.submit', code: typeof code === 'string' ? code.toUpperCase() : '' })
          }}
        >
          <input className={field} name="inviteCode" aria-label={t('liveRoom.invite.label')} autoComplete="off" maxLength={12} data-testid="live-invite-code" />
          <button type="submit" className={`${pill} ${primary}`} disabled={checking}>
            {checking ? t('liveRoom.invite.checking') : t('liveRoom.invite.submit')}
          </button>
        </form>
        {error ? <p className={errorText} role="alert">{error}</p> : null}
      </div>
    </div>
  )
}
