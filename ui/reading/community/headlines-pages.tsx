// /tradeHeadlines (important flashes and company news) and /official (articles and posts of the
// 港美汇 editorial accounts).
import { useState } from 'react'
import { Link } from 'wouter'
import { css } from '@linaria/core'
import { formatRelativeTime } from '../../../core/format/date-time'
import { useServices } from '../../services'
import { useCommunityApi } from './api'
import { useRenderNow } from '../../common/first-screen'
import { ArticleList, ListFooter, Paged } from '../../content/article-list'
import { panel, panelTitle, tabs } from '../../content/panel'
import { usePageTitle } from '../../common/page-title'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { chip, VirtualPostList } from './post-list'
import { Tabs } from '../../common/tabs'
import '../../i18n/texts/community'
import { usePages } from '../../common/use-read'
import { clampLines } from '../../styles/looks'

const list = css`
  margin: 0; padding: 0; list-style: none;
  li { display: grid; grid-template-columns: 86px 1fr; gap: 12px; padding: 14px 0; border-bottom: 1px solid ${tokens.border}; }
  time { color: ${tokens.textMuted}; font-size: 12px; }
  h3 { margin: 0 0 6px; font-size: 16px; }
  p { margin: 0 0 8px; color: ${tokens.textSecondary}; font-size: 14px; ${clampLines(2)} }
  .stocks { display: flex; gap: 8px; flex-wrap: wrap; }
`
const kindTag = css`
  display: inline-block; margin-right: 8px; padding: 0 6px; border-radius: 4px; font-size: 12px; font-weight: 400; vertical-align: 2px;
  &[data-kind='flash'] { background: ${tokens.brandTint}; color: ${tokens.brand}; }
  &[data-kind='article'] { background: ${tokens.infoBg}; color: ${tokens.link}; }
`
const intro = css`
  margin: -4px 0 8px; color: ${tokens.textMuted}; font-size: 13px;
`

export function TradeHeadlinesPage() {
  const api = useCommunityApi()
  const { lang } = useServices()
  const now = useRenderNow()
  usePageTitle(t('community.tradeHeadlines'))
  const items = usePages(api.tradeHeadlines())
  return (
    <section className={panel}>
      <h1 className={panelTitle}>{t('community.tradeHeadlines')}</h1>
      <p className={intro}>{t('community.tradeHeadlinesIntro')}</p>
      {items.items.length ? (
        <ul className={list} aria-label={t('community.tradeHeadlines')}>
          {items.items.map((h) => {
            const href = h.kind === 'flash' ? `/live/${h.id}` : `/news/${h.id}`
            return (
              <li key={`${h.kind}:${h.id}`}>
                <time dateTime={new Date(h.createTimestamp * 1000).toISOString()}>{formatRelativeTime(h.createTimestamp, now, lang)}</time>
                <div>
                  <h3>
                    <span className={kindTag} data-kind={h.kind}>{h.kind === 'flash' ? t('community.flash') : t('community.companyNews')}</span>
                    <Link href={href}>{h.title}</Link>
                  </h3>
                  {h.summary && h.summary !== h.title ? <p>{h.summary}</p> : null}
                  <div className="stocks">{h.stocks.map((s) => <Link key={s.id} className={chip} href={`/stock/${s.id}`}>{s.name}</Link>)}</div>
                </div>
              </li>
            )
          })}
        </ul>
      ) : null}
      <ListFooter list={items} />
    </section>
  )
}

export function OfficialPage() {
  usePageTitle(t('community.official'))
  const [tab, setTab] = useState<'articles' | 'posts'>('articles')
  return (
    <section className={panel}>
      <h1 className={panelTitle}>{t('community.official')}</h1>
      <Tabs
        className={tabs}
        label={t('community.official')}
        items={[
          { key: 'articles' as const, label: t('community.officialArticles') },
          { key: 'posts' as const, label: t('community.officialPosts') },
        ]}
        value={tab}
        onChange={setTab}
      />
      {tab === 'articles' ? <OfficialArticles /> : <OfficialPosts />}
    </section>
  )
}

function OfficialArticles() {
  const api = useCommunityApi()
  const items = usePages(api.officialArticles())
  return <Paged list={items}>{(rows) => <ArticleList items={rows} label={t('community.officialArticles')} />}</Paged>
}

function OfficialPosts() {
  const api = useCommunityApi()
  const items = usePages(api.officialPosts())
  return <Paged list={items}>{(rows) => <VirtualPostList items={rows} label={t('community.officialPosts')} />}</Paged>
}
