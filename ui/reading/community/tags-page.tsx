// /tags/{type}: articles with one tag (spec 000 §7 /api/tags/articles (tags, page, count)) and every
// tag (/api/tags/all). Without a tag the most used one is shown.
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { TagCount } from '../../../core/api/reading-community'
import { useCommunityApi } from './api'
import { ArticleList, ListFooter } from '../../content/article-list'
import { panel, panelTitle, sticky, twoColumns } from '../../content/panel'
import { Empty, Failed, Loading } from '../../common/status'
import { usePageTitle } from '../../common/page-title'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import '../../i18n/texts/community'
import { usePages, useRead } from '../../common/use-read'

const cloud = css`
  display: flex; flex-wrap: wrap; gap: 8px;
  a { padding: 4px 10px; border-radius: 14px; background: ${tokens.bg}; color: ${tokens.textSecondary}; font-size: 13px; }
  a[aria-current='page'] { background: ${tokens.brand}; color: ${tokens.onBrand}; }
  small { margin-left: 4px; } /* no opacity: it took the count under 4.5:1 (axe color-contrast) */
`

export function TagsPage({ tag }: { tag?: string | undefined }) {
  const api = useCommunityApi()
  const read = useRead(api.tags())
  const tags: readonly TagCount[] | null | 'failed' = read.status === 'ready' ? read.data : read.status === 'failed' ? 'failed' : null
  const load = read.reload
  const chosen = tag ?? (Array.isArray(tags) ? tags[0]?.tag : undefined)
  const shown = Array.isArray(tags) ? tags.find((x) => x.tag === chosen)?.name ?? chosen : chosen
  usePageTitle(shown ?? t('community.tags'))
  return (
    <div className={twoColumns}>
      <section className={panel}>
        <h1 className={panelTitle}>{shown ? `${t('community.tags')}：${shown}` : t('community.tags')}</h1>
        {chosen ? <TagArticles key={chosen} tag={chosen} /> : tags === null ? <Loading /> : tags === 'failed' ? <Failed message={null} onRetry={() => void load()} /> : <Empty />}
      </section>
      <aside className={`${panel} ${sticky}`}>
        <h2 className={panelTitle}>{t('community.allTags')}</h2>
        {tags === null ? <Loading rows={2} /> : tags === 'failed' ? <Failed message={null} onRetry={() => void load()} /> : tags.length === 0 ? <Empty /> : (
          <nav className={cloud} aria-label={t('community.allTags')}>
            {tags.map((x) => (
              <Link key={x.tag} href={`/tags/${encodeURIComponent(x.tag)}`} aria-current={x.tag === chosen ? 'page' : undefined}>
                {x.name}
                <small>{x.count}</small>
              </Link>
            ))}
          </nav>
        )}
      </aside>
    </div>
  )
}

function TagArticles({ tag }: { tag: string }) {
  const api = useCommunityApi()
  const list = usePages(api.tagArticles(tag))
  const notFound = list.status === 'failed' && /标签不存在|404/.test(list.message ?? '')
  return (
    <>
      {list.items.length ? <ArticleList items={list.items} label={tag} /> : null}
      {notFound ? <Empty text={t('community.tagNotFound')} /> : (
        <ListFooter list={list} />
      )}
    </>
  )
}
