// The member area's remaining pages (spec 001 §2 'Member area'; issue 25): /member/chanceNotice (the
// 机会提醒 equity's articles), /member/infoSwiper (the member home's slides), /member/type/article-index
// (the member articles by equity), /black-gold/promote (the tiers and privileges of 黑金 membership),
// /black-gold/industry-revival/intro (the series) and /black-gold/industry-revival/{columnId} (one album:
// its trial and all its articles, each with the reader's lock from the server's paywall).
import { Link, useSearch } from 'wouter'
import { css } from '@linaria/core'
import type { AlbumContent, MemberArticle } from '../../../core/api/member-area'
import { ARTICLE_EQUITIES } from '../../../core/membership/member-content'
import { parseRouteId } from '../../../core/validation/route-id'
import { formatDate } from '../../../core/format/date-time'
import { formatPriceCents } from '../../../core/format/money'
import { Failed, Loading } from '../../common/status'
import { NotFoundPage } from '../../common/status-pages'
import { usePageTitle } from '../../common/page-title'
import { useLoad, type Load } from '../../common/use-load'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { useMembershipApi } from '../api'
import { buyLink, card, hero, MemberFrame, paymentHref } from './member-ui'
import '../../i18n/texts/memberArea'

const list = css`
  list-style: none;
  margin: 0;
  padding: 0;
  li { padding: 12px 0; border-bottom: 1px solid ${tokens.border}; display: flex; gap: 12px; align-items: baseline; }
  li:last-child { border-bottom: 0; }
  .body { flex: 1; min-width: 0; }
  a.title { color: ${tokens.text}; font-weight: 600; text-decoration: none; }
  a.title:hover { color: ${tokens.brand}; }
  .meta { margin-top: 4px; font-size: 12px; color: ${tokens.textMuted}; }
  .summary { margin: 4px 0 0; font-size: 13px; color: ${tokens.textSecondary}; line-height: 1.6; }
  .lock { flex: none; font-size: 12px; padding: 2px 8px; border-radius: 10px; background: ${tokens.upBg}; color: ${tokens.warn}; }
  .lock.open { background: ${tokens.card}; border: 1px solid ${tokens.border}; color: ${tokens.textMuted}; }
  .unlock { flex: none; font-size: 12px; color: ${tokens.link}; text-decoration: none; }
`
const tabs = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 12px;
  a { padding: 4px 14px; border: 1px solid ${tokens.border}; border-radius: 14px; color: ${tokens.text}; text-decoration: none; font-size: 13px; }
  a[aria-current='page'] { border-color: ${tokens.brand}; color: ${tokens.brand}; }
`
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
  p { font-size: 13px; margin: 6px 0 0; color: ${tokens.textSecondary}; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
`
const grid = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: 16px;
  list-style: none;
  margin: 0;
  padding: 0;
  li { border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; padding: 18px; display: flex; flex-direction: column; gap: 6px; }
  a.name { font-weight: 600; font-size: 16px; color: ${tokens.text}; text-decoration: none; }
  a.name:hover { color: ${tokens.brand}; }
  .meta { font-size: 12px; color: ${tokens.textMuted}; }
  .price { font-size: 22px; color: ${tokens.brand}; font-weight: 700; font-variant-numeric: tabular-nums; }
  .tag { align-self: flex-start; font-size: 12px; padding: 2px 8px; border-radius: 10px; background: ${tokens.upBg}; color: ${tokens.brand}; }
  p { margin: 0; font-size: 13px; color: ${tokens.textSecondary}; line-height: 1.6; }
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
const blackHero = css`
  background: ${tokens.blackGoldBg};
  .state a { color: ${tokens.blackGold}; }
  h1 { color: ${tokens.blackGold} !important; }
`

function Loaded<T>({ load, children }: { load: Load<T> & { reload: () => void }; children: (data: T) => React.ReactNode }) {
  if (load.status === 'loading') return <Loading rows={3} />
  if (load.status === 'failed') return <Failed message={load.message} onRetry={load.reload} />
  return <>{children(load.data)}</>
}

function LockTag({ locked }: { locked: boolean }) {
  return <span className={locked ? 'lock' : 'lock open'}>{locked ? t('memberArea.more.locked') : t('memberArea.more.unlocked')}</span>
}

/** Member articles with the reader's lock; a locked one offers membership. */
function MemberArticleList({ items, label }: { items: readonly MemberArticle[]; label: string }) {
  if (items.length === 0) return <p>{t('memberArea.more.noArticles')}</p>
  return (
    <ul className={list} aria-label={label}>
      {items.map((a) => (
        <li key={a.id}>
          <div className="body">
            <Link className="title" href={`/news/${a.id}`}>{a.title}</Link>
            <p className="summary">{a.summary}</p>
            <div className="meta">
              {a.author.nick} · {formatDate(a.createTimestamp)}
              {a.stocks.length > 0 ? ` · ${a.stocks.map((s) => s.name).join('、')}` : ''}
            </div>
          </div>
          <LockTag locked={a.locked} />
          {a.locked ? <Link className="unlock" href="/member">{t('memberArea.more.unlockHint')}</Link> : null}
        </li>
      ))}
    </ul>
  )
}

/** /member/chanceNotice: the 机会提醒 equity's articles. */
export function ChanceNoticePage() {
  usePageTitle(t('memberArea.more.chanceNotice'))
  const api = useMembershipApi()
  const equity = ARTICLE_EQUITIES[0]!
  const items = useLoad(() => api.equityArticles(equity.id), 'chance')
  return (
    <MemberFrame current="/member/type">
      <section className={card} aria-labelledby="cn-title">
        <h1 id="cn-title">{t('memberArea.more.chanceNotice')}</h1>
        <p>{t('memberArea.more.chanceNoticeIntro')}</p>
        <Loaded load={items}>{(a) => <MemberArticleList items={a} label={t('memberArea.more.chanceNotice')} />}</Loaded>
      </section>
    </MemberFrame>
  )
}

/** /member/infoSwiper: the member home's slides and the newest 机会提醒. */
export function InfoSwiperPage() {
  usePageTitle(t('memberArea.more.infoSwiper'))
  const api = useMembershipApi()
  const home = useLoad(api.vipWeb, 'vipWeb')
  return (
    <MemberFrame current="/member">
      <section className={card} aria-labelledby="is-title">
        <h1 id="is-title">{t('memberArea.more.infoSwiper')}</h1>
        <p>{t('memberArea.more.infoSwiperIntro')}</p>
      </section>
      <Loaded load={home}>
        {(h) => (
          <>
            <section className={card} aria-label={t('memberArea.more.infoSwiper')}>
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
            </section>
            <section className={card} aria-labelledby="is-notices">
              <h2 id="is-notices">{t('memberArea.more.latestNotices')}</h2>
              <MemberArticleList items={h.chanceNotices} label={t('memberArea.more.latestNotices')} />
              <Link href="/member/chanceNotice">{t('memberArea.more.chanceNotice')} ›</Link>
            </section>
          </>
        )}
      </Loaded>
    </MemberFrame>
  )
}

/** /member/type/article-index(?equity=id): the member articles by equity. */
export function ArticleIndexPage() {
  usePageTitle(t('memberArea.more.articleIndex'))
  const api = useMembershipApi()
  const chosen = parseRouteId(new URLSearchParams(useSearch()).get('equity') ?? undefined) ?? null
  const equities = useLoad(api.articleEquities, 'equities')
  const items = useLoad(() => api.equityArticles(chosen), `equity-${chosen ?? 'all'}`)
  return (
    <MemberFrame current="/member/type">
      <section className={card} aria-labelledby="ai-title">
        <h1 id="ai-title">{t('memberArea.more.articleIndex')}</h1>
        <Loaded load={equities}>
          {(es) => (
            <nav className={tabs} aria-label={t('memberArea.more.articleIndex')}>
              <Link href="/member/type/article-index" aria-current={chosen === null ? 'page' : undefined}>{t('memberArea.more.allEquities')}</Link>
              {es.map((e) => (
                <Link key={e.id} href={`/member/type/article-index?equity=${e.id}`} aria-current={chosen === e.id ? 'page' : undefined}>
                  {e.name} {t('memberArea.more.articleCount', { n: e.articleCount })}
                </Link>
              ))}
            </nav>
          )}
        </Loaded>
        <Loaded load={items}>{(a) => <MemberArticleList items={a} label={t('memberArea.articles')} />}</Loaded>
      </section>
    </MemberFrame>
  )
}

/** /black-gold/promote: the 黑金 (platinum, ultimate) tiers and the privileges of each tier. */
export function BlackGoldPromotePage() {
  usePageTitle(t('memberArea.more.blackGold'))
  const api = useMembershipApi()
  const tiers = useLoad(api.vipTiers, 'tiers')
  const equities = useLoad(api.vipEquities, 'vipEquities')
  return (
    <MemberFrame current="/member/blackgold-intro">
      <header className={`${hero} ${blackHero}`}>
        <div>
          <h1>{t('memberArea.more.blackGold')}</h1>
          <p>{t('memberArea.more.blackGoldSlogan')}</p>
        </div>
        <div className="state">
          <Link href="/black-gold/industry-revival/intro">{t('memberArea.more.industryRevivalCta')} ›</Link>
        </div>
      </header>
      <section className={card} aria-labelledby="bg-tiers">
        <h2 id="bg-tiers">{t('memberArea.more.blackGoldTiers')}</h2>
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
      </section>
      <section className={card} aria-labelledby="bg-priv">
        <h2 id="bg-priv">{t('memberArea.more.privileges')}</h2>
        <Loaded load={tiers}>
          {(ts) => (
            <Loaded load={equities}>
              {(es) => (
                <table className={table} aria-labelledby="bg-priv">
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
      </section>
    </MemberFrame>
  )
}

/** /black-gold/industry-revival/intro: the series and its albums. */
export function IndustryRevivalIntroPage() {
  usePageTitle(t('memberArea.more.industryRevival'))
  const api = useMembershipApi()
  const series = useLoad(api.industryRevival, 'industryRevival')
  return (
    <MemberFrame current="/member/blackgold-intro">
      <Loaded load={series}>
        {(s) => (
          <>
            <header className={`${hero} ${blackHero}`}>
              <div>
                <h1>{s.title}</h1>
                <p>{s.summary}</p>
              </div>
              <div className="state">
                <Link href="/black-gold/promote">{t('memberArea.more.blackGold')} ›</Link>
              </div>
            </header>
            <section className={card} aria-labelledby="ir-albums">
              <h2 id="ir-albums">{t('memberArea.more.seriesColumns')}</h2>
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
            </section>
          </>
        )}
      </Loaded>
    </MemberFrame>
  )
}

function AlbumList({ items, label, unlockHref }: { items: readonly AlbumContent[]; label: string; unlockHref: (c: AlbumContent) => string }) {
  if (items.length === 0) return <p>{t('memberArea.more.noArticles')}</p>
  return (
    <ol className={list} aria-label={label}>
      {items.map((c) => (
        <li key={c.id}>
          <div className="body">
            <Link className="title" href={`/news/${c.id}`}>{c.title}</Link>
            <p className="summary">{c.summary}</p>
            <div className="meta">{formatDate(c.createTimestamp)}</div>
          </div>
          <LockTag locked={c.locked} />
          {c.locked ? <Link className="unlock" href={unlockHref(c)}>{t('memberArea.more.becomeMember')}</Link> : null}
        </li>
      ))}
    </ol>
  )
}

/** /black-gold/industry-revival/{columnId}: one album, its trial and all its articles. */
export function IndustryRevivalColumnPage({ columnId }: { columnId: string | undefined }) {
  const id = parseRouteId(columnId)
  if (id === null) return <NotFoundPage />
  return <AlbumPage id={id} />
}

function AlbumPage({ id }: { id: number }) {
  const api = useMembershipApi()
  const album = useLoad(() => api.album(id), `album-${id}`)
  const trial = useLoad(() => api.albumTrial(id), `trial-${id}`)
  const all = useLoad(() => api.albumContent(id), `all-${id}`)
  usePageTitle(album.status === 'ready' ? album.data.name : t('memberArea.more.industryRevival'))
  const unlockHref = (c: AlbumContent) => (c.specsId !== undefined ? paymentHref(c.specsId) : '/black-gold/promote')
  return (
    <MemberFrame current="/member/blackgold-intro">
      <Loaded load={album}>
        {(a) => (
          <header className={`${hero} ${blackHero}`}>
            <div>
              <h1>{a.name}</h1>
              <p>{a.brief}</p>
              <p>{a.author.nick} · {t('memberArea.more.albumArticles', { n: a.articleCount })} · {a.fullAccess ? t('memberArea.more.fullAccess') : t('memberArea.more.trialCount', { n: a.trialCount })}</p>
            </div>
            <div className="state">
              {!a.fullAccess && a.specsId !== undefined && a.priceCents !== undefined ? (
                <Link href={paymentHref(a.specsId)} className={buyLink}>{t('memberArea.more.buyColumn', { price: formatPriceCents(a.priceCents) })}</Link>
              ) : null}
              {!a.fullAccess && a.specsId === undefined ? <Link href="/black-gold/promote" className={buyLink}>{t('memberArea.more.becomeMember')}</Link> : null}
              <p><Link href="/black-gold/industry-revival/intro">{t('memberArea.more.backToSeries')}</Link></p>
            </div>
          </header>
        )}
      </Loaded>
      <section className={card} aria-labelledby="al-trial">
        <h2 id="al-trial">{t('memberArea.more.trial')}</h2>
        <Loaded load={trial}>{(items) => <AlbumList items={items} label={t('memberArea.more.trial')} unlockHref={unlockHref} />}</Loaded>
      </section>
      <section className={card} aria-labelledby="al-all">
        <h2 id="al-all">{t('memberArea.more.allContent')}</h2>
        <Loaded load={all}>{(items) => <AlbumList items={items} label={t('memberArea.more.allContent')} unlockHref={unlockHref} />}</Loaded>
      </section>
    </MemberFrame>
  )
}
