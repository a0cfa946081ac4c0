// The personal area's posting lists (spec 000 §2 'Personal area', §7 'Account' personal reads):
// /my/publish, /my/favorite, /my/comment, /my/reading and /myHome/commentMe, in the my layout's
// frame (guests see its not-logged-in panel). Each list pages by the timestamp of its last item.
import { useState, type ReactNode } from 'react'
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { ArticleDraft } from '../../core/api/posting'
import { normaliseError } from '../../core/api/api-error'
import type { Dynamic, FavoriteItem, MyComment, ReadItem as ReadItemSchema } from '../../core/api/interaction'

type ReadItem = typeof ReadItemSchema.Type
import type { PageAnswer } from '../common/use-read'
import { formatDateTime } from '../../core/format/date-time'
import { My } from '../common/my-layout'
import { ListFooter } from '../content/article-list'
import { usePageTitle } from '../common/page-title'
import { t, type TranslationKey } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { usePostingApi, type PostingApi } from './api'
import '../i18n/texts/posting'
import '../i18n/texts/community'
import { usePages } from '../common/use-read'

const list = css`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  li { padding: 12px 0; border-bottom: 1px solid ${tokens.border}; }
  a { color: ${tokens.text}; font-weight: 600; }
  a:hover { color: ${tokens.brand}; }
  p { margin: 4px 0 0; color: ${tokens.textSecondary}; font-size: 14px; line-height: 1.6; white-space: pre-wrap; word-break: break-word; }
  .meta { display: flex; gap: 10px; margin-top: 6px; color: ${tokens.textMuted}; font-size: 12px; }
  .link { border: 0; background: none; padding: 0; color: ${tokens.link}; cursor: pointer; font-size: 12px; }
  .status { padding: 0 6px; border-radius: 4px; background: ${tokens.warnBg}; color: ${tokens.warn}; }
`

/** A post's page (discussion posts and articles both read at /p/{id}); a news article's at /news/{id}. */
const linkOf = (source: 'post' | 'news', id: number) => (source === 'news' ? `/news/${id}` : `/p/${id}`)

const excerpt = (s: string, n = 120) => (Array.from(s).length > n ? `${Array.from(s).slice(0, n).join('')}…` : s)

function MyList<T extends { id: number }>({ titleKey, load, stamp, render }: { titleKey: TranslationKey; load: (api: PostingApi, timestamp?: number) => Promise<PageAnswer<T>>; stamp: (item: T) => number; render: (item: T) => ReactNode }) {
  const calls = usePostingApi()
  usePageTitle(t(titleKey))
  const paged = usePages<T>({ key: { endpoint: 'my.list', query: { titleKey } }, loadPage: ({ last }) => load(calls, last ? stamp(last) : undefined), keyOf: (item) => item.id })
  return (
    <>
      <h2>{t(titleKey)}</h2>
      <ul className={list} aria-label={t(titleKey)}>
        {paged.items.map((item) => (
          <li key={item.id}>{render(item)}</li>
        ))}
      </ul>
      <ListFooter list={paged} />
    </>
  )
}

const STATUS_KEY = { reviewing: 'posting.status.reviewing', rejected: 'posting.status.rejected', approved: null, draft: null } as const

function PublishItem({ item }: { item: Dynamic }) {
  const status = STATUS_KEY[item.status]
  return (
    <>
      <Link href={linkOf('post', item.id)}>{item.title || excerpt(item.content, 40)}</Link>
      {item.title ? <p>{excerpt(item.content)}</p> : null}
      <div className="meta">
        {status ? <span className="status" data-testid="review-status">{t(status)}</span> : null}
        {item.status === 'rejected' && item.reviewMessage ? <span>{item.reviewMessage}</span> : null}
        <time>{formatDateTime(item.createTimestamp)}</time>
        <span>{t('community.likes', { n: item.likeCount })}</span>
        <span>{t('community.comments', { n: item.commentCount })}</span>
      </div>
    </>
  )
}

function ContentItem({ item, at }: { item: FavoriteItem | ReadItem; at: number }) {
  return (
    <>
      <Link href={linkOf(item.source, item.id)}>{item.title || excerpt(item.summary, 40)}</Link>
      {item.summary ? <p>{excerpt(item.summary)}</p> : null}
      <div className="meta">
        <span>{item.author.nick}</span>
        <time>{formatDateTime(at)}</time>
      </div>
    </>
  )
}

function CommentLine({ item, showAuthor }: { item: MyComment; showAuthor: boolean }) {
  return (
    <>
      <p style={{ color: tokens.text }}>
        {showAuthor ? <strong>{item.author.nick}：</strong> : null}
        {item.content}
      </p>
      <div className="meta">
        {STATUS_KEY[item.status] ? <span className="status">{t(STATUS_KEY[item.status]!)}</span> : null}
        <span>
          {t('posting.my.on')} <Link href={item.target.link}>{item.target.title}</Link>
        </span>
        <time>{formatDateTime(item.createTimestamp)}</time>
      </div>
    </>
  )
}

/** The long-article drafts (spec 000 §7 getMyList, delMyOne): each reopens in the editor. */
function Drafts() {
  const calls = usePostingApi()
  const paged = usePages<ArticleDraft>({ key: { endpoint: 'article.draftList' }, loadPage: ({ page }) => calls.drafts(page), keyOf: (d) => d.id })
  // deleted here: the list's machine keeps what it loaded, so deleted drafts are hidden from it
  const [deleted, setDeleted] = useState<ReadonlySet<number>>(new Set())
  const [error, setError] = useState<string | null>(null)
  const shown = paged.items.filter((d) => !deleted.has(d.id))
  if (paged.status === 'empty' || (paged.status !== 'loading' && shown.length === 0 && !paged.hasMore)) return null
  return (
    <>
      <h2>{t('posting.my.drafts')}</h2>
      {error ? <p role="alert" className="msg">{error}</p> : null}
      <ul className={list} aria-label={t('posting.my.drafts')} data-testid="drafts">
        {shown.map((d) => (
          <li key={d.id}>
            <Link href={`/articleCreate/norpub.html?draftId=${d.id}`}>{d.title || t('posting.my.untitled')}</Link>
            <div className="meta">
              <time>{t('posting.my.savedAt', { time: formatDateTime(d.updateTimestamp) })}</time>
              <button
                type="button"
                className="link"
                onClick={() =>
                  calls.deleteDraft(d.id).then(
                    () => setDeleted((s) => new Set([...s, d.id])),
                    (e: unknown) => setError(normaliseError(e).message),
                  )
                }
              >
                {t('posting.my.draftDelete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {paged.hasMore ? <ListFooter list={paged} /> : null}
      <div style={{ height: 24 }} />
    </>
  )
}

export function MyPublishPage() {
  return (
    <My>
      {() => (
        <>
          <Drafts />
          <MyList<Dynamic> titleKey="posting.my.publish" load={(api, ts) => api.myPublish(ts)} stamp={(i) => i.createTimestamp} render={(i) => <PublishItem item={i} />} />
        </>
      )}
    </My>
  )
}
export function MyFavoritePage() {
  return <My>{() => <MyList<FavoriteItem> titleKey="posting.my.favorite" load={(api, ts) => api.myFavorites(ts)} stamp={(i) => i.favTimestamp} render={(i) => <ContentItem item={i} at={i.favTimestamp} />} />}</My>
}
export function MyReadingPage() {
  return <My>{() => <MyList<ReadItem> titleKey="posting.my.reading" load={(api, ts) => api.readHistory(ts)} stamp={(i) => i.readTimestamp} render={(i) => <ContentItem item={i} at={i.readTimestamp} />} />}</My>
}
export function MyCommentPage() {
  return <My>{() => <MyList<MyComment> titleKey="posting.my.comment" load={(api, ts) => api.myComments(ts)} stamp={(i) => i.createTimestamp} render={(i) => <CommentLine item={i} showAuthor={false} />} />}</My>
}
export function CommentMePage() {
  return <My>{() => <MyList<MyComment> titleKey="posting.my.commentMe" load={(api, ts) => api.commentsToMe(ts)} stamp={(i) => i.createTimestamp} render={(i) => <CommentLine item={i} showAuthor />} />}</My>
}
