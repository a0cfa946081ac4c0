// The room's comments (issue 28; spec 001 §3 'Video comment', §6 honoured-guest and owner tags): the list
// renders core/live/viewer-comments.machine.ts — the newest first read, then each comment as the room's
// chat group delivers it — and the box posts the reader's own. The machine's actors come from
// ui/live/api.ts; this view only renders and sends.
import { useActorRef, useSelector } from '@xstate/react'
import { css } from '@linaria/core'
import type { ActorRefFrom } from 'xstate'
import type { LiveComment, VideoDetail } from '../../core/api/live'
import type { commentsMachine } from '../../core/live/viewer-comments.machine'
import { LIVE_COMMENT_MAX } from '../../core/live/limits'
import { formatClock } from '../../core/format/date-time'
import { inspect } from '../dev/inspector'
import { requireLoginOn, useSession, useSessionActor } from '../common/session'
import { useServices } from '../services'
import { panel, panelTitle } from '../content/panel'
import { field } from '../styles/controls'
import { pill, primary } from '../styles/buttons'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { useLiveApi } from './api'
import { liveMessage } from './live-message'
import '../i18n/texts/liveRoom'
import { smallTagLook, plainListLook } from '../styles/looks'

const box = css`
  display: flex;
  flex-direction: column;
  height: 100%;
  min-height: 480px;
  max-height: 640px;
`
const count = css`
  color: ${tokens.textMuted};
  font-size: 13px;
  font-weight: 400;
  font-variant-numeric: tabular-nums;
`
const list = css`
  flex: 1;
  overflow-y: auto;
  ol {
    ${plainListLook}
  }
  li {
    padding: 8px 0;
    border-bottom: 1px solid ${tokens.border};
    font-size: 14px;
    line-height: 1.6;
    overflow-wrap: anywhere;
  }
  .who {
    display: flex;
    gap: 6px;
    align-items: center;
    color: ${tokens.textSecondary};
    font-size: 13px;
  }
  time {
    margin-left: auto;
    color: ${tokens.textMuted};
    font-size: 12px;
    font-variant-numeric: tabular-nums;
  }
  p {
    margin: 2px 0 0;
  }
`
const tag = css`
  ${smallTagLook(tokens.brand, tokens.onBrand)}
  &[data-tag='GUEST'] {
    background: ${tokens.blackGoldBg};
    color: ${tokens.blackGold};
  }
`
const empty = css`
  color: ${tokens.textMuted};
  font-size: 13px;
  text-align: center;
  padding: 24px 0;
`
const note = css`
  margin: 8px 0 0;
  padding: 6px 10px;
  border-radius: 6px;
  background: ${tokens.warnBg};
  color: ${tokens.warn};
  font-size: 12px;
`
const composer = css`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin-top: 12px;
  textarea {
    height: 64px;
    padding: 8px 10px;
    resize: none;
    line-height: 1.5;
  }
  .row {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    color: ${tokens.textMuted};
    font-size: 12px;
  }
  [role='alert'] {
    margin: 0;
    color: ${tokens.important};
    font-size: 13px;
  }
`

/**
 * The comments of `room` and the reader's box; `onlineCount` is the viewer machine's (null before the first
 * heartbeat). The room's chat group also says when this device is kicked out and when the room's status moved.
 */
export function CommentsPanel({
  room,
  sessionId,
  onlineCount,
  onKickedOut,
  onRoomChanged,
}: {
  room: VideoDetail
  sessionId: string
  onlineCount: number | null
  onKickedOut: () => void
  onRoomChanged: () => void
}) {
  const api = useLiveApi()
  const session = useSessionActor()
  const userId = useSession().user?.id ?? null
  const { now } = useServices()
  const actor = useActorRef(api.comments(room, { now, sessionId, userId, requireLogin: () => requireLoginOn(session), onKickedOut, onRoomChanged }), { inspect })
  return (
    <section className={`${panel} ${box}`} aria-labelledby="live-comments-title" data-testid="live-comments">
      <h2 id="live-comments-title" className={panelTitle}>
        {t('liveRoom.comments.title')}
        {onlineCount !== null ? (
          <span className={count} data-testid="live-online">
            {t('liveRoom.online', { n: onlineCount })}
          </span>
        ) : null}
      </h2>
      <CommentList actor={actor} />
      <Composer actor={actor} />
    </section>
  )
}

type CommentsActor = ActorRefFrom<typeof commentsMachine>

function CommentList({ actor }: { actor: CommentsActor }) {
  const comments = useSelector(actor, (s) => s.context.comments)
  const offline = useSelector(actor, (s) => s.matches({ feed: { connected: 'lost' } }))
  return (
    <>
      {comments.length === 0 ? <p className={empty}>{t('liveRoom.comments.empty')}</p> : null}
      {/* a log region around the list (role=log on the <ol> itself would take away its list semantics) */}
      <div className={list} role="log" aria-live="polite" aria-label={t('liveRoom.comments.list')} data-testid="live-comment-list" hidden={comments.length === 0}>
        <ol>
          {comments.map((c) => (
            <CommentItem key={c.commentId} comment={c} />
          ))}
        </ol>
      </div>
      {offline ? <p className={note}>{t('liveRoom.comments.offline')}</p> : null}
    </>
  )
}

function CommentItem({ comment }: { comment: LiveComment }) {
  return (
    <li data-testid="live-comment" data-tag={comment.tag ?? ''}>
      <div className="who">
        {comment.tag ? (
          <span className={tag} data-tag={comment.tag}>
            {t(`liveRoom.comments.tag.${comment.tag}`)}
          </span>
        ) : null}
        <span>{comment.user.nick}</span>
        <time dateTime={new Date(comment.createTimestamp * 1000).toISOString()}>{formatClock(comment.createTimestamp)}</time>
      </div>
      <p>{comment.content}</p>
    </li>
  )
}

function Composer({ actor }: { actor: CommentsActor }) {
  const draft = useSelector(actor, (s) => s.context.draft)
  const error = useSelector(actor, (s) => s.context.error)
  const sending = useSelector(actor, (s) => s.matches({ composer: 'sending' }))
  return (
    <form
      className={composer}
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: 'comment.send' })
      }}
    >
      <textarea
        className={field}
        value={draft}
        placeholder={t('liveRoom.comments.placeholder')}
        aria-label={t('liveRoom.comments.label')}
        maxLength={LIVE_COMMENT_MAX * 2}
        data-testid="live-comment-input"
        onChange={(e) => actor.send({ type: 'draft.change', text: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault()
            actor.send({ type: 'comment.send' })
          }
        }}
      />
      {error ? <p role="alert">{liveMessage(error)}</p> : null}
      <div className="row">
        <span>{t('liveRoom.comments.count', { n: [...draft.trim()].length, max: LIVE_COMMENT_MAX })}</span>
        <button type="submit" className={`${pill} ${primary}`} disabled={sending} data-testid="live-comment-send">
          {sending ? t('liveRoom.comments.sending') : t('liveRoom.comments.send')}
        </button>
      </div>
    </form>
  )
}
