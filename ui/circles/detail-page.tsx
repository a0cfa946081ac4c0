// /chiefCircle/detail/{id} (spec 001 §2; issue 27): a circle. Everyone reads its intro (GET
// /api/moment/intro/{id}/v1, server-rendered for a guest) with the reader's access as the server decides it
// (core/circles/access.ts). An outsider (a guest, a reader who never joined, an expired member) sees the
// intro, a short sample and the buy button (a paid circle: the order dialog on its financialCircle spec) or
// the join button (a free one: POST /api/momentUser/v1). A reader of the circle sees its moments with the
// tag filter, pinned first and essence marked, the post box of spec 001 §5 when they may post (else why
// not: 内容审核中 and the like), and the owner and admins pin, mark essence and ignore. A COURSE circle is its
// course page (chapters and videos).
import { lazy, useEffect, useRef } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { css } from '@linaria/core'
import type { CircleDetail, CircleIntro, MomentTag } from '../../core/api/circles'
import { NOT_FOUND } from '../../core/query/query-cache'
import { formatBigNumber } from '../../core/format/big-number'
import { formatDate, formatDateTime } from '../../core/format/date-time'
import { useJoin } from './use-join'
import { Img } from '../common/img'
import { usePageTitle } from '../common/page-title'
import { useSession } from '../common/session'
import { Empty, ErrorText, Failed, Loading } from '../common/status'
import { Tabs } from '../common/tabs'
import { forReader, usePages, useRead, type ReadResult } from '../common/use-read'
import { Paged } from '../content/article-list'
import { panel, panelTitle, sticky, tabs as tabsStyle, twoColumns } from '../content/panel'
import { useServices } from '../services'
import { t } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'
import { tokens } from '../styles/tokens'
import { useCirclesApi, type ContentKind } from './api'
import { PriceTag, typeBadge } from './circle-card'
import { entryList, headCard } from './styles'
import { MomentList } from './moment-item'
import { CirclePostBox } from './post-box'
import '../i18n/texts/circle'
import { plainListLook } from '../styles/looks'

const stack = css`
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-width: 0;
`
const joinBox = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 10px;
  padding: 20px;
  border-radius: ${tokens.radius};
  background: ${tokens.brandTint};
  text-align: center;
  p {
    margin: 0;
    color: ${tokens.textSecondary};
  }
  button {
    height: 40px;
    padding: 0 32px;
    border-radius: 20px;
    font-size: 16px;
  }
  .error {
    color: ${tokens.brand};
    font-size: 13px;
  }
`
const intro = css`
  margin: 0;
  white-space: pre-wrap;
  line-height: 1.8;
  color: ${tokens.text};
`
const sampleList = css`
  margin: 0 0 16px;
  padding: 0;
  list-style: none;
  p::after {
    content: '…';
  }
`
const notice = css`
  border-left: 3px solid ${tokens.brand};
  strong {
    color: ${tokens.brand};
    font-size: 14px;
  }
  p {
    margin: 6px 0 0;
    white-space: pre-wrap;
    font-size: 14px;
  }
`
const blocked = css`
  padding: 12px;
  border-radius: 6px;
  background: ${tokens.bg};
  color: ${tokens.textSecondary};
  text-align: center;
  font-size: 14px;
`
const filters = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin-bottom: 4px;
`
const adminList = css`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  ${plainListLook}
  li {
    display: flex;
    align-items: center;
    gap: 6px;
    font-size: 13px;
  }
  img,
  [role='img'] {
    width: 28px;
    height: 28px;
    border-radius: 50%;
  }
`

/** A COURSE circle's page is the course (ui/circles/course-page.tsx, with its video): loaded only for one. */
const CoursePage = lazy(() => import('./course-page').then((m) => ({ default: m.CoursePage })))

const positiveInt = (s: string | null): number | null => (s && /^[1-9]\d{0,9}$/.test(s) ? Number(s) : null)

export function CircleDetailPage({ id }: { id: number }) {
  const api = useCirclesApi()
  const userId = useSession().user?.id ?? null
  const read = useRead(forReader(api.intro(id), userId))
  useReloadAsReader(read, userId)
  usePageTitle(read.data?.name ?? t('circle.title'))
  if (read.status === 'loading') return <section className={panel}><Loading /></section>
  if (read.status === 'failed' && (read.statusCode === NOT_FOUND || read.statusCode === 400))
    return <section className={panel}><Empty text={t('circle.detail.notFound')} /></section>
  if (read.status === 'failed') return <section className={panel}><Failed message={read.message} onRetry={read.reload} /></section>
  const circle = read.data
  if (circle.type === 'COURSE') return <CoursePage id={circle.id} />
  return (
    <div className={twoColumns}>
      <div className={stack}>
        <CircleHead circle={circle} />
        {circle.access.canRead ? <Members key={circle.id} circle={circle} /> : <Outsider circle={circle} />}
      </div>
      <aside className={`${sticky} ${stack}`}>
        <AboutPanel circle={circle} />
      </aside>
    </div>
  )
}

/**
 * The server renders a guest's answer (and a hinted session's first screen takes it too): a signed-in
 * reader who got the guest's answer asks again once, for their own access.
 */
export function useReloadAsReader(read: ReadResult<CircleIntro>, userId: number | null) {
  const reloaded = useRef<string | null>(null)
  const asGuest = read.data?.access.role === 'guest'
  const { reload } = read
  const circleId = read.data?.id
  useEffect(() => {
    const key = `${userId}:${circleId}`
    if (!asGuest || userId === null || reloaded.current === key) return
    reloaded.current = key
    reload()
  }, [asGuest, userId, circleId, reload])
}

export function CircleHead({ circle }: { circle: CircleIntro }) {
  const { lang } = useServices()
  const { access } = circle
  return (
    <section className={`${panel} ${headCard}`} data-testid="circle-head" data-role={access.role}>
      <Img src={circle.avatar} alt="" width={88} height={88} priority />
      <div className="body">
        <h1>
          {circle.name}
          <span className={typeBadge}>{t(`circle.types.${circle.type}`)}</span>
        </h1>
        <p className="brief">{circle.brief}</p>
        <div className="meta">
          <span>
            {t('circle.detail.owner')} <Link href={`/user/${circle.owner.id}`}>{circle.owner.nick}</Link>
          </span>
          <span>{t('circle.card.members', { n: formatBigNumber(circle.memberCount, lang) })}</span>
          <span>{t('circle.card.dynamics', { n: formatBigNumber(circle.dynamicCount, lang) })}</span>
          <PriceTag circle={circle} />
          {access.canRead && access.expireTimestamp !== null ? <span>{t('circle.detail.expiresAt', { date: formatDate(access.expireTimestamp) })}</span> : null}
        </div>
        <nav className="links" aria-label={circle.name}>
          <Link className={pill} href={`/chiefCircle/guide/${circle.id}`}>
            {t('circle.detail.guide')}
          </Link>
          {access.canRead ? (
            <>
              <Link className={pill} href={`/chiefCircle/question/${circle.id}/unanswered`}>
                {t('circle.detail.questions')}
              </Link>
              <Link className={pill} href={`/chiefChatroom?financialCircleId=${circle.id}`}>
                {t('circle.detail.chatroom')}
              </Link>
            </>
          ) : null}
          {circle.type === 'LIVE_COLUMN' ? (
            <Link className={pill} href={`/chiefCircle/schedule-live/${circle.id}`}>
              {t('circle.detail.schedule')}
            </Link>
          ) : null}
        </nav>
      </div>
    </section>
  )
}

/** The intro, a sample and the buy or join button: a guest, a reader who never joined, an expired member. */
function Outsider({ circle }: { circle: CircleIntro }) {
  return (
    <section className={panel} aria-labelledby="circle-sample" data-testid="circle-outsider">
      <h2 id="circle-sample" className={panelTitle}>
        {t('circle.detail.sample')}
      </h2>
      {circle.sample.length ? (
        <ul className={`${entryList} ${sampleList}`}>
          {circle.sample.map((s) => (
            <li key={s.dynamicId} data-testid="circle-sample">
              {s.title ? <strong>{s.title}</strong> : null}
              <p>{s.excerpt}</p>
              <time>{formatDateTime(s.createTimestamp)}</time>
            </li>
          ))}
        </ul>
      ) : null}
      <JoinButton circle={circle} />
    </section>
  )
}

/** Buy (a paid circle: the order dialog) or join (a free one); a circle under review takes no one. */
export function JoinButton({ circle }: { circle: CircleIntro }) {
  const api = useCirclesApi()
  const { buy, joining, error, join } = useJoin(() => api.join(circle.id), ['moment.', 'financialCircle.'])
  const { access, price } = circle
  if (circle.reviewStatus !== 'approved') return <p className={blocked}>{t('circle.detail.reviewing')}</p>
  if (!access.canJoin) return null
  const expired = access.role === 'expired'
  return (
    <div className={joinBox}>
      <p>{expired ? t('circle.detail.expiredNote') : t('circle.detail.sampleHint')}</p>
      {price ? (
        <button type="button" className={`${pill} ${primary}`} onClick={() => buy?.(price.specsId)} data-testid="circle-buy">
          {expired ? t('circle.detail.renew', { price: price.priceText }) : t('circle.detail.buy', { price: price.priceText })}
        </button>
      ) : (
        <button type="button" className={`${pill} ${primary}`} disabled={joining} onClick={() => void join()} data-testid="circle-join">
          {joining ? t('circle.detail.joining') : t('circle.detail.join')}
        </button>
      )}
      <ErrorText text={error} />
    </div>
  )
}

/** A reader of the circle: the post box (or why not), the tag and kind filters, the moments. */
function Members({ circle }: { circle: CircleIntro }) {
  const api = useCirclesApi()
  const detail = useRead(api.detail(circle.id))
  // the default tag is the circle's catch-all, which 全部 already shows
  const tags = (detail.data?.tags ?? []).filter((tg) => !tg.isDefault)
  const announcement = detail.data?.announcement ?? ''
  return (
    <>
      {announcement ? (
        // the owner's pinned announcement (set in the circle-admin console, issue 29)
        <section className={`${panel} ${notice}`} aria-label={t('circle.detail.announcement')} data-testid="circle-announcement">
          <strong>{t('circle.detail.announcement')}</strong>
          <p>{announcement}</p>
        </section>
      ) : null}
      <section className={panel} aria-label={t('circle.post.title')}>
        {circle.access.canPost ? (
          detail.status === 'ready' ? (
            <PostBoxWithTags circle={detail.data} />
          ) : detail.status === 'failed' ? (
            <Failed message={detail.message} onRetry={detail.reload} />
          ) : (
            <Loading rows={1} />
          )
        ) : (
          <p className={blocked} data-testid="circle-input-blocked">
            {circle.access.inputMessage || t('circle.post.needJoin')}
          </p>
        )}
      </section>
      <section className={panel} aria-labelledby="circle-moments">
        <h2 id="circle-moments" className={panelTitle}>
          {t('circle.detail.moments')}
        </h2>
        <Moments circle={circle} tags={tags} />
      </section>
    </>
  )
}

function PostBoxWithTags({ circle }: { circle: CircleDetail }) {
  const api = useCirclesApi()
  const sendable = useRead(api.sendableTags(circle.id))
  return <CirclePostBox momentId={circle.id} tags={sendable.status === 'ready' ? sendable.data : []} topics={circle.topics} />
}

function Moments({ circle, tags }: { circle: CircleIntro; tags: readonly MomentTag[] }) {
  const [, navigate] = useLocation()
  const query = new URLSearchParams(useSearch())
  const tagId = positiveInt(query.get('tag'))
  const kind: ContentKind = query.get('kind') === 'essence' ? 'essence' : 'all'
  const go = (next: { tag?: number | null; kind?: ContentKind }) => {
    const q = new URLSearchParams()
    const tg = next.tag === undefined ? tagId : next.tag
    const k = next.kind ?? kind
    if (tg !== null) q.set('tag', String(tg))
    if (k !== 'all') q.set('kind', k)
    const s = q.toString()
    navigate(`/chiefCircle/detail/${circle.id}${s ? `?${s}` : ''}`, { replace: true })
  }
  return (
    <>
      <div className={filters}>
        <Tabs
          className={tabsStyle}
          label={t('circle.detail.tagsLabel')}
          items={[{ key: 0, label: t('circle.detail.allTags') }, ...tags.map((tg) => ({ key: tg.tagId, label: tg.tagName }))]}
          value={tagId ?? 0}
          onChange={(k) => go({ tag: k === 0 ? null : k })}
          testId="circle-tag-tabs"
        />
        <Tabs
          className={tabsStyle}
          label={t('circle.detail.kinds')}
          items={[
            { key: 'all' as const, label: t('circle.detail.kindAll') },
            { key: 'essence' as const, label: t('circle.detail.kindEssence') },
          ]}
          value={kind}
          onChange={(k) => go({ kind: k })}
          testId="circle-kind-tabs"
        />
      </div>
      <MomentPages key={`${tagId ?? 0}-${kind}`} circle={circle} tagId={tagId} kind={kind} />
    </>
  )
}

function MomentPages({ circle, tagId, kind }: { circle: CircleIntro; tagId: number | null; kind: ContentKind }) {
  const api = useCirclesApi()
  const list = usePages(api.content(circle.id, tagId, kind))
  return (
    <div data-testid="circle-moments">
      <Paged list={list} emptyText={t('circle.detail.empty')}>{(rows) => <MomentList moments={rows} canManage={circle.access.canManage} label={t('circle.detail.moments')} />}</Paged>
    </div>
  )
}

function AboutPanel({ circle }: { circle: CircleIntro }) {
  return (
    <section className={panel} aria-labelledby="circle-about">
      <h2 id="circle-about" className={panelTitle}>
        {t('circle.detail.intro')}
      </h2>
      <p className={intro}>{circle.intro || circle.brief}</p>
      {circle.admins.length ? (
        <>
          <h3 style={{ margin: '16px 0 8px', fontSize: 14 }}>{t('circle.detail.admins')}</h3>
          <ul className={adminList}>
            {circle.admins.map((a) => (
              <li key={a.id}>
                <Img src={a.avatar} alt="" width={28} height={28} />
                <Link href={`/user/${a.id}`}>{a.nick}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}
