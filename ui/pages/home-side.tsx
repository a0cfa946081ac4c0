// The home page's side column beside the flashes (spec 000 §7 'Home and content', issue 25): the market
// strip (/hq/home-page-data: the six indices, each market's breadth, the most discussed stocks), the
// capital flow (/hq/quote/api/market/flow/entrance/data/v2) and the opportunity reminders
// (/api/opportunityRemind/list/v1); and /tag/{type}'s channel head (/api/channels/{id}/v1). Each is one
// read through useRead, started from the server's inlined answer on the served page.
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { MarketFlow } from '../../core/api/market'
import { formatBigNumber } from '../../core/format/big-number'
import { formatDate } from '../../core/format/date-time'
import { formatPercent, formatPriceCents } from '../../core/format/money'
import { Failed, Loading } from '../common/status'
import { useRead, type ReadResult } from '../common/use-read'
import { panel, panelTitle } from '../content/panel'
import { t } from '../i18n/i18n'
import { useServices } from '../services'
import { tokens } from '../styles/tokens'
import { rankBadge as rank } from '../styles/controls'
import { usePagesApi } from './api'
import { smallTagLook, clampLines, plainListLook } from '../styles/looks'

const rise = (x: number) => (x > 0 ? upText : x < 0 ? downText : undefined)
const signed = (n: number, lang: 'zh-cn' | 'zh-hk') => `${n > 0 ? '+' : ''}${formatBigNumber(n, lang)}`

function Loaded<T>({ load, rows, children }: { load: ReadResult<T>; rows: number; children: (data: T) => React.ReactNode }) {
  if (load.status === 'loading') return <Loading rows={rows} />
  if (load.status === 'failed') return <Failed message={load.message} onRetry={load.reload} />
  return <>{children(load.data)}</>
}

/** 市场概览: the indices in a grid, each market's breadth, the most discussed stocks. */
export function HomeMarket() {
  const api = usePagesApi()
  const { lang } = useServices()
  const load = useRead(api.homeMarket())
  return (
    <section className={panel} aria-label={t('home.market.title')}>
      <h2 className={panelTitle}>
        {t('home.market.title')}
        <Link href="/market">{t('home.market.more')}</Link>
      </h2>
      <Loaded load={load} rows={3}>
        {(d) => (
          <>
            <ul className={indexGrid} aria-label={t('home.market.indices')}>
              {d.indices.map((q) => (
                <li key={q.stockCode}>
                  <Link href={`/stock/${q.stockCode}`}>
                    <span>{q.name}</span>
                    <strong className={rise(q.change)}>{formatPriceCents(q.price)}</strong>
                    <small className={rise(q.change)}>{formatPercent(q.changePercent)}</small>
                  </Link>
                </li>
              ))}
            </ul>
            <ul className={breadthList} aria-label={t('home.market.breadthLabel')}>
              {d.breadth.map((b) => (
                <li key={b.market}>
                  <b>{t(`home.market.${b.market}`)}</b>
                  <em>{t(`home.market.status.${b.status}`)}</em>
                  <span className={upText}>{t('home.market.up', { n: b.up })}</span>
                  <span className={downText}>{t('home.market.down', { n: b.down })}</span>
                  <span>{t('home.market.flat', { n: b.flat })}</span>
                  <BreadthBar up={b.up} down={b.down} flat={b.flat} />
                </li>
              ))}
            </ul>
            <h3 className={subTitle}>{t('home.market.hot')}</h3>
            <ol className={hotList}>
              {d.hotStocks.map((s) => (
                <li key={s.stockCode}>
                  <span className={rank}>{s.rank}</span>
                  <Link href={`/stock/${s.stockCode}`}>{s.name}</Link>
                  <span className={rise(s.changePercent)}>{formatPercent(s.changePercent)}</span>
                  <small>{t('home.market.heat', { n: formatBigNumber(s.heat, lang) })}</small>
                </li>
              ))}
            </ol>
          </>
        )}
      </Loaded>
    </section>
  )
}

function BreadthBar({ up, down, flat }: { up: number; down: number; flat: number }) {
  const total = Math.max(1, up + down + flat)
  return (
    <span className={bar} aria-hidden="true">
      <i className={barUp} style={{ width: `${(up / total) * 100}%` }} />
      <i className={barFlat} style={{ width: `${(flat / total) * 100}%` }} />
      <i className={barDown} style={{ width: `${(down / total) * 100}%` }} />
    </span>
  )
}

/** 资金流向: each market's net flow of the day and the stocks leading it in and out. */
export function HomeFlow() {
  const api = usePagesApi()
  const { lang } = useServices()
  const load = useRead(api.homeFlow())
  return (
    <section className={panel} aria-label={t('home.flow.title')}>
      <h2 className={panelTitle}>
        {t('home.flow.title')}
      </h2>
      <Loaded load={load} rows={3}>
        {(flows) => (
          <div className={flowGrid}>
            {flows.map((f) => (
              <div key={f.market} className={flowCard} data-testid={`flow-${f.market}`}>
                <div className={flowHead}>
                  <b>{t(`home.market.${f.market}`)}</b>
                  <span>{t('home.flow.net')}</span>
                  <strong className={rise(f.netInflow)}>{signed(f.netInflow, lang)}</strong>
                  <small>{f.currency}</small>
                </div>
                <p className={flowLine}>
                  {t('home.flow.inOut', { inflow: formatBigNumber(f.inflow, lang), outflow: formatBigNumber(f.outflow, lang) })}
                </p>
                <FlowStocks title={t('home.flow.topIn')} stocks={f.topInflow} lang={lang} />
                <FlowStocks title={t('home.flow.topOut')} stocks={f.topOutflow} lang={lang} />
              </div>
            ))}
          </div>
        )}
      </Loaded>
    </section>
  )
}

function FlowStocks({ title, stocks, lang }: { title: string; stocks: MarketFlow['topInflow']; lang: 'zh-cn' | 'zh-hk' }) {
  if (!stocks.length) return null
  return (
    <div className={flowStocks}>
      <span>{title}</span>
      <ul aria-label={title}>
        {stocks.map((s) => (
          <li key={s.stockCode}>
            <Link href={`/stock/${s.stockCode}`}>{s.name}</Link>
            <span className={rise(s.netInflow)}>{signed(s.netInflow, lang)}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** 机会提醒: the newest opportunity reminders with their kind and day. */
export function HomeReminds() {
  const api = usePagesApi()
  const load = useRead(api.homeReminds())
  return (
    <section className={panel} aria-label={t('home.reminds.title')}>
      <h2 className={panelTitle}>
        {t('home.reminds.title')}
      </h2>
      <Loaded load={load} rows={4}>
        {({ list }) => (
          <ul className={remindList}>
            {list.map((r) => (
              <li key={r.id}>
                <span className={kindTag} data-kind={r.kind}>
                  {t(`home.reminds.kinds.${r.kind}`)}
                </span>
                <div>
                  <strong>{r.title}</strong>
                  <p>{r.content}</p>
                  <small>
                    {t('home.reminds.on', { date: formatDate(r.eventTimestamp) })}
                    {r.stocks.map((s) => (
                      <Link key={s.id} href={`/stock/${s.id}`}>
                        {s.name}
                      </Link>
                    ))}
                  </small>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </section>
  )
}

/** /tag/{type}'s head: the channel's count of articles, last update and sub-channels. */
export function ChannelHead({ id }: { id: number }) {
  const api = usePagesApi()
  const load = useRead(api.channel(id))
  if (load.status !== 'ready') return null
  const c = load.data
  return (
    <div className={channelHead} aria-label={t('home.channel.label', { name: c.name })} role="group">
      <span>{t('home.channel.articles', { n: c.articleCount })}</span>
      {c.latestTimestamp !== null ? <span>{t('home.channel.updated', { date: formatDate(c.latestTimestamp) })}</span> : null}
      {c.subChannels.length ? (
        <ul aria-label={t('home.channel.subChannels')}>
          {c.subChannels.map((s) => (
            <li key={s.type}>{s.name}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

const upText = css`
  color: ${tokens.up};
`
const downText = css`
  color: ${tokens.down};
`
const indexGrid = css`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 8px;
  ${plainListLook}
  a {
    display: flex;
    flex-direction: column;
    gap: 2px;
    padding: 8px;
    border-radius: ${tokens.radius};
    background: ${tokens.bg};
    color: ${tokens.text};
    font-size: 12px;
  }
  strong {
    font-size: 15px;
    font-variant-numeric: tabular-nums;
  }
  small {
    font-size: 12px;
    font-variant-numeric: tabular-nums;
  }
`
const breadthList = css`
  margin: 12px 0 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 8px;
    padding: 4px 0;
    font-size: 13px;
  }
  em {
    font-style: normal;
    color: ${tokens.textMuted};
    font-size: 12px;
  }
`
const bar = css`
  display: flex;
  flex-basis: 100%;
  height: 4px;
  border-radius: 2px;
  overflow: hidden;
  background: ${tokens.bg};
  i {
    display: block;
    height: 100%;
  }
`
const barUp = css`
  background: ${tokens.up};
`
const barDown = css`
  background: ${tokens.down};
`
const barFlat = css`
  background: ${tokens.border};
`
const subTitle = css`
  margin: 12px 0 4px;
  font-size: 14px;
  font-weight: 600;
`
const hotList = css`
  ${plainListLook}
  li {
    display: flex;
    align-items: baseline;
    gap: 8px;
    padding: 5px 0;
    font-size: 14px;
  }
  a {
    flex: 1;
    display: inline-flex;
    align-items: center;
    min-height: 24px;
    color: ${tokens.text};
  }
  small {
    color: ${tokens.textMuted};
    font-size: 12px;
  }
`
const flowGrid = css`
  display: flex;
  flex-direction: column;
  gap: 10px;
`
const flowCard = css`
  padding: 10px;
  border-radius: ${tokens.radius};
  background: ${tokens.bg};
`
const flowHead = css`
  display: flex;
  align-items: baseline;
  gap: 8px;
  font-size: 13px;
  strong {
    font-size: 16px;
    font-variant-numeric: tabular-nums;
  }
  small {
    color: ${tokens.textMuted};
  }
`
const flowLine = css`
  margin: 4px 0 6px;
  color: ${tokens.textSecondary};
  font-size: 12px;
`
const flowStocks = css`
  display: flex;
  gap: 8px;
  font-size: 12px;
  > span {
    flex: none;
    color: ${tokens.textMuted};
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 0 12px;
    ${plainListLook}
  }
  li {
    display: flex;
    align-items: center;
    gap: 4px;
  }
  /* each a 24 px target (WCAG 2.2 target size) */
  a {
    display: inline-flex;
    align-items: center;
    min-height: 24px;
    color: ${tokens.text};
  }
`
const remindList = css`
  ${plainListLook}
  li {
    display: flex;
    gap: 10px;
    padding: 8px 0;
    border-bottom: 1px dashed ${tokens.border};
  }
  li:last-child {
    border-bottom: 0;
  }
  strong {
    display: block;
    font-size: 14px;
    line-height: 1.5;
  }
  p {
    margin: 2px 0;
    color: ${tokens.textSecondary};
    font-size: 13px;
    line-height: 1.5;
    ${clampLines(2)}
  }
  small {
    display: flex;
    align-items: center;
    gap: 12px;
    color: ${tokens.textMuted};
    font-size: 12px;
  }
  small a {
    display: inline-flex;
    align-items: center;
    min-height: 24px;
  }
`
const kindTag = css`
  flex: none;
  height: 20px;
  ${smallTagLook(tokens.upBg, tokens.brand, '20px')}
`
const channelHead = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  padding: 8px 0 4px;
  color: ${tokens.textMuted};
  font-size: 13px;
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    ${plainListLook}
  }
  li {
    padding: 1px 8px;
    border-radius: 10px;
    background: ${tokens.infoBg};
    color: ${tokens.link};
    font-size: 12px;
  }
`
