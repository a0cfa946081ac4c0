// A post card and the virtualised post list (long lists stay smooth at thousands of posts).
import { useCallback, useState } from 'react'
import { Link } from 'wouter'
import { css } from '@linaria/core'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import type { PostSummary } from '../../../core/api/reading-community'
import { formatBigNumber } from '../../../core/format/big-number'
import { formatRelativeTime } from '../../../core/format/date-time'
import { Img } from '../../common/img'
import { useServices } from '../../services'
import { useRenderNow } from '../../common/first-screen'
import { FIRST_RENDER_RECT } from '../../content/window-list'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import '../../i18n/texts/community'
import { clampLines } from '../../styles/looks'

export const postCard = css`
  padding: 16px 0;
  border-bottom: 1px solid ${tokens.border};
  h3 { margin: 0 0 6px; font-size: 17px; font-weight: 600; }
  p { margin: 0 0 10px; color: ${tokens.text}; line-height: 1.7; white-space: pre-line; ${clampLines(4)} }
`
export const authorLine = css`
  display: flex; align-items: center; gap: 8px; margin-bottom: 8px; font-size: 14px; color: ${tokens.text};
  img { width: 32px; height: 32px; border-radius: 50%; }
  time { color: ${tokens.textMuted}; font-size: 12px; }
`
export const metaLine = css`
  display: flex; flex-wrap: wrap; gap: 12px; align-items: center; color: ${tokens.textMuted}; font-size: 12px;
`
export const chip = css`
  padding: 1px 8px; border-radius: 10px; background: ${tokens.infoBg}; color: ${tokens.link}; font-size: 12px;
`
export const topicChip = css`
  padding: 1px 8px; border-radius: 10px; background: ${tokens.brandTint}; color: ${tokens.brand}; font-size: 12px;
`

export function PostCard({ post }: { post: PostSummary }) {
  const { lang } = useServices()
  const now = useRenderNow()
  return (
    <article className={postCard} data-testid="post-card">
      <div className={authorLine}>
        <Img src={post.author.avatar} alt="" width={32} height={32} />
        <Link href={`/user/${post.author.id}`}>{post.author.nick}</Link>
        <time dateTime={new Date(post.createTimestamp * 1000).toISOString()}>{formatRelativeTime(post.createTimestamp, now, lang)}</time>
      </div>
      {post.title ? (
        <h3>
          <Link href={`/community/post/${post.id}`}>{post.title}</Link>
        </h3>
      ) : null}
      <Link href={`/community/post/${post.id}`}>
        <p>{post.content}</p>
      </Link>
      <div className={metaLine}>
        {post.topic ? (
          <Link className={topicChip} href={`/community/topics/${post.topic.topicId}`}>
            #{post.topic.topicName}#
          </Link>
        ) : null}
        {post.stocks.map((s) => (
          <Link key={s.id} className={chip} href={`/stock/${s.id}`}>
            {s.name}
          </Link>
        ))}
        <span>{t('community.likes', { n: formatBigNumber(post.likeCount, lang) })}</span>
        <span>{t('community.comments', { n: formatBigNumber(post.commentCount, lang) })}</span>
        <span>{t('common.readCount', { n: formatBigNumber(post.readCount, lang) })}</span>
      </div>
    </article>
  )
}

/** Renders only the posts near the viewport; the page scrolls as a whole (window virtualiser). */
export function VirtualPostList({ items, label }: { items: readonly PostSummary[]; label: string }) {
  // where the list starts on the page, measured when its element is attached (0 on the server and the first render)
  const [top, setTop] = useState(0)
  const measure = useCallback((el: HTMLDivElement | null) => {
    if (el) setTop(el.offsetTop)
  }, [])
  const v = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => 150,
    overscan: 6,
    scrollMargin: top,
    // the same first render on the server and in the browser (hydration); measured right after
    initialRect: FIRST_RENDER_RECT,
    initialOffset: 0,
  })
  return (
    <div ref={measure} role="list" aria-label={label} style={{ position: 'relative', height: v.getTotalSize() }}>
      {v.getVirtualItems().map((row) => {
        const post = items[row.index]
        if (!post) return null
        return (
          <div
            key={post.id}
            role="listitem"
            data-index={row.index}
            ref={v.measureElement}
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start - v.options.scrollMargin}px)` }}
          >
            <PostCard post={post} />
          </div>
        )
      })}
    </div>
  )
}
