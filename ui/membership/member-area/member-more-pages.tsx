// The member area's remaining pages (spec 001 §2 'Member area'; issue 25): /member/chanceNotice (the
// 机会提醒 equity's articles), /member/infoSwiper (the member home's slides), /member/type/article-index
// (the member articles by equity), /black-gold/promote (the tiers and privileges of 黑金 membership),
// /black-gold/industry-revival/intro (the series), /black-gold/industry-revival/{columnId} (one album:
// its trial and all its articles, each with the reader's lock from the server's paywall) and /album (the
// columns on sale, /api/shop-columns/v3, each opening its album /album/{id}). Each is the template of
// member-page.tsx.
import { Link, useSearch } from 'wouter'
import { css } from '@linaria/core'
import type { AlbumContent, MemberArticle } from '../../../core/api/member-area'
import { ARTICLE_EQUITIES } from '../../../core/membership/member-content'
import { parseRouteId } from '../../../core/validation/route-id'
import { formatDate } from '../../../core/format/date-time'
import { formatPriceCents } from '../../../core/format/money'
import { NotFoundPage } from '../../common/status-pages'
import { useRead } from '../../common/use-read'
import { useSession } from '../../common/session'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { useMembershipApi } from '../api'
import { buyLink, paymentHref } from './member-ui'
import { ArticleRows, lockBadge, Loaded, MemberPage, MemberSection, pills, type ArticleRow } from './member-page'
import '../../i18n/texts/memberArea'
import { clampLines, plainListLook } from '../../styles/looks'

const strip = css`
  display: flex;
  gap: 16px;
  overflow-x: auto;
  scroll-snap-type: x mandatory;
  padding-bottom: 8px;
  a { flex: 0 0 300px; scroll-snap-align: start; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; overflow: hidden; text-decoration: none; color: ${tokens.text}; background: ${tokens.card}; }
  a:hover strong { color: ${tokens.brand}; }
  img { display: block; width: 100%; height: 160px; object-fit: cover; background: ${tokens.border}; }
  div { padding: 12px 14px; }
  strong { display: block; font-size: 15px; line-height: 1.5; }
  p { font-size: 13px; margin: 6px 0 0; color: ${tokens.textSecondary}; ${clampLines(2)} }
`
const grid = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: 16px;
  ${plainListLook}
  li { border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; padding: 18px; display: flex; flex-direction: column; gap: 6px; }
  a.name { font-weight: 600; font-size: 16px; color: ${tokens.text}; text-decoration: none; }
  a.name:hover { color: ${tokens.brand}; }
  .meta { font-size: 12px; color: ${tokens.textMuted}; }
  .price { font-size: 22px; color: ${tokens.brand}; font-weight: 700; font-variant-numeric: tabular-nums; }
  .tag { align-self: flex-start; font-size: 12px; padding: 2px 8px; border-radius: 10px; background: ${tokens.brandTint}; color: ${tokens.brand}; }
  p { margin: 0; font-size: 13px; color: ${tokens.textSecondary}; line-height: 1.6; }
  a[href^='/member/payment'] { margin-top: 6px; align-self: flex-start; }
`
const table = css`
  width: 100%;
  border-collapse: collapse;
  th, td { padding: 10px 8px; border-bottom: 1px solid ${tokens.border}; font-size: 14px; text-align: center; }
  th:first-child, td:first-child { text-align: left; }
  th { color: ${tokens.textSecondary}; font-weight: normal; font-size: 13px; }
  td small { display: block; color: ${tokens.textMuted}; font-size: 12px; }
  .yes { color: ${tokens.brand}; font-weight: 700; }
  .no { color: ${tokens.textMuted}; }
`

/** Member articles with the reader's lock; a locked one offers membership. */
const memberRows = (items: readonly MemberArticle[]): ArticleRow[] =>
  items.map((a) => ({
    key: a.id,
    href: `/news/${a.id}`,
    title: a.title,
    summary: a.summary,
    meta: `${a.author.nick} · ${formatDate(a.createTimestamp)}${a.stocks.length > 0 ? ` · ${a.stocks.map((s) => s.name).join('、')}` : ''}`,
    badge: lockBadge(a.locked),
    ...(a.locked ? { action: { href: '/member', text: t('memberArea.more.unlockHint') } } : {}),
  }))

/** /member/chanceNotice: the 机会提醒 equity's articles. */
export function ChanceNoticePage() {
  const api = useMembershipApi()
  const equity = ARTICLE_EQUITIES[0]!
  const userId = useSession().user?.id ?? null
  const items = useRead(api.equityArticles(equity.id, userId))
  return (
    <MemberPage current="/member/type" title={t('memberArea.more.chanceNotice')} intro={<p>{t('memberArea.more.chanceNoticeIntro')}</p>}>
      <MemberSection label={t('memberArea.more.chanceNotice')}>
        <Loaded load={items}>{(a) => <ArticleRows items={memberRows(a)} label={t('memberArea.more.chanceNotice')} />}</Loaded>
      </MemberSection>
    </MemberPage>
  )
}

/** /member/infoSwiper: the member home's slides and the newest 机会提醒. */
export function InfoSwiperPage() {
  const api = useMembershipApi()
  const userId = useSession().user?.id ?? null
  const home = useRead(api.vipWeb(userId))
  return (
    <MemberPage current="/member" title={t('memberArea.more.infoSwiper')} intro={<p>{t('memberArea.more.infoSwiperIntro')}</p>}>
      <Loaded load={home}>
        {(h) => (
          <>
            <MemberSection label={t('memberArea.more.infoSwiper')}>
              <nav className={strip} aria-label={t('memberArea.more.infoSwiper')}>
                {h.swiper.map((s) => (
                  <Link key={s.articleId} href={s.link}>
                    <img src={s.coverUrl} alt="" loading="lazy" />
                    <div>
                      <strong>{s.title}</strong>
                      <p>{s.summary}</p>
                    </div>
                  </Link>
                ))}
              </nav>
            </MemberSection>
            <MemberSection title={t('memberArea.more.latestNotices')}>
              <ArticleRows items={memberRows(h.chanceNotices)} label={t('memberArea.more.latestNotices')} />
              <Link href="/member/chanceNotice">{t('memberArea.more.chanceNotice')} ›</Link>
            </MemberSection>
          </>
        )}
      </Loaded>
    </MemberPage>
  )
}

/** /member/type/article-index(?equity=id): the member articles by equity. */
export function ArticleIndexPage() {
  const api = useMembershipApi()
  const chosen = parseRouteId(new URLSearchParams(useSearch()).get('equity') ?? undefined) ?? null
  const userId = useSession().user?.id ?? null
  const equities = useRead(api.articleEquities())
  const items = useRead(api.equityArticles(chosen, userId))
  return (
    <MemberPage current="/member/type" title={t('memberArea.more.articleIndex')}>
      <MemberSection label={t('memberArea.more.articleIndex')}>
        <Loaded load={equities}>
          {(es) => (
            <nav className={pills} aria-label={t('memberArea.more.articleIndex')}>
              <Link href="/member/type/article-index" aria-current={chosen === null ? 'page' : undefined}>{t('memberArea.more.allEquities')}</Link>
              {es.map((e) => (
                <Link key={e.id} href={`/member/type/article-index?equity=${e.id}`} aria-current={chosen === e.id ? 'page' : undefined}>
                  {e.name} {t('memberArea.more.articleCount', { n: e.articleCount })}
                </Link>
              ))}
            </nav>
          )}
        </Loaded>
        <Loaded load={items}>{(a) => <ArticleRows items={memberRows(a)} label={t('memberArea.articles')} />}</Loaded>
      </MemberSection>
    </MemberPage>
  )
}

/** /black-gold/promote: the 黑金 (platinum, ultimate) tiers and the privileges of each tier. */
export function BlackGoldPromotePage() {
  const api = useMembershipApi()
  const tiers = useRead(api.vipTiers())
  const equities = useRead(api.vipEquities())
  return (
    <MemberPage
      current="/member/blackgold-intro"
      tone="blackGold"
      title={t('memberArea.more.blackGold')}
      intro={<p>{t('memberArea.more.blackGoldSlogan')}</p>}
      aside={<div className="state"><Link href="/black-gold/industry-revival/intro">{t('memberArea.more.industryRevivalCta')} ›</Link></div>}
    >
      <MemberSection title={t('memberArea.more.blackGoldTiers')}>
        <Loaded load={tiers}>
          {(ts) => (
            <ul className={grid} aria-label={t('memberArea.more.blackGoldTiers')}>
              {ts.filter((x) => x.tier !== 'gold').map((x) => (
                <li key={x.tier}>
                  <span className="tag">{x.name}</span>
                  <strong>{x.title}</strong>
                  <span className="price">{t('memberArea.more.from', { price: `¥${formatPriceCents(x.priceCents)}` })}</span>
                  <span className="meta">{x.specName}</span>
                  <Link href={paymentHref(x.specsId)} className={buyLink}>{t('memberArea.buy')}</Link>
                </li>
              ))}
            </ul>
          )}
        </Loaded>
      </MemberSection>
      <MemberSection title={t('memberArea.more.privileges')}>
        <Loaded load={tiers}>
          {(ts) => (
            <Loaded load={equities}>
              {(es) => (
                <table className={table} aria-label={t('memberArea.more.privileges')}>
                  <thead>
                    <tr>
                      <th scope="col">{t('memberArea.more.privilege')}</th>
                      {ts.map((x) => <th key={x.tier} scope="col">{x.name}</th>)}
                    </tr>
                  </thead>
                  <tbody>
                    {es.map((e) => (
                      <tr key={e.id}>
                        <td>{e.name}<small>{e.summary}</small></td>
                        {ts.map((x) => (
                          <td key={x.tier} className={e.tiers.includes(x.tier) ? 'yes' : 'no'}>{e.tiers.includes(x.tier) ? t('memberArea.more.has') : t('memberArea.more.hasNot')}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </Loaded>
          )}
        </Loaded>
      </MemberSection>
    </MemberPage>
  )
}

/** /black-gold/industry-revival/intro: the series and its albums. */
export function IndustryRevivalIntroPage() {
  const api = useMembershipApi()
  const series = useRead(api.industryRevival())
  const s = series.status === 'ready' ? series.data : null
  return (
    <MemberPage
      current="/member/blackgold-intro"
      tone="blackGold"
      title={s ? s.title : t('memberArea.more.industryRevival')}
      intro={s ? <p>{s.summary}</p> : null}
      aside={<div className="state"><Link href="/black-gold/promote">{t('memberArea.more.blackGold')} ›</Link></div>}
    >
      <MemberSection title={t('memberArea.more.seriesColumns')}>
        <Loaded load={series}>
          {(s) => (
            <ul className={grid} aria-label={s.title}>
              {s.albums.map((a) => (
                <li key={a.id}>
                  <Link className="name" href={`/black-gold/industry-revival/${a.id}`}>{a.name}</Link>
                  <p>{a.brief}</p>
                  <span className="meta">{a.author.nick} · {t('memberArea.more.albumArticles', { n: a.articleCount })}</span>
                  <span className="tag">{a.fullAccess ? t('memberArea.more.fullAccess') : t('memberArea.more.trialCount', { n: a.trialCount })}</span>
                </li>
              ))}
            </ul>
          )}
        </Loaded>
      </MemberSection>
    </MemberPage>
  )
}

/** /album: the columns on sale, each read as an album (GET /api/shop-columns/v3). */
export function AlbumIndexPage() {
  const api = useMembershipApi()
  const columns = useRead(api.shopColumns())
  return (
    <MemberPage current="/member/column" title={t('memberArea.more.albums')} intro={<p>{t('memberArea.more.albumsIntro')}</p>}>
      <MemberSection label={t('memberArea.more.albums')}>
        <Loaded load={columns}>
          {(cs) =>
            cs.length === 0 ? (
              <p>{t('memberArea.more.noAlbums')}</p>
            ) : (
              <ul className={grid} aria-label={t('memberArea.more.albums')}>
                {cs.map((c) => (
                  <li key={c.id}>
                    <Link className="name" href={`/album/${c.id}`}>{c.name}</Link>
                    <p>{c.brief}</p>
                    <span className="meta">{c.author.nick} · {t('memberArea.more.albumArticles', { n: c.articleCount })}</span>
                    <span className="price">¥{formatPriceCents(c.priceCents)}</span>
                    <Link href={paymentHref(c.specsId)} className={buyLink} aria-label={`${t('memberArea.more.subscribe')} ${c.name}`}>{t('memberArea.more.subscribe')}</Link>
                  </li>
                ))}
              </ul>
            )
          }
        </Loaded>
      </MemberSection>
    </MemberPage>
  )
}

/** /black-gold/industry-revival/{columnId}: one album of the series, its trial and all its articles. */
export function IndustryRevivalColumnPage({ columnId }: { columnId: string | undefined }) {
  const id = parseRouteId(columnId)
  if (id === null) return <NotFoundPage />
  return <AlbumPage key={id} id={id} />
}

/**
 * One album of the series (GET /api/albums/{id}/v1, trial-content, all-content): its sale and the
 * reader's access in the banner, then the free trial and every article with the server's lock; a locked
 * article offers the spec that unlocks it, or 黑金 when none is on sale.
 */
function AlbumPage({ id }: { id: number }) {
  const memberHref = '/black-gold/promote'
  const api = useMembershipApi()
  const userId = useSession().user?.id ?? null
  const album = useRead(api.album(id, userId))
  const trial = useRead(api.albumTrial(id, userId))
  const all = useRead(api.albumContent(id, userId))
  const a = album.status === 'ready' ? album.data : null
  const rowsOf = (items: readonly AlbumContent[]): ArticleRow[] =>
    items.map((c) => ({
      key: c.id,
      href: `/news/${c.id}`,
      title: c.title,
      summary: c.summary,
      meta: formatDate(c.createTimestamp),
      badge: lockBadge(c.locked),
      ...(c.locked ? { action: { href: c.specsId !== undefined ? paymentHref(c.specsId) : memberHref, text: t('memberArea.more.becomeMember') } } : {}),
    }))
  return (
    <MemberPage
      current="/member/blackgold-intro"
      tone="blackGold"
      title={a ? a.name : t('memberArea.more.industryRevival')}
      intro={
        a ? (
          <>
            <p>{a.brief}</p>
            <p data-testid="album-access">
              {a.author.nick} · {t('memberArea.more.albumArticles', { n: a.articleCount })} · {a.fullAccess ? t('memberArea.more.fullAccess') : t('memberArea.more.trialCount', { n: a.trialCount })}
            </p>
          </>
        ) : null
      }
      aside={
        <div className="state">
          {a && !a.fullAccess && a.specsId !== undefined && a.priceCents !== undefined ? (
            <Link href={paymentHref(a.specsId)} className={buyLink}>{t('memberArea.more.buyColumn', { price: formatPriceCents(a.priceCents) })}</Link>
          ) : null}
          {a && !a.fullAccess && a.specsId === undefined ? <Link href={memberHref} className={buyLink}>{t('memberArea.more.becomeMember')}</Link> : null}
          <p><Link href="/black-gold/industry-revival/intro">{t('memberArea.more.backToSeries')}</Link></p>
        </div>
      }
    >
      {album.status === 'failed' ? (
        <MemberSection label={t('memberArea.more.industryRevival')}>
          <Loaded load={album}>{() => null}</Loaded>
        </MemberSection>
      ) : null}
      <MemberSection title={t('memberArea.more.trial')}>
        <Loaded load={trial}>{(items) => <ArticleRows ordered items={rowsOf(items)} label={t('memberArea.more.trial')} />}</Loaded>
      </MemberSection>
      <MemberSection title={t('memberArea.more.allContent')}>
        <Loaded load={all}>{(items) => <ArticleRows ordered items={rowsOf(items)} label={t('memberArea.more.allContent')} />}</Loaded>
      </MemberSection>
    </MemberPage>
  )
}
