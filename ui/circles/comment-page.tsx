// /chiefCircle/comment/{id}/{type} (spec 001 §2; issue 27): a moment of a circle with all its comments —
// the moment itself (GET /api/moment/dynamic/{id}/v1), the comment box (PUT /api/review/v1 with replyId,
// through the circle post box machine; 内容审核中 or 该内容已限制评论 when input is blocked, spec 001 §4),
// and the comments page by page, newest first, each with its like (the one toggle button), 删除 for its
// author and the circle's owner and admins, 举报 for the others, and, for the author of one taken down,
// 查看原因. Readers of the circle only (the server refuses the rest with its message). {type} is the
// spec's optional tab; the contract has one list, so every tab shows it.
import { useState } from 'react'
import { Link } from 'wouter'
import { useActorRef, useSelector } from '@xstate/react'
import { css } from '@linaria/core'
import type { CircleComment } from '../../core/api/circle-social'
import type { CircleDynamic, CircleIntro } from '../../core/api/circles'
import { normaliseError } from '../../core/api/api-error'
import { dynamicCommentInput } from '../../core/circles/access'
import { formatDateTime } from '../../core/format/date-time'
import { canSendCircleDraft } from '../../core/posting/circle-post'
import type { CirclePostBoxActor } from '../../core/posting/circle-post-box.machine'
import { NOT_FOUND } from '../../core/query/query-cache'
import { inspect } from '../dev/inspector'
import { Img } from '../common/img'
import { usePageTitle } from '../common/page-title'
import { useSession } from '../common/session'
import { Empty, ErrorText, Failed, Loading } from '../common/status'
import { ToggleButton } from '../common/toggle-button'
import { forReader, useInvalidate, usePages, useRead } from '../common/use-read'
import { ListFooter } from '../content/article-list'
import { panel, panelTitle } from '../content/panel'
import { t } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'
import { tokens } from '../styles/tokens'
import { useCirclesApi } from './api'
import { plainList } from './circle-card'
import { ComplainButton } from './complain-button'
import { mark, MomentItem, ViolationLink } from './moment-item'
import { boxStyle, RiskAndNotice } from './post-box'
import { narrowColumn } from './styles'
import '../i18n/texts/circle'

const comments = css`
  > li {
    display: flex;
    gap: 10px;
    padding: 12px 0;
    border-bottom: 1px solid ${tokens.border};
  }
  .avatar img,
  .avatar [role='img'] {
    flex: none;
    width: 32px;
    height: 32px;
    border-radius: 50%;
  }
  .body {
    flex: 1;
    min-width: 0;
  }
  .who {
    display: flex;
    align-items: center;
    gap: 8px;
    font-size: 13px;
    color: ${tokens.textMuted};
  }
  .who a {
    color: ${tokens.text};
    font-weight: 600;
  }
  p {
    margin: 4px 0 0;
    white-space: pre-wrap;
    word-break: break-word;
    line-height: 1.7;
  }
  .tools {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    margin-top: 6px;
    font-size: 12px;
  }
  .tools button {
    height: 26px;
    font-size: 12px;
  }
  .error {
    color: ${tokens.brand};
  }
`
const closed = css`
  margin: 0;
  padding: 12px;
  border-radius: 6px;
  background: ${tokens.bg};
  color: ${tokens.textSecondary};
  text-align: center;
`

export function CircleCommentPage({ id }: { id: number }) {
  const api = useCirclesApi()
  const userId = useSession().user?.id ?? null
  const moment = useRead(forReader(api.dynamic(id), userId))
  // the circle's access (who may comment, who manages) once the moment says which circle it is in
  const circle = useRead(moment.data ? forReader(api.intro(moment.data.momentId), userId) : null)
  usePageTitle(t('circle.comment.title'))
  if (moment.status === 'loading') return <section className={`${panel} ${narrowColumn}`}><Loading rows={3} /></section>
  if (moment.status === 'failed') {
    return (
      <section className={`${panel} ${narrowColumn}`}>
        {moment.statusCode === NOT_FOUND ? <Empty text={t('circle.comment.none')} /> : <Failed message={moment.message} onRetry={moment.reload} />}
      </section>
    )
  }
  const d = moment.data
  return (
    <div className={narrowColumn}>
      <section className={panel} aria-labelledby="circle-moment">
        <h1 id="circle-moment" className={panelTitle}>
          {circle.data ? <Link href={`/chiefCircle/detail/${circle.data.id}`}>{circle.data.name}</Link> : t('circle.comment.moment')}
        </h1>
        <ul className={plainList}>
          <MomentItem moment={d} canManage={circle.data?.access.canManage ?? false} commentLink={false} />
        </ul>
      </section>
      <section className={panel} aria-labelledby="circle-comments">
        <h2 id="circle-comments" className={panelTitle}>
          {`${t('circle.comment.title')} (${d.commentCount})`}
        </h2>
        {circle.data ? <CommentInput moment={d} circle={circle.data} /> : null}
        <Comments dynamicId={d.dynamicId} readerId={userId} />
      </section>
    </div>
  )
}

/** The box, or why it is closed: the circle's input rule, then the moment's (spec 001 §4). */
function CommentInput({ moment, circle }: { moment: CircleDynamic; circle: CircleIntro }) {
  const input = dynamicCommentInput({ status: moment.status, commentsClosed: moment.commentsClosed })
  const message = circle.access.inputMessage || (input.open ? '' : input.message)
  if (message) return <p className={closed} data-testid="comment-blocked">{message}</p>
  return <CommentBox key={moment.dynamicId} momentId={circle.id} dynamicId={moment.dynamicId} />
}

function CommentBox({ momentId, dynamicId }: { momentId: number; dynamicId: number }) {
  const api = useCirclesApi()
  const invalidate = useInvalidate()
  const [machine] = useState(() => api.postBox().provide({ actions: { announceSent: () => void invalidate('moment.') } }))
  const actor = useActorRef(machine, { input: { momentId, what: { kind: 'comment', replyId: dynamicId } }, inspect })
  return <CommentBoxView actor={actor} />
}

function CommentBoxView({ actor }: { actor: CirclePostBoxActor }) {
  const c = useSelector(actor, (s) => s.context)
  const sending = useSelector(actor, (s) => s.matches('sending'))
  return (
    <div className={boxStyle} data-open={c.body !== ''} data-testid="circle-comment-box">
      <textarea aria-label={t('circle.comment.label')} placeholder={t('circle.comment.placeholder')} value={c.body} onChange={(e) => actor.send({ type: 'draft.body', value: e.target.value })} />
      <footer>
        {c.sent > 0 && c.body === '' ? (
          <p className="sent" role="status">
            {t('circle.comment.sent')}
          </p>
        ) : null}
        <button type="button" className={`${pill} ${primary} send`} disabled={sending || !canSendCircleDraft(c, c.what)} onClick={() => actor.send({ type: 'post.send' })} data-testid="circle-comment-send">
          {sending ? t('circle.post.sending') : t('circle.comment.send')}
        </button>
      </footer>
      <RiskAndNotice actor={actor} />
    </div>
  )
}

function Comments({ dynamicId, readerId }: { dynamicId: number; readerId: number | null }) {
  const api = useCirclesApi()
  const list = usePages(forReader(api.comments(dynamicId), readerId))
  return (
    <div data-testid="circle-comments">
      {list.items.length ? (
        <ul className={`${plainList} ${comments}`} aria-label={t('circle.comment.all')}>
          {list.items.map((c) => (
            <CommentRow key={c.id} comment={c} own={c.author.id === readerId} />
          ))}
        </ul>
      ) : null}
      {list.status === 'empty' ? <Empty text={t('circle.comment.none')} /> : <ListFooter list={list} />}
    </div>
  )
}

function CommentRow({ comment, own }: { comment: CircleComment; own: boolean }) {
  const api = useCirclesApi()
  const invalidate = useInvalidate()
  const [likes, setLikes] = useState(comment.likeCount)
  const [deleting, setDeleting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const approved = comment.status === 'approved'
  const remove = () => {
    setDeleting(true)
    api.deleteComment(comment.id).then(
      () => invalidate('moment.'),
      (e: unknown) => {
        setDeleting(false)
        setError(normaliseError(e).message)
      },
    )
  }
  return (
    <li data-testid="circle-comment" data-id={comment.id}>
      <span className="avatar">{comment.author.avatar ? <Img src={comment.author.avatar} alt="" width={32} height={32} /> : null}</span>
      <div className="body">
        <div className="who">
          <Link href={`/user/${comment.author.id}`}>{comment.author.nick}</Link>
          <time dateTime={new Date(comment.createTimestamp * 1000).toISOString()}>{formatDateTime(comment.createTimestamp)}</time>
          {approved ? null : (
            <span className={mark} data-kind="status">
              {comment.status === 'rejected' ? t('circle.moment.rejected') : t('circle.moment.pending')}
            </span>
          )}
        </div>
        <p>{comment.content}</p>
        <div className="tools" role="group" aria-label={t('circle.comment.tools')}>
          {approved ? (
            <ToggleButton
              on={comment.liked}
              save={async (on) => {
                const r = await api.likeComment(comment.id, on)
                setLikes(r.likeCount)
                return { on: r.liked }
              }}
              label={(on) => t(on ? 'circle.comment.liked' : 'circle.comment.like', { n: likes })}
              className={(on) => (on ? `${pill} on` : pill)}
              errorClassName="error"
              testId="circle-comment-like"
            />
          ) : null}
          {comment.canDelete ? (
            <button type="button" className={pill} disabled={deleting} onClick={remove} data-testid="circle-comment-delete">
              {deleting ? t('circle.comment.deleting') : t('circle.comment.delete')}
            </button>
          ) : null}
          {approved && !own ? <ComplainButton type="circleComment" id={comment.id} /> : null}
          {own && comment.status === 'rejected' ? <ViolationLink source="circleComment" refId={comment.id} /> : null}
          <ErrorText text={error} />
        </div>
      </div>
    </li>
  )
}
