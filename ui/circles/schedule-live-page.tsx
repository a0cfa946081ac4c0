// /chiefCircle/schedule-live/{id} (spec 001 §2; §7 GET /api/financial-circle/live-column/{id} and
// /live-column/content/page (page, liveColumnId, count 10)): a live column's schedule — its rooms with
// their start times and live-room statuses (spec 001 §3), newest first; server-rendered for a guest. Each
// room opens /live/{id} (issue 28); a booked one is reserved here (POST /api/roadshow/{id}/reserve/v1,
// the one toggle button: login first, shown at once, rolled back with the server's message), the
// reader's own reservation read from the room as the room page reads it.
import { css } from '@linaria/core'
import { Link } from 'wouter'
import type { LiveColumnItem } from '../../core/api/circle-extras'
import { formatDateTime } from '../../core/format/date-time'
import { Img } from '../common/img'
import { usePageTitle } from '../common/page-title'
import { Empty } from '../common/status'
import { forReader, usePages, useRead } from '../common/use-read'
import { useSession } from '../common/session'
import { ToggleButton } from '../common/toggle-button'
import { liveRouteKind } from '../../core/live/route-kind'
import { smallButton } from '../styles/controls'
import { ListFooter } from '../content/article-list'
import { panel, panelTitle } from '../content/panel'
import { PendingPanel } from '../content/detail-status'
import { headCard, narrowColumn } from './styles'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { useCircleExtrasApi } from './extras-api'
import { plainList, PriceTag, typeBadge } from './circle-card'
import { mark } from './moment-item'
import '../i18n/texts/circle'
import '../i18n/texts/liveRoom'

const timeline = css`
  li {
    display: grid;
    grid-template-columns: 150px 1fr auto;
    gap: 12px;
    align-items: start;
    padding: 14px 0;
    border-bottom: 1px solid ${tokens.border};
  }
  time {
    color: ${tokens.textSecondary};
    font-size: 13px;
    font-variant-numeric: tabular-nums;
  }
  strong {
    display: block;
    margin-bottom: 4px;
  }
  p {
    margin: 0;
    color: ${tokens.textSecondary};
    font-size: 13px;
    line-height: 1.6;
  }
  [data-kind='live'] {
    background: ${tokens.brand};
    color: ${tokens.onBrand};
  }
  .side {
    display: flex;
    flex-direction: column;
    align-items: flex-end;
    gap: 8px;
  }
  .side a {
    font-size: 13px;
  }
  [role='alert'] {
    margin: 0;
    color: ${tokens.important};
    font-size: 12px;
  }
`
const reserveButton = css`
  &[aria-pressed='true'] {
    border-color: ${tokens.success};
    color: ${tokens.success};
  }
`
const note = css`
  margin: 12px 0 0;
  color: ${tokens.textMuted};
  font-size: 12px;
`

export function ScheduleLivePage({ id }: { id: number }) {
  const api = useCircleExtrasApi()
  const column = useRead(api.liveColumn(id))
  usePageTitle(column.data ? `${t('circle.schedule.title')} · ${column.data.name}` : t('circle.schedule.title'))
  if (column.status !== 'ready') return <PendingPanel read={column} notFound={t('circle.detail.notFound')} />
  const c = column.data
  return (
    <div className={narrowColumn}>
      <section className={`${panel} ${headCard}`}>
        <Img src={c.avatar} alt="" width={88} height={88} priority />
        <div className="body">
          <h1>
            {c.name}
            <span className={typeBadge}>{t('circle.types.LIVE_COLUMN')}</span>
          </h1>
          <p className="brief">{c.brief}</p>
          <div className="meta">
            <Link href={`/user/${c.owner.id}`}>{c.owner.nick}</Link>
            <span>{t('circle.schedule.items', { n: c.itemCount })}</span>
            <PriceTag circle={c} />
            <Link href={`/chiefCircle/detail/${c.id}`}>{t('circle.guide.enter')}</Link>
          </div>
        </div>
      </section>
      <section className={panel} aria-labelledby="schedule-title">
        <h2 id="schedule-title" className={panelTitle}>
          {t('circle.schedule.title')}
        </h2>
        <Items id={c.id} />
        <p className={note}>{t('circle.schedule.later')}</p>
      </section>
    </div>
  )
}

function Items({ id }: { id: number }) {
  const api = useCircleExtrasApi()
  const list = usePages(api.liveItems(id))
  return (
    <>
      {list.items.length ? (
        <ol className={`${plainList} ${timeline}`} aria-label={t('circle.schedule.title')}>
          {list.items.map((item) => (
            <ScheduleItem key={item.id} item={item} />
          ))}
        </ol>
      ) : null}
      {list.status === 'empty' ? <Empty text={t('circle.schedule.none')} /> : <ListFooter list={list} />}
    </>
  )
}

function ScheduleItem({ item }: { item: LiveColumnItem }) {
  // the items are live rooms (issue 28); an id below the rooms' range is a flash's, never a room
  const room = liveRouteKind(item.id) === 'room'
  return (
    <li data-testid="schedule-item" data-status={item.status}>
      <time dateTime={new Date(item.startTimestamp * 1000).toISOString()}>{formatDateTime(item.startTimestamp)}</time>
      <div>
        <strong>{room ? <Link href={`/live/${item.id}`}>{item.title}</Link> : item.title}</strong>
        <p>{item.brief}</p>
      </div>
      <div className="side">
        <span className={mark} data-kind={item.status === 'LIVE' ? 'live' : 'status'}>
          {t(`liveRoom.statusNames.${item.status}`)}
        </span>
        {room && item.status === 'RESERVATION' ? <Reserve id={item.id} /> : null}
        {room && (item.status === 'LIVE' || item.status === 'PAUSE') ? <Link href={`/live/${item.id}`}>{t('liveRoom.schedule.watch')}</Link> : null}
        {room && item.status === 'PLAYBACK' ? <Link href={`/live/${item.id}`}>{t('liveRoom.schedule.playback')}</Link> : null}
      </div>
    </li>
  )
}

/** A booked room's reservation: whether this reader holds one comes from the room (GET /api/video/detail/v1). */
function Reserve({ id }: { id: number }) {
  const api = useCircleExtrasApi()
  const userId = useSession().user?.id ?? null
  const room = useRead(forReader(api.liveRoom(id), userId))
  if (room.status !== 'ready' || !room.data.canWatch) return null
  const r = room.data
  return (
    <ToggleButton
      on={r.reserved}
      // there is no cancelling a reservation (spec 001 §7 has none): a second press keeps it
      save={(on) => (on ? api.reserveRoom(r) : Promise.resolve({ on: true }))}
      label={(on) => (on ? t('liveRoom.schedule.reserved') : t('liveRoom.schedule.reserve'))}
      className={() => `${smallButton} ${reserveButton}`}
      testId="schedule-reserve"
    />
  )
}
