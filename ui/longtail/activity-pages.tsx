// The activity pages of spec 000 §2 (activity layout): five fixed activities, the portfolio contest
// /activity/20211115/{id?} and customer service /activity/kefu/{id?}. Each shows the activity
// portfolio 80 of spec 000 §9 (the contest: the portfolio its id names).
import '../i18n/texts/longtail'
import { Link } from 'wouter'
import { formatNetValue, formatPercent } from '../../core/format/money'
import { ACTIVITY_PORTFOLIO_CODE, CONTEST_ACTIVITY, contestPortfolioCode, type FixedActivity } from '../../core/longtail/activities'
import { longtail } from '../i18n/zh-cn-longtail'
import { t } from '../i18n/i18n'
import { usePageTitle } from '../common/page-title'
import { useRead } from '../common/use-read'
import { Failed, Loading } from '../common/status'
import { NotFoundPage } from '../common/status-pages'
import { useLongtailApi } from './api'
import { banner, body, card, down, linkButton, muted, stats, up } from './styles'

type ActivityId = FixedActivity | typeof CONTEST_ACTIVITY
type RuleKey = 'a' | 'b' | 'c'

function ActivityPortfolio({ code }: { code: string }) {
  const api = useLongtailApi()
  const load = useRead(api.portfolio(code))
  const tone = (x: number) => (x > 0 ? up : x < 0 ? down : '')
  return (
    <section className={card} aria-labelledby="activity-portfolio">
      <h2 id="activity-portfolio">{t('longtail.activity.portfolioTitle')}</h2>
      {load.status === 'loading' ? (
        <Loading rows={2} />
      ) : load.status === 'failed' ? (
        <Failed message={load.message} onRetry={load.reload} />
      ) : (
        <div data-testid="activity-portfolio">
          <p>
            <strong>{load.data.nameDisp}</strong> <span className={muted}>{load.data.owner.nick}</span>
          </p>
          <dl className={stats}>
            <div>
              <dt>{t('longtail.activity.netValue')}</dt>
              <dd>{formatNetValue(load.data.netValue)}</dd>
            </div>
            <div>
              <dt>{t('longtail.activity.dayProfit')}</dt>
              <dd className={tone(load.data.dayProfit)}>{formatPercent(load.data.dayProfit)}</dd>
            </div>
            <div>
              <dt>{t('longtail.activity.totalProfit')}</dt>
              <dd className={tone(load.data.totalProfit)}>{formatPercent(load.data.totalProfit)}</dd>
            </div>
          </dl>
          <p className={muted}>
            {t('longtail.activity.followers', { n: load.data.followerCount })} · {t('longtail.activity.portfolioHint')}
          </p>
          <Link href={`/portfolio/${load.data.portfolioCode}`} className={linkButton}>
            {t('longtail.activity.viewPortfolio')}
          </Link>
        </div>
      )}
    </section>
  )
}

export function ActivityPage({ id, portfolioId }: { id: ActivityId; portfolioId?: string }) {
  const title = t(`longtail.activity.items.${id}.title`)
  usePageTitle(title)
  const code = id === CONTEST_ACTIVITY ? contestPortfolioCode(portfolioId) : ACTIVITY_PORTFOLIO_CODE
  if (code === null) return <NotFoundPage />
  const rules = Object.keys(longtail.activity.items[id].rules) as RuleKey[]
  return (
    <article data-activity={id}>
      <header className={banner}>
        <h1>{title}</h1>
        <p>{t(`longtail.activity.items.${id}.intro`)}</p>
        <p>{t('longtail.activity.period', { period: t(`longtail.activity.items.${id}.period`) })}</p>
      </header>
      <div className={body}>
        <section className={card} aria-labelledby="activity-rules">
          <h2 id="activity-rules">{t('longtail.activity.rulesTitle')}</h2>
          <ol>
            {rules.map((k) => (
              <li key={k}>{t(`longtail.activity.items.${id}.rules.${k}`)}</li>
            ))}
          </ol>
        </section>
        <ActivityPortfolio code={code} />
      </div>
    </article>
  )
}

type FaqKey = keyof typeof longtail.kefu.faq

/** /activity/kefu/{id?}: customer service; the link is the spec's online-customer call (5 s). */
export function KefuPage({ id }: { id?: string }) {
  usePageTitle(t('longtail.kefu.title'))
  const api = useLongtailApi()
  const link = useRead(api.onlineCustomer())
  return (
    <article>
      <header className={banner}>
        <h1>{t('longtail.kefu.title')}</h1>
        <p>{t('longtail.kefu.intro')}</p>
        {id && /^[A-Za-z0-9_-]{1,32}$/.test(id) ? <p>{t('longtail.kefu.ticket', { id })}</p> : null}
      </header>
      <div className={body}>
        <section className={card}>
          {link.status === 'ready' ? (
            <Link href={link.data} className={linkButton}>
              {t('longtail.kefu.open')}
            </Link>
          ) : link.status === 'failed' ? (
            <Failed message={link.message} onRetry={link.reload} />
          ) : (
            <Loading rows={1} />
          )}
        </section>
        <section className={card} aria-labelledby="kefu-faq">
          <h2 id="kefu-faq">{t('longtail.kefu.faqTitle')}</h2>
          {(Object.keys(longtail.kefu.faq) as FaqKey[]).map((k) => (
            <div key={k}>
              <p>
                <strong>{t(`longtail.kefu.faq.${k}.q`)}</strong>
              </p>
              <p>{t(`longtail.kefu.faq.${k}.a`)}</p>
            </div>
          ))}
        </section>
      </div>
    </article>
  )
}
