// /news/page/{id}: page {id} of the news filter list (spec 000 §7: /api/news/filter/list (createDate, count, type; 5 s timeout)),
// with the label filters, an optional 'up to this day' date, and a pager of links (each page has its own address).
import { Link, useLocation, useSearch } from 'wouter'
import { css } from '@linaria/core'
import { pageWindow } from '../../../core/reading/docs/page-window'
import { isNewsDate, newsFilterOf, newsPageHref, type NewsFilter } from '../../../core/reading/docs/news-page-url'
import { useDocsApi } from './api'
import { useRead } from '../../common/use-read'
import { NOT_FOUND } from '../../../core/query/query-cache'
import { ArticleList } from '../../content/article-list'
import { Empty, Failed, Loading } from '../../common/status'
import { panel, panelTitle, tabs } from '../../content/panel'
import { usePageTitle } from '../../common/page-title'
import { NotFoundContent } from '../../common/not-found'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import '../../i18n/texts/docs'


const bar = css`
  display: flex;
  gap: 10px;
  align-items: center;
  margin: 12px 0 4px;
  color: ${tokens.textSecondary};
  font-size: 14px;
  input {
    padding: 4px 8px;
    border: 1px solid ${tokens.border};
    border-radius: 4px;
    font: inherit;
  }
  button {
    border: 0;
    background: none;
    color: ${tokens.brand};
    cursor: pointer;
  }
`
const pager = css`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  justify-content: center;
  align-items: center;
  margin-top: 20px;
  a,
  span {
    min-width: 34px;
    padding: 6px 10px;
    border: 1px solid ${tokens.border};
    border-radius: 4px;
    text-align: center;
    color: ${tokens.textSecondary};
  }
  a[aria-current='page'] {
    border-color: ${tokens.brand};
    background: ${tokens.brand};
    color: ${tokens.onBrand};
  }
  span {
    border-color: transparent;
  }
`
const summaryLine = css`
  margin-top: 10px;
  text-align: center;
  color: ${tokens.textMuted};
  font-size: 13px;
`

export function NewsPage({ page }: { page: number }) {
  const api = useDocsApi()
  const filter = newsFilterOf(useSearch())
  const { type, createDate } = filter
  const [, navigate] = useLocation()
  const labels: readonly { type: string; name: string }[] = useRead(api.newsLabels()).data ?? []
  usePageTitle(t('docs.newsPage.heading', { page }))
  const href = (p: number, next: Partial<NewsFilter> = {}) => newsPageHref(p, { ...filter, ...next })
  return (
    <section className={panel}>
      <h1 className={panelTitle}>{t('docs.newsPage.heading', { page })}</h1>
      <div className={tabs} role="toolbar" aria-label={t('docs.newsPage.title')}>
        {(labels.length ? labels : [{ type: 'all', name: t('news.all') }]).map((l) => (
          <Link key={l.type} href={href(1, { type: l.type })} aria-current={type === l.type ? 'page' : undefined}>
            {l.name}
          </Link>
        ))}
      </div>
      <div className={bar}>
        <label>
          {t('docs.newsPage.date')}{' '}
          <input type="date" value={createDate} onChange={(e) => navigate(href(1, { createDate: isNewsDate(e.target.value) ? e.target.value : '' }))} />
        </label>
        {createDate ? (
          <button type="button" onClick={() => navigate(href(1, { createDate: '' }))}>
            {t('docs.newsPage.clearDate')}
          </button>
        ) : null}
      </div>
      <NewsPageList page={page} type={type} createDate={createDate} href={href} />
    </section>
  )
}

function NewsPageList({ page, type, createDate, href }: { page: number; type: string; createDate: string; href: (p: number) => string }) {
  const api = useDocsApi()
  const list = useRead(api.newsPage(page, { type, createDate }))
  if (list.status === 'loading') return <Loading />
  if (list.status === 'failed' && list.statusCode === NOT_FOUND) return <NotFoundContent text={t('docs.newsPage.badPage')} />
  if (list.status === 'failed') return <Failed message={list.message} onRetry={list.reload} />
  const data = list.data
  if (data.total === 0) return <Empty />
  if (data.list.length === 0) return <NotFoundContent text={t('docs.newsPage.badPage')} />
  return (
    <>
      <ArticleList items={[...data.list]} label={t('docs.newsPage.title')} />
      <nav className={pager} aria-label={t('docs.newsPage.pager')}>
        {page > 1 ? <Link href={href(page - 1)}>{t('docs.newsPage.prev')}</Link> : null}
        {pageWindow(page, data.pageCount).map((p, i) =>
          p === 0 ? (
            <span key={`gap${i}`}>…</span>
          ) : (
            <Link key={p} href={href(p)} aria-current={p === page ? 'page' : undefined}>
              {p}
            </Link>
          ),
        )}
        {page < data.pageCount ? <Link href={href(page + 1)}>{t('docs.newsPage.next')}</Link> : null}
      </nav>
      <div className={summaryLine}>{t('docs.newsPage.pageOf', { page, count: data.pageCount, total: data.total })}</div>
    </>
  )
}
