// /stock/{id} (id is market prefix plus code, spec 000 §2/§5): live header quote, chart, watchlist button
// and the tabs: news, announcements, discussion, company info, ratios, F10 finance and short selling.
import { lazy, Suspense, useState, useSyncExternalStore, type ReactElement } from 'react'
import { Link } from 'wouter'
import { css } from '@linaria/core'
import { isKnownMarket, parseStockCode } from '../../core/validation/stock-code'
import { formatPercent, formatPriceCents, formatRate, formatRatio } from '../../core/format/money'
import { isUnknownStock, mergeLiveQuote } from '../../core/market/live-quote'
import { formatDate, formatDateTime } from '../../core/format/date-time'
import { useInvalidate, useRead, type ReadResult } from '../common/use-read'
import { whenIdle } from '../entry-timing'
import { useStockApi } from './stock-api'
import { useSession } from '../common/session'
import { ToggleButton } from '../common/toggle-button'
import { useMarketApi } from './api'
import { asOfIso, asOfText, marketStatusText } from './status-text'
import { t } from '../i18n/i18n'
import { usePageTitle } from '../common/page-title'
import { Empty, Failed, Loading } from '../common/status'
import { tokens } from '../styles/tokens'
import { useBig, Change, colourClass, Percent, Section, segmented, table, useLiveQuotes } from './market-ui'
import type { StockChart as StockChartView } from './stock-chart'
import { Tabs } from '../common/tabs'
import { relatedList } from '../content/article-styles'
import { useCommentSlots } from '../common/comment-slots'
import '../i18n/texts/market'
import { brandLook } from '../styles/looks'
import { TableHead } from '../common/table-head'

const head = css`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 24px;
  h1 {
    margin: 0;
    font-size: 22px;
  }
  h1 small {
    margin-left: 8px;
    font-size: 14px;
    font-weight: 400;
    color: ${tokens.textMuted};
  }
`
const priceLine = css`
  display: flex;
  align-items: baseline;
  gap: 14px;
  margin-top: 8px;
  font-variant-numeric: tabular-nums;
  strong {
    font-size: 32px;
  }
`
const stats = css`
  display: grid;
  grid-template-columns: repeat(6, 1fr);
  gap: 6px 16px;
  margin-top: 14px;
  font-size: 13px;
  font-variant-numeric: tabular-nums;
  div {
    display: flex;
    justify-content: space-between;
  }
  dt {
    color: ${tokens.textMuted};
  }
  dd {
    margin: 0;
  }
`
const watchButton = css`
  padding: 6px 18px;
  ${brandLook('16px')}
  cursor: pointer;
  &[aria-pressed='true'] {
    background: ${tokens.card};
    color: ${tokens.brand};
  }
`
const statusTag = css`
  margin-left: 8px;
  font-size: 12px;
  color: ${tokens.textSecondary};
`
/** the quote's as-of time and zone beside the status (issue 24) */
const asOfTag = css`
  margin-left: 6px;
  font-size: 12px;
  font-weight: 400;
  color: ${tokens.textMuted};
  font-variant-numeric: tabular-nums;
`
const invalidBox = css`
  padding: 60px 20px;
  text-align: center;
  h1 {
    font-size: 22px;
  }
  p {
    color: ${tokens.textSecondary};
  }
`

export function StockPage({ id }: { id: string | undefined }) {
  const parsed = id ? parseStockCode(id) : null
  if (!parsed || !isKnownMarket(parsed.market)) return <InvalidStock title={t('market.invalidCode')} />
  return <StockView key={id} market={parsed.market} code={parsed.code} />
}

/** the chart's full height: its periods bar (40 px with margin) over the plot box (stock-chart.tsx: 360 px plot, 400 px box) and readout */
const CHART_BOX_HEIGHT = 468

const LazyStockChart = lazy(() => import('./stock-chart').then((m) => ({ default: m.StockChart })))
/** the chart's box at its final height (periods bar, readout and plot), so nothing below moves when it draws */
const chartBox = css`
  min-height: ${CHART_BOX_HEIGHT}px;
`

/** Whether the browser has had an idle moment since the page started (false on the server and while hydrating). */
let idleSeen = false
let idleAsked = false
const idleListeners = new Set<() => void>()
function subscribeIdle(listener: () => void): () => void {
  idleListeners.add(listener)
  if (!idleAsked) {
    idleAsked = true
    whenIdle(window, () => {
      idleSeen = true
      for (const l of idleListeners) l()
    })
  }
  return () => idleListeners.delete(listener)
}
/** True once the browser has been idle after hydrating; no effect and no setState (as useHydrated). */
function useIdleSeen(): boolean {
  return useSyncExternalStore(subscribeIdle, () => idleSeen, () => false)
}

/**
 * The chart stays in the browser: the server and the hydrating render draw its empty box of the final
 * size; the chart's code (uPlot), its data and its drawing wait for the browser's first idle moment
 * after the quote head has hydrated (issue 31: no long task while the page hydrates). Opened from
 * another page, the chart starts at once.
 */
function ClientChart(props: Parameters<typeof StockChartView>[0]) {
  const idle = useIdleSeen()
  return (
    <div className={chartBox} data-testid="stock-chart-box">
      {idle ? (
        <Suspense fallback={null}>
          <LazyStockChart {...props} />
        </Suspense>
      ) : null}
    </div>
  )
}

function InvalidStock({ title }: { title: string }) {
  usePageTitle(title)
  return (
    <section className={invalidBox} data-testid="invalid-stock">
      <h1>{title}</h1>
      <p>{t('market.invalidCodeHint')}</p>
      <Link href="/market">{t('market.backToMarket')}</Link>
    </section>
  )
}

function StockView({ market, code }: { market: 'hk' | 'us'; code: string }) {
  const api = useStockApi()
  const big = useBig()
  const stockId = market + code
  // the quote head: read under first-screen's call, so a server-rendered page starts from the inlined quote
  const info = useRead(api.quote(market, code))
  const live = useLiveQuotes(info.status === 'ready' ? [stockId] : []).get(stockId)
  usePageTitle(info.data ? `${info.data.name} ${info.data.codeDisp}` : null)
  if (info.status === 'failed' && isUnknownStock(info)) return <InvalidStock title={t('market.unknownStock')} />
  if (info.status === 'failed') return <Failed message={info.message} onRetry={info.reload} />
  if (info.status === 'loading') return <Loading />
  const quote = mergeLiveQuote(info.data, live)
  return (
    <div>
      <Section title="">
        <div className={head}>
          <div>
            <h1>
              {quote.name}
              <small>{quote.codeDisp}</small>
              <span className={statusTag} data-testid="market-status">{marketStatusText(market, quote)}</span>
              <time className={asOfTag} dateTime={asOfIso(quote.time)} data-testid="quote-as-of">{asOfText(market, quote.time)}</time>
            </h1>
            <div className={priceLine}>
              <strong className={colourClass(quote.change)} data-testid="stock-price">{formatPriceCents(quote.price)}</strong>
              <Change cents={quote.change} />
              <Percent value={quote.changePercent} />
            </div>
          </div>
          {quote.category === 'index' ? null : <WatchButton stockId={stockId} market={market} />}
        </div>
        <dl className={stats}>
          <Stat label={t('market.open')} value={formatPriceCents(quote.open)} />
          <Stat label={t('market.high')} value={formatPriceCents(quote.high)} />
          <Stat label={t('market.low')} value={formatPriceCents(quote.low)} />
          <Stat label={t('market.prevClose')} value={formatPriceCents(quote.prevClose)} />
          <Stat label={t('market.volume')} value={big(quote.volume)} />
          <Stat label={t('market.turnover')} value={big(quote.turnover)} />
          <Stat label={t('market.marketCap')} value={quote.marketCap ? big(quote.marketCap) : '--'} />
          <Stat label={t('market.pe')} value={formatRatio(quote.pe)} />
          <Stat label={t('market.bid')} value={quote.category === 'index' ? '--' : formatPriceCents(quote.bid)} />
          <Stat label={t('market.ask')} value={quote.category === 'index' ? '--' : formatPriceCents(quote.ask)} />
          <Stat label={t('market.amplitude')} value={formatRate(quote.amplitude)} />
          <Stat label={t('market.turnoverRate')} value={formatRate(quote.turnoverRate)} />
          <Stat label={t('market.high52w')} value={formatPriceCents(quote.high52w)} />
          <Stat label={t('market.low52w')} value={formatPriceCents(quote.low52w)} />
          <Stat label={t('market.lotSize')} value={String(quote.lotSize)} />
        </dl>
      </Section>
      <Section title="">
        <ClientChart stockId={stockId} market={market} code={code} name={quote.name} live={live} />
      </Section>
      <StockTabs stockId={stockId} market={market} code={code} />
    </div>
  )
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}

function WatchButton({ stockId, market }: { stockId: string; market: 'hk' | 'us' }) {
  const calls = useMarketApi()
  const session = useSession()
  const userId = session.user?.id ?? 0
  const watched = useRead(userId ? calls.isWatched(stockId, userId) : null)
  const invalidate = useInvalidate()
  const save = async (on: boolean) => {
    const saved = await calls.watch(stockId, market, on)
    invalidate('userstock.') // the watchlists and this flag
    return saved
  }
  return (
    <ToggleButton
      on={watched.data ?? false}
      save={save}
      member={{ set: 'stocks', id: stockId }}
      label={(on) => (on ? t('market.removeWatch') : t('market.addWatch'))}
      className={() => watchButton}
      testId="watch-button"
    />
  )
}

type Tab = 'news' | 'announcements' | 'discussion' | 'company' | 'ratios' | 'finance' | 'short'
const TABS: Tab[] = ['news', 'announcements', 'discussion', 'company', 'ratios', 'finance', 'short']

function StockTabs({ stockId, market, code }: { stockId: string; market: 'hk' | 'us'; code: string }) {
  const [tab, setTab] = useState<Tab>('news')
  return (
    <Section
      title=""
      extra={null}
    >
      <div style={{ marginBottom: 12 }}>
        <Tabs className={segmented} label={t('market.stockTabs')} idBase="stock" panelId="stock-tabpanel" items={TABS.map((x) => ({ key: x, label: t(`market.tabs.${x}`) }))} value={tab} onChange={setTab} />
      </div>
      <div role="tabpanel" id="stock-tabpanel" aria-labelledby={`stock-tab-${tab}`} tabIndex={0}>
        {tab === 'news' ? <NewsTab stockId={stockId} /> : null}
        {tab === 'announcements' ? <AnnouncementsTab stockId={stockId} /> : null}
        {tab === 'discussion' ? <DiscussionTab stockId={stockId} /> : null}
        {tab === 'company' ? <CompanyTab market={market} code={code} /> : null}
        {tab === 'ratios' ? <RatiosTab market={market} code={code} /> : null}
        {tab === 'finance' ? <FinanceTab market={market} code={code} /> : null}
        {tab === 'short' ? <ShortTab stockId={stockId} /> : null}
      </div>
    </Section>
  )
}

function Loaded<T>({ load, render }: { load: ReadResult<T>; render: (data: T) => ReactElement }) {
  if (load.status === 'failed') return <Failed message={load.message} onRetry={load.reload} />
  if (load.status === 'loading') return <Loading rows={2} />
  return render(load.data)
}

function NewsTab({ stockId }: { stockId: string }) {
  const api = useStockApi()
  const load = useRead(api.news(stockId))
  return (
    <Loaded load={load} render={(d) => (d.list.length === 0 ? <Empty text={t('market.noData')} /> : (
      <ul className={relatedList}>
        {d.list.map((n) => (
          <li key={n.id}>
            <Link href={`/news/${n.id}`}>{n.title}</Link>
            <small>{n.source} · {formatDateTime(n.createTimestamp)}</small>
          </li>
        ))}
      </ul>
    ))} />
  )
}

function AnnouncementsTab({ stockId }: { stockId: string }) {
  const api = useStockApi()
  const load = useRead(api.announcements(stockId))
  return (
    <Loaded load={load} render={(d) => (
      <ul className={relatedList}>
        {d.list.map((a) => (
          <li key={a.id}>
            {a.title}
            <small>{a.category} · {formatDate(a.createTimestamp)}</small>
          </li>
        ))}
      </ul>
    )} />
  )
}

function DiscussionTab({ stockId }: { stockId: string }) {
  const api = useStockApi()
  const load = useRead(api.discussion(stockId))
  // spec 000 §7: the box to discuss the stock, passed in by the app (ui/common/comment-slots.tsx)
  const comments = useCommentSlots()
  return (
    <>
      {comments.stock(stockId)}
      <Loaded load={load} render={(d) => (
        <ul className={relatedList}>
          {d.list.map((p) => (
            <li key={p.id}>
              <strong>{p.author.nick}</strong>：{p.content}
              <small>{formatDateTime(p.createTimestamp)} · 👍 {p.likeCount} · 💬 {p.commentCount}</small>
            </li>
          ))}
        </ul>
      )} />
    </>
  )
}

const kv = css`
  display: grid;
  grid-template-columns: 120px 1fr;
  gap: 8px 16px;
  margin: 0;
  font-size: 14px;
  dt {
    color: ${tokens.textMuted};
  }
  dd {
    margin: 0;
  }
`

function CompanyTab({ market, code }: { market: 'hk' | 'us'; code: string }) {
  const api = useStockApi()
  const big = useBig()
  const load = useRead(api.company(market, code))
  return (
    <Loaded load={load} render={(c) => (
      <dl className={kv}>
        <dt>{t('market.name')}</dt><dd>{c.name}（{c.nameEn}）</dd>
        <dt>{t('market.industry')}</dt><dd>{c.industry}</dd>
        <dt>{t('market.listedDate')}</dt><dd>{formatDate(c.listedDate)}</dd>
        <dt>{t('market.chairman')}</dt><dd>{c.chairman}</dd>
        <dt>{t('market.employees')}</dt><dd>{c.employees ? big(c.employees) : '--'}</dd>
        <dt>{t('market.headquarters')}</dt><dd>{c.headquarters}</dd>
        <dt>{t('market.website')}</dt><dd>{c.website}</dd>
        <dt>{t('market.business')}</dt><dd>{c.business}</dd>
      </dl>
    )} />
  )
}

const pct = formatRate

function RatiosTab({ market, code }: { market: 'hk' | 'us'; code: string }) {
  const api = useStockApi()
  const load = useRead(api.ratios(market, code))
  return (
    <Loaded load={load} render={(r) => (
      <dl className={kv}>
        <dt>{t('market.pe')}</dt><dd>{formatRatio(r.pe)}</dd>
        <dt>{t('market.pb')}</dt><dd>{formatRatio(r.pb)}</dd>
        <dt>{t('market.ps')}</dt><dd>{formatRatio(r.ps)}</dd>
        <dt>{t('market.dividendYield')}</dt><dd>{pct(r.dividendYield)}</dd>
        <dt>{t('market.roe')}</dt><dd>{pct(r.roe)}</dd>
        <dt>{t('market.grossMargin')}</dt><dd>{pct(r.grossMargin)}</dd>
        <dt>{t('market.netMargin')}</dt><dd>{pct(r.netMargin)}</dd>
        <dt>{t('market.debtRatio')}</dt><dd>{pct(r.debtRatio)}</dd>
      </dl>
    )} />
  )
}

function FinanceTab({ market, code }: { market: 'hk' | 'us'; code: string }) {
  const api = useStockApi()
  const big = useBig()
  const load = useRead(api.finance(market, code))
  return (
    <Loaded load={load} render={(f) => (
      <table className={table}>
        <TableHead columns={[t('market.period'), t('market.revenue'), t('market.netProfit'), t('market.eps'), t('market.grossMargin'), t('market.totalAssets'), t('market.totalLiabilities'), t('market.operatingCashFlow')]} />
        <tbody>
          {f.reports.map((r) => (
            <tr key={r.period}>
              <td>{r.period}</td>
              <td>{big(r.revenue)}</td>
              <td>{big(r.netProfit)}</td>
              <td>{formatRatio(r.eps)}</td>
              <td>{pct(r.grossMargin)}</td>
              <td>{big(r.totalAssets)}</td>
              <td>{big(r.totalLiabilities)}</td>
              <td>{big(r.operatingCashFlow)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    )} />
  )
}

function ShortTab({ stockId }: { stockId: string }) {
  const api = useStockApi()
  const big = useBig()
  const load = useRead(api.short(stockId))
  return (
    <Loaded load={load} render={({ flag, data }) => (
      <>
        <p>{flag.isShortSelling ? t('market.shortSelling') : t('market.notShortSelling')}</p>
        <table className={table}>
          <TableHead columns={[t('market.date'), t('market.shortVolume'), t('market.shortTurnover'), t('market.shortRatio'), t('market.close')]} />
          <tbody>
            {data.list.map((r) => (
              <tr key={r.date}>
                <td>{formatDate(r.date)}</td>
                <td>{big(r.shortVolume)}</td>
                <td>{big(r.shortTurnover)}</td>
                <td>{formatPercent(r.shortRatio).replace('+', '')}</td>
                <td>{formatPriceCents(r.closePrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </>
    )} />
  )
}
