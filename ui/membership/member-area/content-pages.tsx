// The member area's content pages (spec 001 §2): /member/type (the article index), /member/articles/
// {groupId?}/{subGroupId?} (member articles of a category; the group is a channel), /member/column
// (the columns), /member/coreCapital and /member/coreCapital/{stockId} (core assets: institutional
// holdings, concentration).
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { CoreAssetDetail, CoreAssetStock } from '../../../core/api/market'
import { formatDate } from '../../../core/format/date-time'
import { formatBigNumber } from '../../../core/format/big-number'
import { formatPercent, formatPriceCents, formatRate } from '../../../core/format/money'
import { Failed, Loading } from '../../common/status'
import { usePageTitle } from '../../common/page-title'
import { useLoad, type Load } from '../../common/use-load'
import { useServices } from '../../services'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { useMembershipApi } from '../api'
import { card, MemberFrame } from './member-ui'
import '../../i18n/texts/memberArea'

const list = css`
  list-style: none;
  margin: 0;
  padding: 0;
  li { padding: 12px 0; border-bottom: 1px solid ${tokens.border}; }
  a { color: ${tokens.text}; font-weight: 600; text-decoration: none; }
  a:hover { color: ${tokens.brand}; }
  .meta { margin-top: 4px; font-size: 12px; color: ${tokens.textMuted}; }
  .vip { margin-left: 6px; font-size: 12px; color: ${tokens.warn}; font-weight: normal; }
`
const tabs = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 12px;
  a { padding: 4px 14px; border: 1px solid ${tokens.border}; border-radius: 14px; color: ${tokens.text}; text-decoration: none; font-size: 13px; }
  a[aria-current='page'] { border-color: ${tokens.brand}; color: ${tokens.brand}; }
`
const table = css`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th, td { padding: 8px 6px; text-align: right; border-bottom: 1px solid ${tokens.border}; font-size: 14px; }
  th:first-child, td:first-child { text-align: left; }
  th { color: ${tokens.textSecondary}; font-weight: normal; font-size: 13px; }
  a { color: ${tokens.link}; text-decoration: none; }
`

function Loaded<T>({ load, children }: { load: Load<T> & { reload: () => void }; children: (data: T) => React.ReactNode }) {
  if (load.status === 'loading') return <Loading rows={3} />
  if (load.status === 'failed') return <Failed message={load.message} onRetry={load.reload} />
  return <>{children(load.data)}</>
}

/** /member/type: the article index (its categories), each opening /member/articles/{type}. */
export function MemberTypePage() {
  usePageTitle(t('memberArea.typeIndex'))
  const api = useMembershipApi()
  const channels = useLoad(api.channels, 'channels')
  return (
    <MemberFrame current="/member/type">
      <section className={card} aria-labelledby="type-title">
        <h1 id="type-title">{t('memberArea.typeIndex')}</h1>
        <Loaded load={channels}>
          {(cs) => (
            <nav className={tabs} aria-label={t('memberArea.typeIndex')}>
              <Link href="/member/articles">{t('memberArea.articleTypes.all')}</Link>
              {cs.map((c) => (
                <Link key={c.type} href={`/member/articles/${c.type}`}>{c.name}</Link>
              ))}
            </nav>
          )}
        </Loaded>
      </section>
    </MemberFrame>
  )
}

/** /member/articles/{groupId?}/{subGroupId?}: the member (VIP) articles of a category. */
export function MemberArticlesPage({ groupId }: { groupId?: string | undefined }) {
  usePageTitle(t('memberArea.articles'))
  const api = useMembershipApi()
  const channel = groupId && /^[a-z0-9-]{1,32}$/.test(groupId) ? groupId : 'home'
  const channels = useLoad(api.channels, 'channels')
  const articles = useLoad(() => api.vipArticles(channel), channel)
  return (
    <MemberFrame current="/member/type">
      <section className={card} aria-labelledby="articles-title">
        <h1 id="articles-title">{t('memberArea.articles')}</h1>
        {channels.status === 'ready' ? (
          <nav className={tabs} aria-label={t('memberArea.typeIndex')}>
            <Link href="/member/articles" aria-current={channel === 'home' ? 'page' : undefined}>{t('memberArea.articleTypes.all')}</Link>
            {channels.data.map((c) => (
              <Link key={c.type} href={`/member/articles/${c.type}`} aria-current={c.type === channel ? 'page' : undefined}>{c.name}</Link>
            ))}
          </nav>
        ) : null}
        <Loaded load={articles}>
          {(items) =>
            items.length === 0 ? (
              <p>{t('memberArea.noArticles')}</p>
            ) : (
              <ul className={list} aria-label={t('memberArea.articles')}>
                {items.map((a) => (
                  <li key={a.id}>
                    <Link href={`/news/${a.id}`}>{a.title}</Link>
                    <span className="vip">VIP</span>
                    <div className="meta">{a.author.nick} · {formatDate(a.createTimestamp)}</div>
                  </li>
                ))}
              </ul>
            )
          }
        </Loaded>
      </section>
    </MemberFrame>
  )
}

/** /member/column */
export function MemberColumnPage() {
  usePageTitle(t('memberArea.columnTitle'))
  const api = useMembershipApi()
  const columns = useLoad(api.columns, 'columns')
  return (
    <MemberFrame current="/member/column">
      <section className={card} aria-labelledby="column-title">
        <h1 id="column-title">{t('memberArea.columnTitle')}</h1>
        <Loaded load={columns}>
          {(cs) => (
            <ul className={list} aria-label={t('memberArea.columnTitle')}>
              {cs.map((c) => (
                <li key={c.id}>
                  <Link href={`/album/${c.id}`}>{c.name}</Link>
                  <div className="meta">{c.author.nick} · {t('memberArea.columnArticles', { n: c.articleCount })}</div>
                  <p style={{ margin: '4px 0 0', fontSize: 13 }}>{c.brief}</p>
                </li>
              ))}
            </ul>
          )}
        </Loaded>
      </section>
    </MemberFrame>
  )
}

const signed = (x: number) => <span style={{ color: x > 0 ? tokens.up : x < 0 ? tokens.down : tokens.text }}>{formatPercent(x)}</span>

/** /member/coreCapital: individual stocks by institutional holdings. */
export function CoreCapitalPage() {
  usePageTitle(t('memberArea.coreCapital'))
  const api = useMembershipApi()
  const { lang } = useServices()
  const stocks = useLoad(api.coreAssetStocks, 'core')
  return (
    <MemberFrame current="/member/coreCapital">
      <section className={card} aria-labelledby="cc-title">
        <h1 id="cc-title">{t('memberArea.coreCapitalTitle')}</h1>
        <Loaded load={stocks}>
          {(rows: readonly CoreAssetStock[]) => (
            <table className={table} aria-labelledby="cc-title">
              <thead>
                <tr>
                  <th scope="col">{t('memberArea.stock')}</th>
                  <th scope="col">{t('memberArea.price')}</th>
                  <th scope="col">{t('memberArea.change')}</th>
                  <th scope="col">{t('memberArea.marketCap')}</th>
                  <th scope="col">{t('memberArea.institutionalOwnership')}</th>
                  <th scope="col">{t('memberArea.top10')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((s) => (
                  <tr key={s.stockCode}>
                    <td><Link href={`/member/coreCapital/${s.stockCode}`}>{s.name}</Link></td>
                    <td>{formatPriceCents(s.price)}</td>
                    <td>{signed(s.changePercent)}</td>
                    <td>{formatBigNumber(s.marketCap, lang)}</td>
                    <td>{formatRate(s.institutionalOwnership)}</td>
                    <td>{formatRate(s.top10Concentration)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Loaded>
      </section>
    </MemberFrame>
  )
}

/** /member/coreCapital/{stockId} */
export function CoreCapitalStockPage({ stockId }: { stockId: string }) {
  const api = useMembershipApi()
  const detail = useLoad(() => api.coreAssetStock(stockId), stockId)
  usePageTitle(detail.status === 'ready' ? detail.data.name : t('memberArea.coreCapital'))
  return (
    <MemberFrame current="/member/coreCapital">
      <Loaded load={detail}>
        {(d: CoreAssetDetail) => (
          <>
            <section className={card} aria-labelledby="ccs-title">
              <h1 id="ccs-title">{d.name} <small style={{ color: tokens.textMuted, fontSize: 14 }}>{d.stockCode}</small></h1>
              <p>
                {t('memberArea.institutionalOwnership')} {formatRate(d.institutionalOwnership)} · {t('memberArea.top10')} {formatRate(d.top10Concentration)} · {t('memberArea.institutionCount')} {d.institutionCount}
              </p>
            </section>
            <section className={card} aria-labelledby="ccs-holders">
              <h2 id="ccs-holders">{t('memberArea.holders')}</h2>
              <table className={table} aria-labelledby="ccs-holders">
                <thead>
                  <tr>
                    <th scope="col">{t('memberArea.holder')}</th>
                    <th scope="col">{t('memberArea.percent')}</th>
                    <th scope="col">{t('memberArea.sharesChange')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.holders.map((h) => (
                    <tr key={h.name}>
                      <td>{h.name}</td>
                      <td>{formatRate(h.percent)}</td>
                      <td style={{ color: h.change > 0 ? tokens.up : h.change < 0 ? tokens.down : tokens.text }}>{h.change > 0 ? '+' : ''}{h.change.toLocaleString('zh-CN')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <section className={card} aria-labelledby="ccs-history">
              <h2 id="ccs-history">{t('memberArea.ownershipHistory')}</h2>
              <table className={table} aria-labelledby="ccs-history">
                <tbody>
                  {d.ownershipHistory.map((q) => (
                    <tr key={q.period}>
                      <td>{q.period}</td>
                      <td>{formatRate(q.institutionalOwnership)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </>
        )}
      </Loaded>
    </MemberFrame>
  )
}
