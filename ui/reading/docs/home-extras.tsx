// The home page's extras below the fold (spec 000 §7 'Home and content'): the banner carousel, an ad
// card marked 广告 (position 23 / home-page ads), recommended articles, hot topics, free and paid
// research reports, featured heads. Loaded lazily by ./home-extras-slot.tsx when scrolled to.
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { ArticleSummary, NcpData } from '../../../core/api/content'
import type { Ad, Banner, FeaturedHead, ResearchReport } from '../../../core/api/reading-docs'
import type { Topic } from '../../../core/api/reading-community'
import { formatBigNumber } from '../../../core/format/big-number'
import { useServices } from '../../services'
import { formatDate } from '../../../core/format/date-time'
import { useDocsApi } from './api'
import { useRead, type ReadResult } from '../../common/use-read'
import { Img } from '../../common/img'
import { Empty, Failed, Loading } from '../../common/status'
import { panel, panelTitle } from '../../content/panel'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { rankBadge as rank } from '../../styles/controls'
import { yuan } from './report-card'
import '../../i18n/texts/docs'
import { TableHead } from '../../common/table-head'
import { plainListLook } from '../../styles/looks'

export const CAROUSEL_MS = 5_000

function Section<T>({ title, more, state, rows = 3, children }: {
  title: string
  more?: { href: string; text: string }
  state: ReadResult<readonly T[]>
  rows?: number
  children: (items: readonly T[]) => React.ReactNode
}) {
  return (
    <section className={`${panel} ${box}`} aria-label={title}>
      <h2 className={panelTitle}>
        {title}
        {more ? <Link href={more.href}>{more.text}</Link> : null}
      </h2>
      {state.status === 'loading' ? <Loading rows={rows} /> : state.status === 'failed' ? <Failed message={state.message} onRetry={state.reload} /> : state.data.length ? children(state.data) : <Empty />}
    </section>
  )
}

export default function HomeExtras() {
  const api = useDocsApi()
  const { lang } = useServices()
  const banners = useRead(api.banners())
  const ads = useRead(api.ads())
  const recommend = useRead(api.recommended())
  const topics = useRead(api.hotTopics())
  const free = useRead(api.homeReports('free'))
  const paid = useRead(api.homeReports('pay'))
  const heads = useRead(api.featuredHeads())
  const ncp = useRead(api.ncp())

  return (
    <div className={extras} aria-label={t('docs.home.extras')} role="region">
      {banners.status === 'ready' && banners.data.length === 0 ? null : (
        <section className={`${panel} ${bannerBox}`} aria-label={t('docs.home.banner')}>
          {banners.status === 'loading' ? <Loading rows={2} /> : banners.status === 'failed' ? <Failed message={banners.message} onRetry={banners.reload} /> : <Carousel items={banners.data} />}
        </section>
      )}
      {ads.status === 'ready' && ads.data[0] ? <AdCard ad={ads.data[0]} /> : ads.status === 'failed' ? <Failed message={ads.message} onRetry={ads.reload} /> : null}
      <Section<ArticleSummary> title={t('docs.home.recommend')} state={recommend} rows={4}>
        {(items) => (
          <ol className={ranked}>
            {items.map((a, i) => (
              <li key={a.id}>
                <span className={i < 3 ? `${rank} ${rankTop}` : rank}>{i + 1}</span>
                <Link href={`/news/${a.id}`}>{a.title}</Link>
              </li>
            ))}
          </ol>
        )}
      </Section>
      <Section<Topic> title={t('docs.home.hotTopics')} more={{ href: '/topics/popular', text: t('docs.home.moreTopics') }} state={topics}>
        {(items) => (
          <ul className={topicList}>
            {items.slice(0, 6).map((topic) => (
              <li key={topic.topicId}>
                <Link href={`/community/topics/${topic.topicId}`}># {topic.topicName} #</Link>
                <small>{t('docs.home.topicRead', { n: formatBigNumber(topic.readCount, lang) })}</small>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section<ResearchReport> title={t('docs.home.freeReports')} more={{ href: '/depthRss', text: t('docs.home.moreReports') }} state={free}>
        {(items) => <Reports items={items} />}
      </Section>
      <Section<ResearchReport> title={t('docs.home.payReports')} more={{ href: '/depthRss', text: t('docs.home.moreReports') }} state={paid}>
        {(items) => <Reports items={items} />}
      </Section>
      <Section<FeaturedHead> title={t('docs.home.featured')} state={heads} rows={2}>
        {(items) => (
          <ul className={headGrid}>
            {items.map((h) => (
              <li key={h.id}>
                <Img src={h.imageUrl} alt={h.title} width={400} height={240} className={headImg} />
                <strong>{h.title}</strong>
                <small>{t('docs.home.featuredCount', { n: h.articleCount })}</small>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <NcpPanel state={ncp} />
    </div>
  )
}

/** spec 000 §7 /api/NCP_data: the figures by region, with their date and source (the seed says they are demo data). */
function NcpPanel({ state }: { state: ReadResult<NcpData> }) {
  const { lang } = useServices()
  const title = t('docs.home.ncp.title')
  return (
    <section className={`${panel} ${box}`} aria-label={title}>
      <h2 className={panelTitle}>{title}</h2>
      {state.status === 'loading' ? (
        <Loading rows={3} />
      ) : state.status === 'failed' ? (
        <Failed message={state.message} onRetry={state.reload} />
      ) : state.data.regions.length === 0 ? (
        <Empty />
      ) : (
        <>
          <table className={ncpTable}>
            <TableHead columns={[t('docs.home.ncp.region'), t('docs.home.ncp.confirmed'), t('docs.home.ncp.cured'), t('docs.home.ncp.dead')]} />
            <tbody>
              {state.data.regions.map((r) => (
                <tr key={r.name}>
                  <th scope="row">{r.name}</th>
                  <td className={ncpConfirmed}>{formatBigNumber(r.confirmed, lang)}</td>
                  <td className={ncpCured}>{formatBigNumber(r.cured, lang)}</td>
                  <td>{formatBigNumber(r.dead, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className={ncpNote}>
            {t('docs.home.ncp.updated', { date: formatDate(state.data.updateTimestamp) })} · {state.data.source}
          </p>
        </>
      )}
    </section>
  )
}

function Carousel({ items }: { items: readonly Banner[] }) {
  const [index, setIndex] = useState(0)
  const [paused, setPaused] = useState(false)
  useEffect(() => {
    if (paused || items.length < 2) return
    const id = setInterval(() => setIndex((i) => (i + 1) % items.length), CAROUSEL_MS)
    return () => clearInterval(id)
  }, [paused, items.length])
  const current = items[index % items.length]!
  return (
    <div className={carousel} onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)}>
      <Link href={current.link} className={slide}>
        <Img src={current.imageUrl} alt={current.title} width={1200} height={400} className={slideImg} />
        <span className={slideTitle}>{current.title}</span>
      </Link>
      <div className={dots}>
        {items.map((b, i) => (
          <button key={b.id} type="button" aria-label={t('docs.home.bannerDot', { n: i + 1 })} aria-pressed={i === index % items.length} onClick={() => setIndex(i)} />
        ))}
      </div>
    </div>
  )
}

function AdCard({ ad }: { ad: Ad }) {
  return (
    <aside className={`${panel} ${adCard}`} aria-label={t('docs.home.ad')}>
      <a href={ad.link} rel="sponsored noopener" className={adLink}>
        <Img src={ad.imageUrl} alt={ad.title} width={600} height={300} className={adImg} />
        <span className={adMark}>{t('docs.home.ad')}</span>
        <strong>{ad.title}</strong>
        <span className={adBrief}>{ad.brief}</span>
        <small>{t('docs.home.adBy', { advertiser: ad.advertiser })}</small>
      </a>
    </aside>
  )
}

function Reports({ items }: { items: readonly ResearchReport[] }) {
  return (
    <ul className={reportList}>
      {items.map((r) => (
        <li key={r.id}>
          <Link href={`/rss-detail/${r.id}`}>{r.title}</Link>
          <small>
            {r.institution} · {formatDate(r.createTimestamp)}
            {r.isPay ? <b className={price}>{t('docs.depth.price', { price: yuan(r.priceCents) })}</b> : <b className={freeMark}>{t('docs.depth.freeTag')}</b>}
          </small>
        </li>
      ))}
    </ul>
  )
}

const extras = css`
  display: flex;
  flex-direction: column;
  gap: 16px;
  margin-top: 16px;
`
const box = css`
  ol,
  ul {
    ${plainListLook}
  }
`
const bannerBox = css`
  padding: 0;
  overflow: hidden;
`
const carousel = css`
  position: relative;
`
const slide = css`
  display: block;
  position: relative;
  color: ${tokens.onBrand};
`
const slideImg = css`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 3 / 1;
  object-fit: cover;
`
const slideTitle = css`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  padding: 24px 12px 22px;
  background: linear-gradient(${tokens.transparent}, ${tokens.scrim});
  font-size: 14px;
  font-weight: 600;
  line-height: 1.4;
`
// each dot is a 24 × 24 px target (WCAG 2.2 target size) drawing a small dot inside it
const dots = css`
  position: absolute;
  bottom: 0;
  right: 4px;
  display: flex;
  gap: 0;
  button {
    width: 24px;
    height: 24px;
    padding: 0;
    border: 0;
    background: none;
    cursor: pointer;
    display: inline-flex;
    align-items: center;
    justify-content: center;
  }
  button::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: ${tokens.scrimLight};
  }
  button[aria-pressed='true']::before {
    width: 18px;
    border-radius: 4px;
    background: ${tokens.card};
  }
`
const adCard = css`
  padding: 12px;
`
const adLink = css`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 6px;
  color: ${tokens.text};
  strong {
    font-size: 15px;
  }
  small {
    color: ${tokens.textMuted};
  }
`
const adImg = css`
  display: block;
  width: 100%;
  height: auto;
  border-radius: 6px;
`
const adMark = css`
  position: absolute;
  top: 6px;
  right: 6px;
  padding: 1px 6px;
  border-radius: 3px;
  background: ${tokens.overlay};
  color: ${tokens.onBrand};
  font-size: 12px;
`
const adBrief = css`
  color: ${tokens.textSecondary};
  font-size: 13px;
`
const ranked = css`
  li {
    display: flex;
    gap: 10px;
    align-items: baseline;
    padding: 7px 0;
    font-size: 14px;
    line-height: 1.5;
  }
  a {
    color: ${tokens.text};
  }
`
// doubled class: wins over the shared badge's own rule whichever stylesheet loads last
const rankTop = css`
  &&& {
    background: ${tokens.brand};
    color: ${tokens.onBrand};
  }
`
const topicList = css`
  li {
    display: flex;
    justify-content: space-between;
    gap: 8px;
    padding: 7px 0;
    font-size: 14px;
  }
  a {
    color: ${tokens.text};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  small {
    flex: none;
    color: ${tokens.textMuted};
  }
`
const reportList = css`
  li {
    padding: 8px 0;
    border-bottom: 1px dashed ${tokens.border};
    font-size: 14px;
    line-height: 1.5;
  }
  li:last-child {
    border-bottom: 0;
  }
  a {
    color: ${tokens.text};
  }
  small {
    display: flex;
    gap: 6px;
    color: ${tokens.textMuted};
    font-size: 12px;
  }
`
const price = css`
  margin-left: auto;
  color: ${tokens.brand};
  font-weight: 600;
`
const freeMark = css`
  margin-left: auto;
  color: ${tokens.down};
  font-weight: 600;
`
const headGrid = css`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 10px;
  li {
    display: flex;
    flex-direction: column;
    gap: 2px;
    font-size: 13px;
  }
  small {
    color: ${tokens.textMuted};
  }
`
const headImg = css`
  display: block;
  width: 100%;
  height: auto;
  border-radius: 6px;
`
const ncpTable = css`
  width: 100%;
  border-collapse: collapse;
  font-size: 13px;
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: 6px 4px;
    border-bottom: 1px solid ${tokens.border};
    text-align: right;
  }
  th:first-child {
    text-align: left;
    font-weight: 400;
  }
  thead th {
    color: ${tokens.textMuted};
    font-weight: 400;
    font-size: 12px;
  }
`
const ncpConfirmed = css`
  color: ${tokens.up};
`
const ncpCured = css`
  color: ${tokens.down};
`
const ncpNote = css`
  margin: 8px 0 0;
  color: ${tokens.textMuted};
  font-size: 12px;
`
