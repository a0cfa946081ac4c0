// /portfolio/{id} (issue 15; spec 001 §2): the head (net value to 4 decimals, day profit, total return),
// the net value against 恒生指数 or 标普500 with periods, the drawdown, positions at live prices, the
// adjustment history, dynamics and followers; /portfolio/{id}/follow lists the followers.
import { useCallback, useMemo, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { css } from '@linaria/core'
import type { NetValuePeriod, PortfolioHead } from '../../core/api/portfolio'
import { NET_VALUE_PERIODS } from '../../core/api/portfolio'
import { formatNetValue, formatPercent, formatPriceCents } from '../../core/format/money'
import { formatDate, formatDateTime } from '../../core/format/date-time'
import { usePageTitle } from '../common/page-title'
import { Empty, Failed, Loading } from '../common/status'
import { Tabs } from '../common/tabs'
import { ToggleButton } from '../common/toggle-button'
import { useInvalidate, usePages, useRead } from '../common/use-read'
import { useSession } from '../common/session'
import { t } from '../i18n/i18n'
import { chipTabs } from '../styles/buttons'
import { tokens } from '../styles/tokens'
import { priceColours } from '../../core/market/price-colour'
import { usePriceColours } from '../styles/price-colours'
import { usePortfolioApi } from './api'
import { LinesChart } from './lines-chart'
import { Positions } from './positions'
import { RenameForm } from './rename-form'
import { button, card, errorText, figures, muted, page, Pct, primary } from './portfolio-ui'
import '../i18n/texts/portfolio'
import { errorMessage } from '../../core/api/api-error'
import { plainListLook } from '../styles/looks'

const net4 = (v: number) => formatNetValue(v)
/** followers as chips: each link at least 24 px high, apart from its neighbours (WCAG 2.2 target size) */
const chips = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 12px;
  ${plainListLook}
  a {
    display: inline-block;
    min-height: 24px;
    line-height: 24px;
    padding: 2px 10px;
    border: 1px solid ${tokens.border};
    border-radius: 14px;
    color: ${tokens.link};
    text-decoration: none;
  }
`
const pct2 = (v: number) => `${v.toFixed(2)}%`

/** The net value chart's periods, chips above the chart. */
const periods = css`
  margin: 0 0 12px;
`
/** the head's buttons in one row; the rename form, once open, takes a row of its own */
const actions = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  row-gap: 8px;
  margin: 12px 0;
`

export function PortfolioPage({ code }: { code: string }) {
  const api = usePortfolioApi()
  const userId = useSession().user?.id ?? null
  const head = useRead(api.head(code, userId))
  const invalidate = useInvalidate()
  const onChanged = useCallback(() => invalidate('portfolio.'), [invalidate])
  usePageTitle(head.status === 'ready' ? head.data.name : t('portfolio.title'))
  if (head.status === 'loading') return <div className={page}><Loading /></div>
  if (head.status === 'failed') return <div className={page}><Failed message={head.message} onRetry={head.reload} /></div>
  const h = head.data
  return (
    <div className={page}>
      {/* after a write (follow, close, rename): every read of the portfolio again */}
      <Head head={h} onChanged={onChanged} />
      <NetValueSection code={code} name={h.name} />
      <DrawdownSection code={code} name={h.name} />
      {h.closed ? null : <Positions code={code} />}
      <History code={code} />
      <Dynamics code={code} />
      <Followers code={code} />
    </div>
  )
}

function Head({ head: h, onChanged }: { head: PortfolioHead; onChanged: () => void }) {
  const api = usePortfolioApi()
  const session = useSession()
  const [, navigate] = useLocation()
  const [message, setMessage] = useState<string | null>(null)
  const save = useCallback(
    async (on: boolean) => {
      const saved = await api.follow(h.portfolioCode, on)
      onChanged() // its follower count and list
      return saved
    },
    [api, h.portfolioCode, onChanged],
  )
  const close = async () => {
    if (!window.confirm(t('portfolio.closeConfirm'))) return
    try {
      await api.close(h.portfolioCode)
      onChanged()
    } catch (e) {
      setMessage(errorMessage(e))
    }
  }
  const share = async () => {
    try {
      await api.share(h.portfolioCode)
      setMessage(t('portfolio.shared'))
    } catch (e) {
      setMessage(String((e as { message?: string }).message ?? e))
    }
  }
  return (
    <section className={card} data-testid="portfolio-head">
      <h1>
        {h.nameDisp} <span className={muted}>{h.closed ? t('portfolio.closed') : t(h.market === 'hk' ? 'portfolio.markets.hk' : 'portfolio.markets.us')}</span>
      </h1>
      <p className={muted}>
        {t('portfolio.owner')}：<Link href={`/user/${h.owner.id}`}>{h.owner.nick}</Link> · {t('portfolio.created', { date: formatDate(h.createTimestamp) })}
        {h.closeTimestamp !== null ? ` · ${t('portfolio.closedAt', { date: formatDate(h.closeTimestamp) })}` : ''}
      </p>
      <dl className={figures}>
        <div>
          <dt>{t('portfolio.netValue')}</dt>
          <dd data-testid="net-value">{formatNetValue(h.netValue)}</dd>
        </div>
        <div>
          <dt>{t('portfolio.dayProfit')}</dt>
          <dd><Pct value={h.dayProfit} /></dd>
        </div>
        <div>
          <dt>{t('portfolio.totalProfit')}</dt>
          <dd><Pct value={h.totalProfit} /></dd>
        </div>
        <div>
          <dt>{t('portfolio.maxDrawdown')}</dt>
          <dd>{pct2(h.maxDrawdown)}</dd>
        </div>
        <div>
          <dt>{t('portfolio.followers')}</dt>
          <dd>{h.followerCount}</dd>
        </div>
      </dl>
      <div className={actions}>
        {h.isOwner ? null : (
          <ToggleButton
            on={h.followed}
            save={save}
            label={(on) => (on ? t('portfolio.following') : t('portfolio.follow'))}
            className={(on) => (on ? button : `${button} ${primary}`)}
            testId="portfolio-follow"
          />
        )}
        <Link className={button} href={`/portfolio/${h.portfolioCode}/revenue-analysis`}>{t('portfolio.revenue')}</Link>
        {h.isOwner && !h.closed ? (
          <>
            <button type="button" className={`${button} ${primary}`} onClick={() => navigate(`/portfolio/edit/adjust/${h.portfolioCode}`)} data-testid="portfolio-adjust">
              {t('portfolio.edit')}
            </button>
            <button type="button" className={button} onClick={() => void close()}>{t('portfolio.close')}</button>
          </>
        ) : null}
        {session.user && !h.closed ? <button type="button" className={button} onClick={() => void share()}>{t('portfolio.share')}</button> : null}
        {h.isOwner && !h.closed ? <RenameForm key={h.name} code={h.portfolioCode} name={h.name} onRenamed={onChanged} /> : null}
      </div>
      {message ? <p className={errorText} role="status">{message}</p> : null}
    </section>
  )
}

function NetValueSection({ code, name }: { code: string; name: string }) {
  const api = usePortfolioApi()
  const [period, setPeriod] = useState<NetValuePeriod>('all')
  const data = useRead(api.netValues(code, period))
  return (
    <section className={card}>
      <h2>{t('portfolio.chart')}</h2>
      <Tabs className={`${chipTabs} ${periods}`} label={t('portfolio.chart')} items={NET_VALUE_PERIODS.map((p) => ({ key: p, label: t(`portfolio.periods.${p}`), testId: `period-${p}` }))} value={period} onChange={setPeriod} testId="net-value-periods" />
      {data.status === 'loading' ? <Loading /> : data.status === 'failed' ? <Failed message={data.message} onRetry={data.reload} /> : (
        <NetValueChart name={name} benchmark={data.data.benchmark.name} list={data.data.list} />
      )}
    </section>
  )
}

function NetValueChart({ name, benchmark, list }: { name: string; benchmark: string; list: readonly { day: number; netValue: number; benchmark: number }[] }) {
  const [days, lines] = useMemo(
    () =>
      [
        list.map((x) => x.day),
        [
          { label: name, values: list.map((x) => x.netValue), colour: tokens.brand },
          { label: benchmark, values: list.map((x) => x.benchmark), colour: tokens.link },
        ],
      ] as const,
    [list, name, benchmark],
  )
  return <div data-testid="net-value-chart"><LinesChart days={days} lines={lines} label={t('portfolio.chartLabel', { name, benchmark })} format={net4} /></div>
}

function DrawdownSection({ code, name }: { code: string; name: string }) {
  const api = usePortfolioApi()
  const data = useRead(api.drawdown(code))
  if (data.status !== 'ready') return data.status === 'failed' ? <Failed message={data.message} onRetry={data.reload} /> : null
  return (
    <section className={card}>
      <h2>
        {t('portfolio.drawdown')} <span className={muted}>{t('portfolio.maxDrawdown')} {pct2(data.data.maxDrawdown)}</span>
      </h2>
      <DrawdownChart name={name} list={data.data.list} />
    </section>
  )
}

function DrawdownChart({ name, list }: { name: string; list: readonly { day: number; drawdown: number }[] }) {
  // a canvas cannot read the CSS variables tokens.down names: core gives the hex for the reader's scheme
  const scheme = usePriceColours()
  const [days, lines] = useMemo(() => {
    const { down, downBg } = priceColours(scheme)
    return [list.map((x) => x.day), [{ label: t('portfolio.drawdown'), values: list.map((x) => -x.drawdown), colour: down, fill: downBg }]] as const
  }, [list, scheme])
  return <LinesChart days={days} lines={lines} height={160} label={t('portfolio.drawdownLabel', { name })} format={pct2} />
}

/** The adjustment history: each adjustment's time in Beijing time, as everywhere on the site (issue 25). */
export function History({ code }: { code: string }) {
  const api = usePortfolioApi()
  const [pageNo, setPageNo] = useState(1)
  const data = useRead(api.history(code, pageNo))
  if (data.status === 'loading') return <Loading />
  if (data.status === 'failed') return <Failed message={data.message} onRetry={data.reload} />
  return (
    <section className={card}>
      <h2>{t('portfolio.history')}</h2>
      <ol data-testid="adjust-history">
        {data.data.list.map((a) => (
          <li key={a.id}>
            <span className={muted}>{formatDateTime(a.time)}</span>
            <ul>
              {a.items.map((i) => (
                <li key={i.stockCode}>{t('portfolio.historyItem', { name: i.name, from: pct2(i.fromWeight), to: pct2(i.toWeight), price: formatPriceCents(i.price) })}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      {data.data.hasMore || pageNo > 1 ? (
        <p>
          <button type="button" className={button} disabled={pageNo === 1} onClick={() => setPageNo((p) => p - 1)}>‹</button>
          <button type="button" className={button} disabled={!data.data.hasMore} onClick={() => setPageNo((p) => p + 1)}>›</button>
        </p>
      ) : null}
    </section>
  )
}

export function Dynamics({ code }: { code: string }) {
  const api = usePortfolioApi()
  const data = useRead(api.dynamics(code))
  if (data.status !== 'ready') return null
  return (
    <section className={card}>
      <h2>{t('portfolio.dynamics')}</h2>
      {data.data.list.length === 0 ? <Empty /> : (
        <ul>
          {data.data.list.map((d) => (
            <li key={d.id}>
              <span className={muted}>{formatDate(d.time)}</span> {d.user.nick} {t(`portfolio.dynamicTypes.${d.type}`)}
              {d.items.length ? `：${d.items.map((i) => `${i.name} ${formatPercent(i.toWeight - i.fromWeight)}`).join('，')}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function Followers({ code, full = false }: { code: string; full?: boolean }) {
  const api = usePortfolioApi()
  const data = usePages(api.followers(code))
  if (data.status === 'failed') return <Failed message={data.message ?? ''} onRetry={data.reload} />
  if (data.status === 'loading') return <Loading rows={2} />
  return (
    <section className={card}>
      <h2>
        {t('portfolio.followerList')} {full ? null : <Link href={`/portfolio/${code}/follow`} className={muted}>{data.first?.total ?? ''}</Link>}
      </h2>
      {data.items.length === 0 ? <Empty text={t('portfolio.noFollowers')} /> : (
        <ul className={chips} data-testid="followers">
          {data.items.map((u) => (
            <li key={u.id}><Link href={`/user/${u.id}`}>{u.nick}</Link></li>
          ))}
        </ul>
      )}
      {full && data.hasMore ? <button type="button" className={button} disabled={data.status === 'more'} onClick={data.more}>›</button> : null}
    </section>
  )
}

export function FollowersPage({ code }: { code: string }) {
  usePageTitle(t('portfolio.followerList'))
  return (
    <div className={page}>
      <p><Link href={`/portfolio/${code}`}>‹ {t('portfolio.title')}</Link></p>
      <Followers code={code} full />
    </div>
  )
}
