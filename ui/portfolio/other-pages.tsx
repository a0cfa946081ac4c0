// /user/{userId}/portfolio (spec 000 §2 'My portfolio'; own and others'), /portfolio/{id}/revenue-analysis
// (month profits against the index) and /intro/portfolio.
import { useMemo } from 'react'
import { Link } from 'wouter'
import { usePageTitle } from '../common/page-title'
import { Empty, Failed, Loading } from '../common/status'
import { useRead } from '../common/use-read'
import { useSession } from '../common/session'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { formatNetValue } from '../../core/format/money'
import { usePortfolioApi } from './api'
import { LinesChart } from './lines-chart'
import { button, card, muted, page, Pct, PortfolioList, primary, table } from './portfolio-ui'
import '../i18n/texts/portfolio'

export function UserPortfoliosPage({ userId }: { userId: number }) {
  const api = usePortfolioApi()
  const session = useSession()
  const own = session.user?.id === userId
  const mine = useRead(api.ofUser(userId))
  const followed = useRead(api.followedBy(userId))
  usePageTitle(own ? t('portfolio.myPortfolios') : t('portfolio.userPortfolios'))
  return (
    <div className={page}>
      <section className={card}>
        <h1>{own ? t('portfolio.myPortfolios') : t('portfolio.userPortfolios')}</h1>
        {mine.status === 'loading' ? <Loading /> : mine.status === 'failed' ? <Failed message={mine.message} onRetry={mine.reload} /> : (
          <>
            {own ? (
              <p>
                <span className={muted} data-testid="open-limit">{t('portfolio.openLimit', { max: mine.data.maxOpen, count: mine.data.openCount })}</span>{' '}
                {mine.data.openCount < mine.data.maxOpen ? <Link className={`${button} ${primary}`} href="/portfolio/create">{t('portfolio.create')}</Link> : null}
                <Link className={button} href="/intro/portfolio">{t('portfolio.intro.title')}</Link>
              </p>
            ) : null}
            {mine.data.list.length ? <PortfolioList items={mine.data.list} testId="user-portfolios" /> : <Empty text={t('portfolio.empty')} />}
          </>
        )}
      </section>
      <section className={card}>
        <h2>{t('portfolio.followedPortfolios')}</h2>
        {followed.status === 'ready' ? (
          followed.data.list.length ? <PortfolioList items={followed.data.list} testId="followed-portfolios" /> : <Empty text={t('portfolio.empty')} />
        ) : followed.status === 'failed' ? <Failed message={followed.message} onRetry={followed.reload} /> : <Loading rows={2} />}
      </section>
    </div>
  )
}

const pct2 = (v: number) => `${v.toFixed(2)}%`

export function RevenuePage({ code }: { code: string }) {
  const api = usePortfolioApi()
  const userId = useSession().user?.id ?? null
  const head = useRead(api.head(code, userId))
  const months = useRead(api.monthProfit(code))
  const name = head.status === 'ready' ? head.data.name : ''
  const benchmark = head.status === 'ready' ? head.data.benchmark.name : ''
  usePageTitle(`${name} ${t('portfolio.revenue')}`)
  const chart = useMemo(() => {
    if (months.status !== 'ready') return null
    const list = months.data.list
    return {
      days: list.map((m) => Date.parse(`${m.month}-01T00:00:00Z`) / 1000),
      lines: [
        { label: t('portfolio.monthProfit'), values: list.map((m) => m.profit), colour: tokens.brand },
        { label: t('portfolio.benchmarkProfit', { name: benchmark }), values: list.map((m) => m.benchmarkProfit), colour: tokens.link },
      ],
    }
  }, [months, benchmark])
  return (
    <div className={page}>
      <p><Link href={`/portfolio/${code}`}>‹ {name || t('portfolio.title')}</Link></p>
      <section className={card}>
        <h1>{t('portfolio.revenue')}</h1>
        {months.status === 'loading' ? <Loading /> : months.status === 'failed' ? <Failed message={months.message} onRetry={months.reload} /> : (
          <>
            <p>
              {t('portfolio.totalProfit')} <Pct value={months.data.totalProfit} />
            </p>
            {chart ? <LinesChart days={chart.days} lines={chart.lines} height={200} label={t('portfolio.revenue')} format={pct2} /> : null}
            <table className={table} data-testid="month-profits">
              <thead>
                <tr>
                  <th>{t('portfolio.month')}</th>
                  <th>{t('portfolio.monthProfit')}</th>
                  <th>{t('portfolio.benchmarkProfit', { name: benchmark })}</th>
                  <th>{t('portfolio.monthEndValue')}</th>
                </tr>
              </thead>
              <tbody>
                {months.data.list.map((m) => (
                  <tr key={m.month}>
                    <td>{m.month}</td>
                    <td><Pct value={m.profit} /></td>
                    <td><Pct value={m.benchmarkProfit} /></td>
                    <td>{formatNetValue(m.netValue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
    </div>
  )
}

export function IntroPage() {
  usePageTitle(t('portfolio.intro.title'))
  return (
    <div className={page}>
      <section className={card}>
        <h1>{t('portfolio.intro.title')}</h1>
        <p>{t('portfolio.intro.p1')}</p>
        <p>{t('portfolio.intro.p2')}</p>
        <p>{t('portfolio.intro.p3')}</p>
        <p>{t('portfolio.intro.p4')}</p>
        <p>
          <Link className={`${button} ${primary}`} href="/portfolio/create">{t('portfolio.intro.start')}</Link>
          <Link className={button} href="/portfolio/80">{t('portfolio.title')} 80</Link>
        </p>
      </section>
    </div>
  )
}
