// Comments on a post or a news article (spec 000 §4, §5, §7): the comment box (45 px collapsed,
// 100 px expanded; submit enabled by core's rule), threads with their newest replies, replies,
// likes (the one toggle button), delete own, complain. Blocked input shows 内容审核中 or
// 该内容已限制评论 (core/posting/comment-box.ts). Guests who act get the login dialog.
import { useId, useState } from 'react'
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { CommentItem, CommentThread, ContentSource } from '../../core/api/posting'
import { COMPLAIN_REASONS } from '../../core/api/interaction'
import { normaliseError } from '../../core/api/api-error'
import { canSubmitComment, COMMENT_BOX_COLLAPSED_PX, COMMENT_BOX_EXPANDED_PX, commentContent, type CommentInputState } from '../../core/posting/comment-box'
import { formatDateTime } from '../../core/format/date-time'
import { ToggleButton } from '../common/toggle-button'
import { useSession } from '../common/session'
import { ListFooter } from '../content/article-list'
import { t } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'
import { tokens } from '../styles/tokens'
import { usePostingApi } from './api'
import '../i18n/texts/posting'
import { usePages } from '../common/use-read'

const box = css`
  display: flex;
  flex-direction: column;
  gap: 8px;
  textarea {
    box-sizing: border-box;
    width: 100%;
    height: ${String(COMMENT_BOX_COLLAPSED_PX)}px;
    padding: 10px 12px;
    border: 1px solid ${tokens.border};
    border-radius: 6px;
    font: inherit;
    font-size: 14px;
    resize: none;
    transition: height 0.15s;
  }
  &[data-expanded='true'] textarea { height: ${String(COMMENT_BOX_EXPANDED_PX)}px; }
  .actions { display: flex; justify-content: flex-end; align-items: center; gap: 10px; }
  .error { color: ${tokens.brand}; font-size: 13px; margin: 0; }
  .blocked { padding: 12px; border-radius: 6px; background: ${tokens.bg}; color: ${tokens.textSecondary}; text-align: center; font-size: 14px; }
`
const list = css`
  list-style: none;
  margin: 16px 0 0;
  padding: 0;
  > li { padding: 14px 0; border-top: 1px solid ${tokens.border}; }
  .who { display: flex; gap: 8px; align-items: center; font-size: 13px; color: ${tokens.textMuted}; }
  .who a { color: ${tokens.text}; font-weight: 600; }
  .text { margin: 6px 0; white-space: pre-wrap; word-break: break-word; line-height: 1.7; font-size: 15px; }
  .tools { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
  .tools button, .tools select { font-size: 12px; height: 26px; }
  .status { padding: 0 6px; border-radius: 4px; background: ${tokens.warnBg}; color: ${tokens.warn}; }
  .replies { list-style: none; margin: 10px 0 0 24px; padding: 0 0 0 12px; border-left: 2px solid ${tokens.border}; }
  .replies > li { padding: 8px 0; }
`

export function CommentBox({ onSubmit, label, autoExpand = false }: { onSubmit: (text: string) => Promise<void>; label: string; autoExpand?: boolean }) {
  const session = useSession()
  const [text, setText] = useState('')
  const [focused, setFocused] = useState(autoExpand)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const id = useId()
  const submit = async () => {
    if (!(await session.requireLogin())) return
    setSending(true)
    setError(null)
    try {
      await onSubmit(text)
      setText('')
      setFocused(false)
    } catch (e) {
      setError(normaliseError(e).message)
    } finally {
      setSending(false)
    }
  }
  return (
    <div className={box} data-expanded={focused || text !== ''} data-testid="comment-box">
      <label htmlFor={id} style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {label}
      </label>
      <textarea id={id} placeholder={label} value={text} onFocus={() => setFocused(true)} onBlur={() => setFocused(false)} onChange={(e) => setText(e.target.value)} autoFocus={autoExpand} />
      {focused || text !== '' ? (
        <div className="actions">
          {error ? <p className="error" role="alert">{error}</p> : null}
          <button type="button" className={`${pill} ${primary}`} disabled={sending || !canSubmitComment(text)} onMouseDown={(e) => e.preventDefault()} onClick={() => void submit()} data-testid="comment-submit">
            {t('posting.comments.submit')}
          </button>
        </div>
      ) : null}
    </div>
  )
}

function Complain({ id }: { id: number }) {
  const calls = usePostingApi()
  const session = useSession()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState<(typeof COMPLAIN_REASONS)[number]>('spam')
  const [done, setDone] = useState<string | null>(null)
  if (done) return <span role="status">{done}</span>
  if (!open)
    return (
      <button type="button" className={pill} onClick={() => void session.requireLogin().then((ok) => ok && setOpen(true))}>
        {t('posting.comments.complain')}
      </button>
    )
  return (
    <>
      <select aria-label={t('posting.comments.complainReason')} value={reason} onChange={(e) => setReason(e.target.value as typeof reason)}>
        {COMPLAIN_REASONS.map((r) => (
          <option key={r} value={r}>
            {t(`posting.complainReasons.${r}`)}
          </option>
        ))}
      </select>
      <button type="button" className={pill} onClick={() => calls.complain('comment', id, reason).then(() => setDone(t('posting.comments.complained')), (e) => setDone(normaliseError(e).message))}>
        {t('posting.comments.complainSend')}
      </button>
    </>
  )
}

function CommentLikes({ comment }: { comment: CommentItem }) {
  const calls = usePostingApi()
  const [count, setCount] = useState(comment.likeCount)
  return (
    <ToggleButton
      on={false}
      save={async (on) => {
        const r = await calls.likeComment(comment.id, on)
        setCount(r.likeCount)
        return { on: r.liked }
      }}
      label={(on) => t(on ? 'posting.comments.liked' : 'posting.comments.like', { n: count })}
      className={(on) => (on ? `${pill} ${primary}` : pill)}
      testId="comment-like"
    />
  )
}

function Comment({ comment, onReply, onDeleted }: { comment: CommentItem; onReply: (() => void) | null; onDeleted: () => void }) {
  const calls = usePostingApi()
  const session = useSession()
  const [error, setError] = useState<string | null>(null)
  const own = session.user?.id === comment.author.id
  return (
    <div data-testid="comment" data-id={comment.id}>
      <div className="who">
        <Link href={`/user/${comment.author.id}`}>{comment.author.nick}</Link>
        {comment.replyUser ? (
          <span>
            {t('posting.comments.replyTo')} <Link href={`/user/${comment.replyUser.id}`}>{comment.replyUser.nick}</Link>
          </span>
        ) : null}
        <time>{formatDateTime(comment.createTimestamp)}</time>
        {comment.status === 'reviewing' ? <span className="status">{t('posting.status.reviewing')}</span> : null}
      </div>
      <p className="text">{comment.content}</p>
      <div className="tools">
        <CommentLikes comment={comment} />
        {onReply ? (
          <button type="button" className={pill} onClick={() => void session.requireLogin().then((ok) => ok && onReply())}>
            {t('posting.comments.reply')}
          </button>
        ) : null}
        {own ? (
          <button type="button" className={pill} onClick={() => calls.deleteComment(comment.id).then(onDeleted, (e) => setError(normaliseError(e).message))}>
            {t('posting.comments.delete')}
          </button>
        ) : (
          <Complain id={comment.id} />
        )}
        {error ? <span role="alert">{error}</span> : null}
      </div>
    </div>
  )
}

function Thread({ thread, source, refId, open }: { thread: CommentThread; source: ContentSource; refId: number; open: boolean }) {
  const calls = usePostingApi()
  const [replying, setReplying] = useState<CommentItem | null>(null)
  const [added, setAdded] = useState<CommentItem[]>([])
  const [gone, setGone] = useState<ReadonlySet<number>>(new Set())
  const hide = (id: number) => setGone((g) => new Set([...g, id]))
  if (gone.has(thread.id)) return null
  const replies = [...added, ...thread.replies].filter((r) => !gone.has(r.id))
  return (
    <li>
      <Comment comment={thread} onReply={open ? () => setReplying(thread) : null} onDeleted={() => hide(thread.id)} />
      {replying ? (
        <div style={{ margin: '8px 0 0 24px' }}>
          <CommentBox
            autoExpand
            label={t('posting.comments.replyPlaceholder', { nick: replying.author.nick })}
            onSubmit={async (text) => {
              const c = await calls.comment(source, refId, commentContent(text), replying.id)
              setAdded((a) => [c, ...a])
              setReplying(null)
            }}
          />
        </div>
      ) : null}
      {replies.length ? (
        <ul className="replies" aria-label={t('posting.comments.replies')}>
          {replies.map((r) => (
            <li key={r.id}>
              <Comment comment={r} onReply={open ? () => setReplying(r) : null} onDeleted={() => hide(r.id)} />
            </li>
          ))}
        </ul>
      ) : null}
      {thread.replyCount > thread.replies.length ? <p style={{ margin: '6px 0 0 24px', fontSize: 12, color: tokens.textMuted }}>{t('posting.comments.moreReplies', { n: thread.replyCount })}</p> : null}
    </li>
  )
}

export function CommentSection({ source, refId, input }: { source: ContentSource; refId: number; input: CommentInputState }) {
  const calls = usePostingApi()
  const [added, setAdded] = useState<CommentThread[]>([])
  const paged = usePages<CommentThread>({
    key: { endpoint: source === 'news' ? 'comments.news' : 'comments.dynamic', params: { id: refId } },
    loadPage: ({ last }) => calls.comments(source, refId, last?.createTimestamp),
    keyOf: (c) => c.id,
  })
  const threads = [...added, ...paged.items.filter((c) => !added.some((a) => a.id === c.id))]
  return (
    <section aria-label={t('posting.comments.title')} data-testid="comments">
      <h2 style={{ fontSize: 18, margin: '0 0 12px' }}>{t('posting.comments.title')}</h2>
      {input.open ? (
        <CommentBox
          label={t('posting.comments.placeholder')}
          onSubmit={async (text) => {
            const c = await calls.comment(source, refId, commentContent(text), null)
            setAdded((a) => [{ ...c, replies: [] }, ...a])
          }}
        />
      ) : (
        <div className={box}>
          <p className="blocked" data-testid="comments-blocked">{input.message}</p>
        </div>
      )}
      <ul className={list} aria-label={t('posting.comments.list')}>
        {threads.map((c) => (
          <Thread key={c.id} thread={c} source={source} refId={refId} open={input.open} />
        ))}
      </ul>
      {paged.status === 'empty' && added.length === 0 ? <p style={{ color: tokens.textMuted, textAlign: 'center' }}>{t('posting.comments.empty')}</p> : <ListFooter list={paged} />}
    </section>
  )
}
