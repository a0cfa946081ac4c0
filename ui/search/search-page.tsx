// /search?keyword={text}&type=post|live|financeCircle (spec 000 §2): result tabs, pages of 10
// (spec 000 §9: search pages 10), matches highlighted with the server's ranges.
import { useSearch, useLocation, Link } from 'wouter'
import { css } from '@linaria/core'
import { buildResultsUrl, type SearchResultType } from '../../core/search/search-url'
import type { FinancialCircleHit, LiveHit, PostHit } from '../../core/api/search'
import type { ResultHit } from '../../core/search/result-tab'
import { formatDateTime as formatTime } from '../../core/format/date-time'
import { useSearchApi } from './api'
import { useKeywordList } from './use-keyword-list'
import { ListFooter } from '../content/article-list'
import { panel, panelTitle, tabs } from '../content/panel'
import { Empty } from '../common/status'
import { Img } from '../common/img'
import { t } from '../i18n/i18n'
import { usePageTitle } from '../common/page-title'
import { tokens } from '../styles/tokens'
import { Highlighted } from './highlighted'
import { SubjectStrip } from './subject-strip'
import { PortfolioStrip } from './portfolio-strip'
import { Tabs } from '../common/tabs'
import '../i18n/texts/reading'
import { usePages, type PageAnswer } from '../common/use-read'

const TYPES: readonly SearchResultType[] = ['post', 'live', 'financeCircle']

const item = css`
  display: flex;
  gap: 16px;
  padding: 16px 0;
  border-bottom: 1px solid ${tokens.border};
  a {
    color: ${tokens.text};
    text-decoration: none;
  }
  h2 {
    margin: 0 0 6px;
    font-size: 17px;
    line-height: 1.5;
  }
  p {
    margin: 0 0 6px;
    color: ${tokens.textSecondary};
    font-size: 14px;
    line-height: 1.6;
  }
  mark {
    background: none;
    color: ${tokens.brand};
  }
`
const meta = css`
  color: ${tokens.textMuted};
  font-size: 12px;
`
const stockStrip = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 8px 0 4px;
  a {
    padding: 4px 12px;
    border: 1px solid ${tokens.border};
    border-radius: 14px;
    color: ${tokens.text};
    text-decoration: none;
    font-size: 13px;
  }
`
const totalText = css`
  margin: 8px 0 0;
  color: ${tokens.textMuted};
  font-size: 13px;
`

function parseType(value: string | null): SearchResultType {
  return value === 'live' || value === 'financeCircle' ? value : 'post'
}

export default function SearchPage() {
  const params = new URLSearchParams(useSearch())
  const keyword = (params.get('keyword') ?? '').trim()
  const type = parseType(params.get('type'))
  usePageTitle(keyword ? t('reading.search.pageTitle', { keyword }) : t('header.searchButton'))
  const [, navigate] = useLocation()
  return (
    <section className={panel}>
      <h1 className={panelTitle}>{keyword ? t('reading.search.pageTitle', { keyword }) : t('header.searchButton')}</h1>
      {keyword ? <StockStrip keyword={keyword} /> : null}
      {keyword ? <SubjectStrip keyword={keyword} /> : null}
      {keyword ? <PortfolioStrip keyword={keyword} /> : null}
      {/* aria-controls may only name a panel that exists: without a keyword there is none */}
      <Tabs className={tabs} label={t('header.searchButton')} idBase="search" panelId={keyword ? 'search-tabpanel' : undefined} items={TYPES.map((ty) => ({ key: ty, label: t(`reading.search.tabs.${ty}`) }))} value={type} onChange={(ty) => navigate(buildResultsUrl(keyword, ty))} />
      {keyword ? <Results key={`${type} ${keyword}`} keyword={keyword} type={type} /> : <Empty text={t('reading.search.noKeyword')} />}
    </section>
  )
}

function StockStrip({ keyword }: { keyword: string }) {
  const stocks = useKeywordList(useSearchApi().relatedStocks(keyword))
  if (!stocks.length) return null
  return (
    <nav className={stockStrip} aria-label={t('reading.search.relatedStocks')}>
      {stocks.map((s) => (
        <Link key={s.id} href={`/stock/${s.id}`}>
          <Highlighted text={s.name} keyword={keyword} /> {s.codeDisp}
        </Link>
      ))}
    </nav>
  )
}

function Results({ keyword, type }: { keyword: string; type: SearchResultType }) {
  const api = useSearchApi()
  const list = usePages<ResultHit, PageAnswer<ResultHit> & { total: number }>({
    key: { endpoint: 'search.byType', params: { type }, query: { keyword } },
    loadPage: ({ page }) => api.resultPage(type, keyword, page),
    keyOf: (h) => `${h.kind}${h.hit.id}`,
  })
  const total = list.first?.total ?? null
  return (
    <div role="tabpanel" id="search-tabpanel" aria-labelledby={`search-tab-${type}`}>
      {total !== null && list.items.length ? <p className={totalText}>{t('reading.search.total', { n: total })}</p> : null}
      {list.items.map((h) => (
        <article key={`${h.kind}${h.hit.id}`} className={item}>
          {h.kind === 'post' ? <PostItem hit={h.hit} /> : h.kind === 'live' ? <LiveItem hit={h.hit} /> : <CircleItem hit={h.hit} keyword={keyword} />}
        </article>
      ))}
      {list.status === 'empty' ? <Empty text={t('reading.search.noResults')} /> : null}
      {list.status !== 'empty' ? (
        <ListFooter list={list} />
      ) : null}
    </div>
  )
}

function PostItem({ hit }: { hit: PostHit }) {
  return (
    <>
      <div style={{ flex: 1, minWidth: 0 }}>
        <h2>
          <Link href={`/news/${hit.id}`}>
            <Highlighted text={hit.title} ranges={hit.titleHighlights} />
          </Link>
        </h2>
        <p>
          <Highlighted text={hit.summary} ranges={hit.summaryHighlights} />
        </p>
        <div className={meta}>
          {hit.author.nick} · {formatTime(hit.createTimestamp)}
        </div>
      </div>
      {hit.coverUrl ? <Img src={hit.coverUrl} alt="" width={160} height={100} /> : null}
    </>
  )
}

function LiveItem({ hit }: { hit: LiveHit }) {
  return (
    <div style={{ flex: 1, minWidth: 0 }}>
      <Link href={`/live/${hit.id}`}>
        {hit.title ? (
          <h2>
            <Highlighted text={hit.title} ranges={hit.titleHighlights} />
          </h2>
        ) : null}
        <p>
          <Highlighted text={hit.content} ranges={hit.contentHighlights} />
        </p>
      </Link>
      <div className={meta}>{formatTime(hit.createTimestamp)}</div>
    </div>
  )
}

/** A circle found (spec 001 §7 circle search): its avatar and name, to its page. */
function CircleItem({ hit, keyword }: { hit: Pick<typeof FinancialCircleHit.Type, 'id' | 'name'> & { avatar?: string }; keyword: string }) {
  return (
    <Link className={circleRow} href={`/chiefCircle/detail/${hit.id}`}>
      {hit.avatar ? <Img src={hit.avatar} alt="" width={48} height={48} className={circleAvatar} /> : <span className={circleAvatar} aria-hidden="true" />}
      <span className={circleName}>
        <Highlighted text={hit.name} keyword={keyword} />
      </span>
    </Link>
  )
}

const circleRow = css`
  display: flex;
  align-items: center;
  gap: 12px;
  color: inherit;
  text-decoration: none;
  &:hover span:last-child {
    color: ${tokens.brand};
  }
`
const circleAvatar = css`
  flex: none;
  width: 48px;
  height: 48px;
  border-radius: 8px;
  background: ${tokens.bg};
  object-fit: cover;
`
const circleName = css`
  font-size: 16px;
  font-weight: 600;
`
