// /p/{id} and /community/post/{id}: one post (spec 000 §2, §7 /api/community/dynamic/detail/{id}/v2)
// with its body at most 300 px high until expanded (§9), like, favourite, share (issue 25), delete own,
// complain, and its comments. Under review it shows 内容审核中 to its author (others never get it).
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { css } from '@linaria/core'
import type { PostSummary } from '../../core/api/reading-community'
import { formatDateTime } from '../../core/format/date-time'
import { commentInputState, POST_BODY_MAX_PX } from '../../core/posting/comment-box'
import { useRead } from '../common/use-read'
import { NOT_FOUND } from '../../core/query/query-cache'
import { Empty, Failed, Loading } from '../common/status'
import { Img } from '../common/img'
import { panel } from '../content/panel'
import { usePageTitle } from '../common/page-title'
import { RichHtml } from '../common/rich-html'
import { ToggleButton } from '../common/toggle-button'
import { useSession } from '../common/session'
import { normaliseError } from '../../core/api/api-error'
import { t } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'
import { tokens } from '../styles/tokens'
import { usePostingApi, type PostView } from './api'
import { CommentSection } from './comments'
import { ShareButton } from './share-button'
import '../i18n/texts/posting'

const page = css`
  max-width: 860px;
  margin: 0 auto;
  article { padding: 24px 32px; }
  h1 { margin: 10px 0 14px; font-size: 24px; line-height: 1.4; }
  .who { display: flex; gap: 10px; align-items: center; color: ${tokens.textMuted}; font-size: 13px; }
  .who a { color: ${tokens.text}; font-weight: 600; font-size: 15px; }
  .body { position: relative; overflow: hidden; font-size: 16px; line-height: 1.9; white-space: pre-wrap; word-break: break-word; }
  .body p { margin: 0 0 10px; }
  aside { padding: 16px 24px; margin-top: 16px; }
  aside h2 { font-size: 16px; margin: 0 0 8px; }
  aside ul { list-style: none; margin: 0; padding: 0; }
  aside li { padding: 6px 0; border-bottom: 1px solid ${tokens.border}; }
  aside a { color: ${tokens.text}; }
  .body[data-limited='true'] { max-height: ${String(POST_BODY_MAX_PX)}px; }
  .body[data-limited='true']::after { content: ''; position: absolute; left: 0; right: 0; bottom: 0; height: 48px; background: linear-gradient(${tokens.transparent}, ${tokens.card}); }
  .body img { max-width: 100%; }
  /* a long article's links, stocks, mentions (rich-text tokens): as links, never as plain text */
  .body a { color: ${tokens.link}; }
  .pictures { display: grid; grid-template-columns: repeat(3, 1fr); gap: 8px; margin-top: 12px; }
  .pictures img { width: 100%; aspect-ratio: 1; object-fit: cover; border-radius: 6px; }
  .expand { margin-top: 8px; border: 0; background: none; color: ${tokens.link}; cursor: pointer; font-size: 14px; padding: 0; }
  .chips { display: flex; gap: 8px; flex-wrap: wrap; margin-top: 14px; font-size: 13px; }
  .chips a { padding: 2px 8px; border-radius: 12px; background: ${tokens.infoBg}; color: ${tokens.link}; }
  .tools { display: flex; gap: 10px; align-items: center; margin-top: 18px; flex-wrap: wrap; }
  .review { margin: 10px 0 0; padding: 8px 12px; border-radius: 6px; background: ${tokens.warnBg}; color: ${tokens.warn}; font-size: 14px; }
  .comments { padding: 20px 32px; margin-top: 16px; }
`

/** The body, at most 300 px until the reader expands it; the button shows only when it is taller. */
function LimitedBody({ post }: { post: PostView }) {
  const ref = useRef<HTMLDivElement>(null)
  const [tall, setTall] = useState(false)
  const [expanded, setExpanded] = useState(false)
  useLayoutEffect(() => {
    const el = ref.current
    if (el) setTall(el.scrollHeight > POST_BODY_MAX_PX + 1)
  }, [post])
  const limited = tall && !expanded
  return (
    <>
      <div ref={ref} className="body" data-limited={limited} data-testid="post-body">
        {post.html ? <RichHtml html={post.html} /> : post.content.split('\n').map((line, i) => <p key={i}>{line}</p>)}
        {post.pictureUrls.length ? (
          <div className="pictures">
            {post.pictureUrls.map((u) => (
              <Img key={u} src={u} alt="" width={240} height={240} />
            ))}
          </div>
        ) : null}
      </div>
      {tall ? (
        <button type="button" className="expand" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)} data-testid="post-expand">
          {expanded ? t('posting.post.collapse') : t('posting.post.expand')}
        </button>
      ) : null}
    </>
  )
}

function PostTools({ post }: { post: PostView }) {
  const calls = usePostingApi()
  const session = useSession()
  const [, navigate] = useLocation()
  const [likes, setLikes] = useState(post.likeCount)
  const [favs, setFavs] = useState(post.favCount)
  const [message, setMessage] = useState<string | null>(null)
  const own = session.user?.id === post.author.id
  return (
    <div className="tools">
      <ToggleButton
        on={post.liked}
        save={async (on) => {
          const r = await calls.likePost(post.id, on)
          setLikes(r.likeCount)
          return { on: r.liked }
        }}
        label={(on) => t(on ? 'posting.post.liked' : 'posting.post.like', { n: likes })}
        className={(on) => (on ? `${pill} ${primary}` : pill)}
        testId="post-like"
      />
      <ToggleButton
        on={post.favorited}
        save={async (on) => {
          const r = await calls.favorite('post', post.id, on)
          setFavs(r.favCount)
          return { on: r.favorited }
        }}
        label={(on) => t(on ? 'posting.post.favorited' : 'posting.post.favorite', { n: favs })}
        className={(on) => (on ? `${pill} ${primary}` : pill)}
        testId="post-favorite"
      />
      <ShareButton source="post" id={post.id} />
      {own ? (
        <button type="button" className={pill} onClick={() => calls.deletePost(post.id).then(() => navigate('/my/publish'), (e) => setMessage(normaliseError(e).message))} data-testid="post-delete">
          {t('posting.comments.delete')}
        </button>
      ) : (
        <button
          type="button"
          className={pill}
          onClick={async () => {
            if (!(await session.requireLogin())) return
            await calls.complain('post', post.id, 'other').then(() => setMessage(t('posting.comments.complained')), (e: unknown) => setMessage(normaliseError(e).message))
          }}
        >
          {t('posting.comments.complain')}
        </button>
      )}
      {message ? <span role="status">{message}</span> : null}
    </div>
  )
}

export function PostPage({ id }: { id: number }) {
  const calls = usePostingApi()
  const session = useSession()
  const detail = useRead(calls.post(id))
  const post = detail.data
  usePageTitle(post ? post.title || Array.from(post.content).slice(0, 24).join('') : t('posting.post.title'))
  const signedIn = session.user?.id ?? 0
  useEffect(() => {
    if (post && signedIn) void calls.recordRead('post', post.id).catch(() => undefined)
  }, [calls, post, signedIn])
  if (detail.status === 'loading') return <section className={panel}><Loading /></section>
  if (detail.status === 'failed' && detail.statusCode === NOT_FOUND) return <section className={panel}><Empty text={t('posting.post.notFound')} /></section>
  if (detail.status === 'failed' || !post) return <section className={panel}><Failed message={detail.message ?? null} onRetry={detail.reload} /></section>
  return (
    <div className={page}>
      <article className={panel}>
        <div className="who">
          {post.author.avatar ? <Img src={post.author.avatar} alt="" width={36} height={36} /> : null}
          <Link href={`/user/${post.author.id}`}>{post.author.nick}</Link>
          <time dateTime={new Date(post.createTimestamp * 1000).toISOString()}>{formatDateTime(post.createTimestamp)}</time>
          {post.essence ? <span>{t('posting.post.essence')}</span> : null}
        </div>
        {post.status !== 'approved' ? <p className="review" data-testid="post-review">{post.reviewMessage || t('posting.status.reviewing')}</p> : null}
        <h1>{post.title || t('posting.post.title')}</h1>
        <LimitedBody post={post} />
        {post.topic || post.stocks.length ? (
          <div className="chips">
            {post.topic ? <Link href={`/community/topics/${post.topic.topicId}`}>#{post.topic.topicName}#</Link> : null}
            {post.stocks.map((s) => (
              <Link key={s.id} href={`/stock/${s.id}`}>${s.name}$</Link>
            ))}
          </div>
        ) : null}
        <PostTools key={`${post.id}:${signedIn}`} post={post} />
      </article>
      <div className={`${panel} comments`}>
        <CommentSection source="post" refId={post.id} input={commentInputState(post)} />
      </div>
      <Related postId={post.id} />
    </div>
  )
}

export function Related({ postId }: { postId: number }) {
  const calls = usePostingApi()
  const related = useRead(calls.relatedPosts(postId))
  const list: readonly PostSummary[] = related.data ?? []
  if (!list.length) return null
  return (
    <aside className={panel} aria-labelledby="related-posts">
      <h2 id="related-posts">{t('posting.post.related')}</h2>
      <ul>
        {list.map((p) => (
          <li key={p.id}>
            <Link href={`/p/${p.id}`}>{p.title || Array.from(p.content).slice(0, 40).join('')}</Link>
          </li>
        ))}
      </ul>
    </aside>
  )
}
