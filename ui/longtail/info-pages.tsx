// The long tail of spec 000 §2 'Content routes': /app-update, /recruit, /huiluyan/index,
// /fundHomeV2/etfSubject and /fundHomeV2/watchlist.
import '../i18n/texts/longtail'
import { Link } from 'wouter'
import { formatPercent, formatPriceCents } from '../../core/format/money'
import { longtail } from '../i18n/zh-cn-longtail'
import { t } from '../i18n/i18n'
import { usePageTitle } from '../common/page-title'
import { useRead } from '../common/use-read'
import { qrCode } from '../common/qr-code'
import { Empty, Failed, Loading } from '../common/status'
import { NotLoggedIn } from '../common/my-layout'
import { useSession } from '../common/session'
import { useLongtailApi } from './api'
import { banner, body, card, down, grid, linkButton, muted, pageHead, tag, up } from './styles'

const keysOf = <T extends object>(o: T) => Object.keys(o) as (keyof T & string)[]

export function AppUpdatePage() {
  usePageTitle(t('longtail.appUpdate.title'))
  const url = typeof location === 'undefined' ? '/app-update' : `${location.origin}/app-update`
  const qr = useRead(qrCode(url))
  return (
    <article>
      <header className={banner}>
        <h1>{t('longtail.appUpdate.title')}</h1>
        <p>{t('longtail.appUpdate.intro')}</p>
        <p>{t('longtail.appUpdate.version', { version: t('longtail.appUpdate.versionNumber') })}</p>
      </header>
      <div className={body}>
        <section className={card} style={{ textAlign: 'center' }}>
          <h2>{t('longtail.appUpdate.scan')}</h2>
          {qr.status === 'ready' ? <img src={qr.data} alt={t('longtail.appUpdate.scan')} width={160} height={160} /> : <Loading rows={1} />}
          <p>
            <span className={tag}>{t('longtail.appUpdate.ios')}</span>
            <span className={tag}>{t('longtail.appUpdate.android')}</span>
          </p>
        </section>
        <section className={card}>
          <h2>{t('longtail.appUpdate.notesTitle')}</h2>
          <ul>
            {keysOf(longtail.appUpdate.notes).map((k) => (
              <li key={k}>{t(`longtail.appUpdate.notes.${k}`)}</li>
            ))}
          </ul>
        </section>
      </div>
    </article>
  )
}

export function RecruitPage() {
  usePageTitle(t('longtail.recruit.title'))
  return (
    <div className={body}>
      <header className={pageHead}>
        <h1>{t('longtail.recruit.title')}</h1>
        <p>{t('longtail.recruit.intro')}</p>
      </header>
      <ul className={grid} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {keysOf(longtail.recruit.jobs).map((k) => (
          <li key={k} className={card}>
            <h2>{t(`longtail.recruit.jobs.${k}.name`)}</h2>
            <p className={muted}>
              {t('longtail.recruit.city')}：{t(`longtail.recruit.jobs.${k}.city`)}
            </p>
            <p>{t(`longtail.recruit.jobs.${k}.duty`)}</p>
          </li>
        ))}
      </ul>
      <p>{t('longtail.recruit.apply', { mail: t('longtail.recruit.mail') })}</p>
    </div>
  )
}

export function HuiluyanPage() {
  usePageTitle(t('longtail.huiluyan.title'))
  const items = keysOf(longtail.huiluyan.items)
  const section = (state: 'upcoming' | 'replay') => (
    <section className={card} aria-labelledby={`roadshow-${state}`}>
      <h2 id={`roadshow-${state}`}>{t(`longtail.huiluyan.${state}`)}</h2>
      <ul style={{ listStyle: 'none', padding: 0 }}>
        {items
          .filter((k) => longtail.huiluyan.items[k].state === state)
          .map((k) => (
            <li key={k} style={{ padding: '10px 0' }}>
              <span className={tag}>{t(`longtail.huiluyan.items.${k}.time`)}</span>
              <strong>{t(`longtail.huiluyan.items.${k}.company`)}</strong> · {t(`longtail.huiluyan.items.${k}.topic`)}
            </li>
          ))}
      </ul>
    </section>
  )
  return (
    <div className={body}>
      <header className={pageHead}>
        <h1>{t('longtail.huiluyan.title')}</h1>
        <p>{t('longtail.huiluyan.intro')}</p>
      </header>
      {section('upcoming')}
      {section('replay')}
    </div>
  )
}

/** the stock page's id: market prefix plus code (spec 000 §2 /stock/{id}) */
const stockId = (market: string, code: string) => `${market.toUpperCase()}${code}`

export function EtfSubjectPage() {
  usePageTitle(t('longtail.fund.etfTitle'))
  return (
    <div className={body}>
      <header className={pageHead}>
        <h1>{t('longtail.fund.etfTitle')}</h1>
        <p>{t('longtail.fund.etfIntro')}</p>
      </header>
      <div className={grid}>
        {keysOf(longtail.fund.themes).map((k) => {
          const funds = keysOf(longtail.fund.themes[k].funds)
          return (
            <section key={k} className={card}>
              <h2>{t(`longtail.fund.themes.${k}.name`)}</h2>
              <p className={muted}>
                {t(`longtail.fund.themes.${k}.desc`)} · {t('longtail.fund.etfCount', { n: funds.length })}
              </p>
              <ul>
                {funds.map((f) => {
                  const fund = longtail.fund.themes[k].funds[f as keyof (typeof longtail.fund.themes)[typeof k]['funds']] as { code: string; market: string }
                  return (
                    <li key={f}>
                      <Link href={`/stock/${stockId(fund.market, fund.code)}`}>{t(`longtail.fund.themes.${k}.funds.${f as 'a' | 'b'}.name`)}</Link>{' '}
                      <span className={muted}>{fund.code}</span>
                    </li>
                  )
                })}
              </ul>
            </section>
          )
        })}
      </div>
    </div>
  )
}

function FundList({ userId }: { userId: number }) {
  const api = useLongtailApi()
  const load = useRead(api.watchlist(userId))
  if (load.status === 'loading') return <Loading rows={3} />
  if (load.status === 'failed') return <Failed message={load.message} onRetry={load.reload} />
  const funds = load.data.filter((s) => s.category === 'etf')
  if (funds.length === 0)
    return (
      <div className={card}>
        <Empty text={t('longtail.fund.watchlistEmpty')} />
        <p style={{ textAlign: 'center' }}>
          <Link href="/fundHomeV2/etfSubject" className={linkButton}>
            {t('longtail.fund.goEtf')}
          </Link>
        </p>
      </div>
    )
  return (
    <ul className={card} style={{ listStyle: 'none' }} data-testid="fund-watchlist">
      {funds.map((s) => (
        <li key={s.id} style={{ display: 'flex', gap: 16, padding: '8px 0' }}>
          <Link href={`/stock/${s.id}`}>{s.nameDisp}</Link>
          <span className={muted}>{s.codeDisp}</span>
          <span>{formatPriceCents(s.price)}</span>
          <span className={s.changePercent > 0 ? up : s.changePercent < 0 ? down : ''}>{formatPercent(s.changePercent)}</span>
        </li>
      ))}
    </ul>
  )
}

export function FundWatchlistPage() {
  usePageTitle(t('longtail.fund.watchlistTitle'))
  const session = useSession()
  return (
    <div className={body}>
      <header className={pageHead}>
        <h1>{t('longtail.fund.watchlistTitle')}</h1>
        <p>{t('longtail.fund.watchlistIntro')}</p>
      </header>
      {session.user ? <FundList userId={session.user.id} /> : session.checking ? <Loading rows={3} /> : <NotLoggedIn />}
    </div>
  )
}
