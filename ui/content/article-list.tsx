import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { ArticleSummary } from '../../core/api/content'
import { formatBigNumber } from '../../core/format/big-number'
import { formatRelativeTime } from '../../core/format/date-time'
import { Img } from '../common/img'
import { Empty, Failed, Loading } from '../common/status'
import type { Pages } from '../common/use-read'
import { useRenderNow } from '../common/first-screen'
import { useServices } from '../services'
import { t } from '../i18n/i18n'
import { listCard } from './article-styles'
import { tokens } from '../styles/tokens'
import { outlineLook, plainListLook, tagLook } from '../styles/looks'

export const list = css`
  ${plainListLook}
`
const card = css`
  grid-template-columns: 1fr 200px;
`
const cover = css`
  width: 200px;
  height: 112px;
  object-fit: cover;
  border-radius: 6px;
`
const meta = css`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  color: ${tokens.textMuted};
  font-size: 12px;
`
const channelTag = css`
  ${tagLook(tokens.brandTint, tokens.brand)}
`
const vipTag = css`
  ${tagLook(tokens.warnBg, tokens.warn)}
`
const moreButton = css`
  display: block;
  width: 100%;
  margin: 16px 0;
  padding: 10px;
  ${outlineLook(tokens.radius)}
  cursor: pointer;
  &:hover:not(:disabled) {
    color: ${tokens.brand};
    border-color: ${tokens.brand};
  }
  &:disabled {
    cursor: default;
  }
`

export function ArticleCard({ article, priority = false }: { article: ArticleSummary; priority?: boolean }) {
  const { lang } = useServices()
  const now = useRenderNow()
  return (
    <li className={`${listCard} ${card}`}>
      <div>
        <h3>
          <Link href={`/news/${article.id}`}>{article.title}</Link>
        </h3>
        <p>{article.summary}</p>
        <div className={meta}>
          <span className={channelTag}>{article.channelName}</span>
          {article.isVip ? <span className={vipTag}>{t('common.vip')}</span> : null}
          <span>{article.author.nick}</span>
          <time dateTime={new Date(article.createTimestamp * 1000).toISOString()}>{formatRelativeTime(article.createTimestamp, now, lang)}</time>
          <span>{t('common.readCount', { n: formatBigNumber(article.readCount, lang) })}</span>
        </div>
      </div>
      <Link href={`/news/${article.id}`} tabIndex={-1} aria-hidden="true">
        <Img className={cover} src={article.coverUrl} alt="" width={200} height={112} priority={priority} />
      </Link>
    </li>
  )
}

/** The foot of a paged list (ui/common/use-read.ts usePages): loading, empty (`emptyText`, or the common text), the failure with 重试, or 加载更多. */
export function ListFooter({ list, emptyText }: { list: Pages<unknown>; emptyText?: string }) {
  if (list.status === 'loading') return <Loading />
  if (list.status === 'empty') return <Empty text={emptyText} />
  // a failed first page, or a later page that failed (the items shown stay)
  if (list.status === 'failed' || (list.message && list.status === 'ready')) return <Failed message={list.message} onRetry={list.more} />
  return (
    <button type="button" className={moreButton} disabled={!list.hasMore || list.status === 'more'} onClick={list.more}>
      {list.status === 'more' ? t('common.loading') : list.hasMore ? t('common.loadMore') : t('common.noMore')}
    </button>
  )
}

/** A paged list drawn whole: its rows through `children` once there are any, then its foot (ListFooter). */
export function Paged<T>({ list, emptyText, children }: { list: Pages<T>; emptyText?: string; children: (rows: readonly T[]) => ReactNode }) {
  return (
    <>
      {list.items.length ? children(list.items) : null}
      <ListFooter list={list} emptyText={emptyText} />
    </>
  )
}

/** The covers a phone's first screen shows (each card is ~130 px high): loaded first, not lazily. */
const FIRST_SCREEN_COVERS = 3

export function ArticleList({ items, label }: { items: readonly ArticleSummary[]; label: string }) {
  return (
    <ul className={list} aria-label={label}>
      {items.map((a, i) => (
        <ArticleCard key={a.id} article={a} priority={i < FIRST_SCREEN_COVERS} />
      ))}
    </ul>
  )
}
