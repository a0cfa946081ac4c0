// The member area's content pages (spec 001 §2): /member/type (the article index), /member/articles/
// {groupId?}/{subGroupId?} (member articles of a category; the group is a channel), /member/column
// (the columns), /member/coreCapital and /member/coreCapital/{stockId} (core assets: institutional
// holdings, concentration). Each is the template of member-page.tsx.
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { CoreAssetDetail, CoreAssetStock } from '../../../core/api/market'
import { formatDate } from '../../../core/format/date-time'
import { formatBigNumber } from '../../../core/format/big-number'
import { formatPercent, formatPriceCents, formatRate } from '../../../core/format/money'
import { useRead } from '../../common/use-read'
import { useServices } from '../../services'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { useMembershipApi } from '../api'
import { ArticleRows, Loaded, MemberPage, MemberSection, pills } from './member-page'
import '../../i18n/texts/memberArea'
import { TableHead } from '../../common/table-head'

const table = css`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th, td { padding: 8px 6px; text-align: right; border-bottom: 1px solid ${tokens.border}; font-size: 14px; }
  th:first-child, td:first-child { text-align: left; }
  th { color: ${tokens.textSecondary}; font-weight: normal; font-size: 13px; }
  a { color: ${tokens.link}; text-decoration: none; }
`

/** /member/type: the article index (its categories), each opening /member/articles/{type}. */
export function MemberTypePage() {
  const api = useMembershipApi()
  const channels = useRead(api.channels())
  return (
    <MemberPage current="/member/type" title={t('memberArea.typeIndex')}>
      <MemberSection label={t('memberArea.typeIndex')}>
        <Loaded load={channels}>
          {(cs) => (
            <nav className={pills} aria-label={t('memberArea.typeIndex')}>
              <Link href="/member/articles">{t('memberArea.articleTypes.all')}</Link>
              {cs.map((c) => (
                <Link key={c.type} href={`/member/articles/${c.type}`}>{c.name}</Link>
              ))}
            </nav>
          )}
        </Loaded>
      </MemberSection>
    </MemberPage>
  )
}

/** /member/articles/{groupId?}/{subGroupId?}: the member (VIP) articles of a category. */
export function MemberArticlesPage({ groupId }: { groupId?: string | undefined }) {
  const api = useMembershipApi()
  const channel = groupId && /^[a-z0-9-]{1,32}$/.test(groupId) ? groupId : 'home'
  const channels = useRead(api.channels())
  const articles = useRead(api.vipArticles(channel))
  return (
    <MemberPage current="/member/type" title={t('memberArea.articles')}>
      <MemberSection label={t('memberArea.articles')}>
        {channels.status === 'ready' ? (
          <nav className={pills} aria-label={t('memberArea.typeIndex')}>
            <Link href="/member/articles" aria-current={channel === 'home' ? 'page' : undefined}>{t('memberArea.articleTypes.all')}</Link>
            {channels.data.map((c) => (
              <Link key={c.type} href={`/member/articles/${c.type}`} aria-current={c.type === channel ? 'page' : undefined}>{c.name}</Link>
            ))}
          </nav>
        ) : null}
        <Loaded load={articles}>
          {(items) => (
            <ArticleRows
              label={t('memberArea.articles')}
              empty={t('memberArea.noArticles')}
              items={items.map((a) => ({ key: a.id, href: `/news/${a.id}`, title: a.title, meta: `${a.author.nick} · ${formatDate(a.createTimestamp)}`, badge: { text: 'VIP' } }))}
            />
          )}
        </Loaded>
      </MemberSection>
    </MemberPage>
  )
}

/** /member/column: the columns, each read as an album (/album/{id}). */
export function MemberColumnPage() {
  const api = useMembershipApi()
  const columns = useRead(api.columns())
  return (
    <MemberPage current="/member/column" title={t('memberArea.columnTitle')}>
      <MemberSection label={t('memberArea.columnTitle')}>
        <Loaded load={columns}>
          {(cs) => (
            <ArticleRows
              label={t('memberArea.columnTitle')}
              items={cs.map((c) => ({ key: c.id, href: `/album/${c.id}`, title: c.name, summary: c.brief, meta: `${c.author.nick} · ${t('memberArea.columnArticles', { n: c.articleCount })}` }))}
            />
          )}
        </Loaded>
      </MemberSection>
    </MemberPage>
  )
}

const signed = (x: number) => <span style={{ color: x > 0 ? tokens.up : x < 0 ? tokens.down : tokens.text }}>{formatPercent(x)}</span>

/** /member/coreCapital: individual stocks by institutional holdings. */
export function CoreCapitalPage() {
  const api = useMembershipApi()
  const { lang } = useServices()
  const stocks = useRead(api.coreAssetStocks())
  return (
    <MemberPage current="/member/coreCapital" title={t('memberArea.coreCapitalTitle')}>
      <MemberSection label={t('memberArea.coreCapitalTitle')}>
        <Loaded load={stocks}>
          {(rows: readonly CoreAssetStock[]) => (
            <table className={table} aria-label={t('memberArea.coreCapitalTitle')}>
              <TableHead columns={[t('memberArea.stock'), t('memberArea.price'), t('memberArea.change'), t('memberArea.marketCap'), t('memberArea.institutionalOwnership'), t('memberArea.top10')]} />
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
      </MemberSection>
    </MemberPage>
  )
}

/** /member/coreCapital/{stockId} */
export function CoreCapitalStockPage({ stockId }: { stockId: string }) {
  const api = useMembershipApi()
  const detail = useRead(api.coreAssetStock(stockId))
  const d = detail.status === 'ready' ? detail.data : null
  return (
    <MemberPage
      current="/member/coreCapital"
      title={d ? d.name : t('memberArea.coreCapital')}
      intro={
        d ? (
          <p>
            {d.stockCode} · {t('memberArea.institutionalOwnership')} {formatRate(d.institutionalOwnership)} · {t('memberArea.top10')} {formatRate(d.top10Concentration)} · {t('memberArea.institutionCount')} {d.institutionCount}
          </p>
        ) : null
      }
    >
      <Loaded load={detail}>
        {(d: CoreAssetDetail) => (
          <>
            <MemberSection title={t('memberArea.holders')}>
              <table className={table} aria-label={t('memberArea.holders')}>
                <TableHead columns={[t('memberArea.holder'), t('memberArea.percent'), t('memberArea.sharesChange')]} />
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
            </MemberSection>
            <MemberSection title={t('memberArea.ownershipHistory')}>
              <table className={table} aria-label={t('memberArea.ownershipHistory')}>
                <tbody>
                  {d.ownershipHistory.map((q) => (
                    <tr key={q.period}>
                      <td>{q.period}</td>
                      <td>{formatRate(q.institutionalOwnership)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </MemberSection>
          </>
        )}
      </Loaded>
    </MemberPage>
  )
}
