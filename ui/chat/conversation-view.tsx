// One conversation (spec 001 §2, §3 'Chat state', §4): renders the conversation machine
// (core/chat/conversation.machine.ts) and its member list (core/chat/group-members.machine.ts) and
// sends them the reader's events; it decides nothing. The history is virtualised (@tanstack/react-virtual)
// and paged back; the outbox shows what is being sent, and what failed with a way to send it again.
import { useEffect, useMemo, useRef } from 'react'
import { css } from '@linaria/core'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useActorRef, useSelector } from '@xstate/react'
import type { Conversation, MessagingClient } from '../../core/chat/messaging-port'
import { AT_ALL } from '../../core/chat/messaging-port'
import { selectHistory, selectMayMentionAll, type ConversationActor, type HistoryLine } from '../../core/chat/conversation.machine'
import { selectMemberRows, selectMentionable, selectRunsGroup, type GroupMembersActor } from '../../core/chat/group-members.machine'
import { useServices } from '../services'
import { inspect } from '../dev/inspector'
import { useInvalidate } from '../common/use-read'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { field, smallButton } from '../styles/controls'
import { conversationLogic, useChatApi } from './api'
import { chatButtons, ConversationTools, MUTE_HOURS, muteHoursLabel } from './conversation-tools'
import '../i18n/texts/chat'
import { smallTagLook, plainListLook } from '../styles/looks'

const wrap = css`
  display: grid;
  grid-template-columns: 1fr;
  height: 100%;
  &[data-members='true'] {
    grid-template-columns: 1fr 220px;
  }
`
const historyBox = css`
  height: 460px;
  overflow-y: auto;
  padding: 8px 12px;
  border-bottom: 1px solid ${tokens.border};
`
const bubble = css`
  padding: 6px 0;
  button {
    padding: 0;
    border: none;
    background: none;
    color: ${tokens.textMuted};
    font-size: 12px;
    cursor: pointer;
  }
  button:hover {
    color: ${tokens.link};
  }
  p {
    margin: 2px 0;
    white-space: pre-wrap;
    word-break: break-word;
  }
`
const tip = css`
  color: ${tokens.textMuted};
  font-size: 12px;
  text-align: center;
`
const composer = css`
  padding: 8px 12px;
  button,
  label {
    margin-right: 8px;
    padding: 4px 12px;
    font-size: 13px;
  }
  button[data-testid='chat-send'] {
    border-color: ${tokens.brand};
    background: ${tokens.brand};
    color: ${tokens.onBrand};
  }
  textarea {
    display: block;
    width: 100%;
    min-height: 72px;
    margin-bottom: 8px;
    padding: 6px 10px;
    border: 1px solid ${tokens.border};
    border-radius: 6px;
    box-sizing: border-box;
    font: inherit;
    resize: vertical;
  }
  textarea:focus-visible {
    outline: 2px solid ${tokens.focus};
    outline-offset: 1px;
  }
`
const side = css`
  border-left: 1px solid ${tokens.border};
  padding: 8px 10px;
  overflow-y: auto;
  max-height: 640px;
  h3 {
    margin: 4px 0 8px;
    font-size: 14px;
  }
  ul {
    ${plainListLook}
  }
  li {
    padding: 6px 0;
    border-bottom: 1px solid ${tokens.border};
    font-size: 13px;
  }
`
const durationRow = css`
  display: flex;
  gap: 8px;
  align-items: center;
  margin-bottom: 6px;
  color: ${tokens.textSecondary};
  font-size: 12px;
  select {
    flex: 1;
    height: 28px;
    font-size: 12px;
  }
`
const memberName = css`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  align-items: center;
  word-break: break-all;
`
const roleTag = css`
  ${smallTagLook(tokens.infoBg, tokens.link)}
  &[data-role='Owner'] {
    background: ${tokens.brandTint};
    color: ${tokens.brand};
  }
  &[data-role='muted'] {
    background: ${tokens.warnBg};
    color: ${tokens.warn};
  }
`
const memberActions = css`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  margin-top: 4px;
`
const errorText = css`
  color: ${tokens.important};
`
const outgoing = css`
  &[data-status='pending'] p {
    color: ${tokens.textMuted};
  }
  &[data-status='failed'] span[role='alert'] {
    color: ${tokens.important};
    font-size: 12px;
  }
  button + button {
    margin-left: 8px;
  }
`


/** The words of one history line (a tip's parts are core's keys, said in the reader's script). */
function lineText(l: HistoryLine): string {
  switch (l.line.kind) {
    case 'revoked':
      return t('chat.revoked', { nick: l.mine ? t('chat.you') : (l.message.nick ?? l.message.from) })
    case 'tip':
      return l.line.parts.map((p) => t(`chat.tip.${p.key}`, p.params)).join(t('chat.tip.separator'))
    case 'image':
      return l.line.url
    case 'text':
      return l.line.text
  }
}

/** The conversation machine for one open conversation (the parent keys the view by conversation, so it is made once). */
function useConversation(client: MessagingClient, conversationId: string, me: string, chatroomId: number | undefined): ConversationActor {
  const api = useChatApi()
  const { now } = useServices()
  const invalidate = useInvalidate()
  const logic = useMemo(
    () => conversationLogic(client, api, { now, invalidate, checkText: chatroomId === undefined ? undefined : (text) => api.chatroomCheckMsg(chatroomId, text) }),
    [client, api, now, invalidate, chatroomId],
  )
  return useActorRef(logic, { input: { conversationId, me, chatroom: chatroomId !== undefined }, inspect })
}

export function ConversationView({
  client,
  conversationId,
  conversation,
  me,
  progress,
  chatroomId,
  tools = true,
  onOpenConversation,
}: {
  client: MessagingClient
  conversationId: string
  conversation: Conversation | undefined
  me: string
  progress: number | null
  /** a chatroom's id: the reader joins it first, and each text is checked first (POST /api/chatroom/check/msg/v1); a refusal is shown, nothing sent */
  chatroomId?: number | undefined
  /** the pin, notification and group tools (a chatroom shows none) */
  tools?: boolean
  /** opens another conversation (a private message with a member); without it the member list offers none */
  onOpenConversation?: ((conversationId: string) => void) | undefined
}) {
  const actor = useConversation(client, conversationId, me, chatroomId)
  const members = useSelector(actor, (s) => s.children.members)
  const title = conversation?.groupProfile?.name ?? conversation?.userProfile?.nick ?? conversationId
  return (
    <div className={wrap} data-testid="conversation-view" data-conversation={conversationId} data-members={members !== undefined}>
      <div>
        <h2 style={{ margin: '8px 12px', fontSize: 16 }}>{title}</h2>
        {tools ? <ConversationTools conversation={actor} members={members} listed={conversation} /> : null}
        <History actor={actor} />
        <Composer actor={actor} members={members} progress={progress} />
      </div>
      {members !== undefined ? <MemberPanel members={members} onOpenConversation={onOpenConversation} /> : null}
    </div>
  )
}

function History({ actor }: { actor: ConversationActor }) {
  const lines = useSelector(actor, selectHistory)
  const outbox = useSelector(actor, (s) => s.context.outbox)
  const history = useSelector(actor, (s) => (s.matches({ history: 'failed' }) || s.matches({ history: 'joinFailed' }) ? 'failed' : s.matches({ history: 'complete' }) ? 'complete' : s.matches({ history: 'more' }) ? 'more' : 'loading'))
  const error = useSelector(actor, (s) => s.context.error)
  const box = useRef<HTMLDivElement>(null)
  const virtual = useVirtualizer({ count: lines.length, getScrollElement: () => box.current, estimateSize: () => 56, overscan: 8 })
  const last = lines.at(-1)?.message.ID
  useEffect(() => {
    if (lines.length > 0) virtual.scrollToIndex(lines.length - 1, { align: 'end' })
  }, [last]) // eslint-disable-line react-hooks/exhaustive-deps -- scroll to the newest message only when it changes
  // what the reader sends (pending, or failed with its reason) shows below the messages: bring it into view
  const outboxKey = outbox.map((m) => `${m.localId}:${m.status}`).join()
  useEffect(() => {
    const el = box.current
    if (el && outboxKey !== '') el.scrollTop = el.scrollHeight
  }, [outboxKey])
  return (
    <div ref={box} className={historyBox} data-testid="message-history">
      {history === 'failed' ? (
        <p className={tip} role="alert">
          {t('chat.historyFailed', { message: error ?? '' })}{' '}
          <button type="button" onClick={() => actor.send({ type: 'history.retry' })}>
            {t('chat.retry')}
          </button>
        </p>
      ) : history === 'complete' ? (
        <p className={tip}>{t('chat.noMore')}</p>
      ) : (
        <p className={tip}>
          <button type="button" disabled={history === 'loading'} onClick={() => actor.send({ type: 'history.earlier' })}>
            {history === 'loading' ? t('chat.loadingEarlier') : t('chat.loadEarlier')}
          </button>
        </p>
      )}
      <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
        {virtual.getVirtualItems().map((item) => {
          const l = lines[item.index]!
          return (
            <div
              key={l.message.ID}
              ref={virtual.measureElement}
              data-index={item.index}
              style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
            >
              {l.line.kind === 'tip' || l.line.kind === 'revoked' ? (
                <p className={tip} data-testid="group-tip">
                  {lineText(l)}
                </p>
              ) : (
                <div className={bubble} data-testid="message" data-from={l.mine ? 'me' : 'other'}>
                  <span style={{ color: tokens.textMuted, fontSize: 12 }}>{l.mine ? t('chat.you') : (l.message.nick ?? l.message.from)}</span>
                  {l.line.kind === 'image' ? (
                    <p>
                      <img src={l.line.url} alt={t('chat.imageAlt')} style={{ maxWidth: 200, maxHeight: 200 }} data-testid="message-image" />
                    </p>
                  ) : (
                    <p data-testid="message-text">{lineText(l)}</p>
                  )}
                  {l.mayRevoke ? (
                    <button type="button" onClick={() => actor.send({ type: 'message.revoke', message: l.message })} data-testid="revoke">
                      {t('chat.revoke')}
                    </button>
                  ) : null}
                </div>
              )}
            </div>
          )
        })}
      </div>
      {outbox.map((m) => (
        <div key={m.localId} className={`${bubble} ${outgoing}`} data-testid="outgoing" data-status={m.status}>
          <span style={{ color: tokens.textMuted, fontSize: 12 }}>{t('chat.you')}</span>
          <p>{m.image !== null ? `[${t('chat.imageAlt')}] ${m.image.name}` : m.text}</p>
          {m.status === 'pending' ? (
            <span>{t('chat.sending')}</span>
          ) : (
            <>
              <span role="alert">{t('chat.sendFailed', { message: m.error ?? '' })}</span>{' '}
              <button type="button" onClick={() => actor.send({ type: 'outbox.retry', localId: m.localId })} data-testid="outgoing-resend">
                {t('chat.resend')}
              </button>
              <button type="button" onClick={() => actor.send({ type: 'outbox.discard', localId: m.localId })} data-testid="outgoing-discard">
                {t('chat.discard')}
              </button>
            </>
          )}
        </div>
      ))}
    </div>
  )
}

function Composer({ actor, members, progress }: { actor: ConversationActor; members: GroupMembersActor | undefined; progress: number | null }) {
  const draft = useSelector(actor, (s) => s.context.draft)
  const picking = useSelector(actor, (s) => s.matches({ picker: 'open' }))
  const error = useSelector(actor, (s) => s.context.error)
  return (
    <div className={`${composer} ${chatButtons}`}>
      <textarea
        aria-label={t('chat.input')}
        value={draft}
        onChange={(e) => actor.send({ type: 'draft.change', text: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault()
            actor.send({ type: 'composer.send' })
          }
        }}
        data-testid="chat-input"
      />
      <div>
        <button type="button" onClick={() => actor.send({ type: 'composer.send' })} data-testid="chat-send">
          {t('chat.send')}
        </button>
        {members !== undefined ? (
          <button type="button" onClick={() => actor.send({ type: 'at.toggle' })} aria-expanded={picking} data-testid="chat-at">
            {t('chat.at')}
          </button>
        ) : null}
        <label>
          {t('chat.image')}
          <input
            type="file"
            accept="image/png,image/jpeg,image/gif"
            data-testid="chat-image"
            onChange={(e) => {
              const file = e.target.files?.[0]
              if (file) actor.send({ type: 'image.send', image: file })
              e.target.value = ''
            }}
          />
        </label>
        {progress !== null && progress < 100 ? <span>{t('chat.uploading', { percent: progress })}</span> : null}
      </div>
      {picking && members !== undefined ? <AtPicker actor={actor} members={members} /> : null}
      {error ? (
        <p className={errorText} role="alert" data-testid="chat-error">
          {t('chat.sendFailed', { message: error })}
        </p>
      ) : null}
    </div>
  )
}

function AtPicker({ actor, members }: { actor: ConversationActor; members: GroupMembersActor }) {
  const mayMentionAll = useSelector(actor, selectMayMentionAll)
  const mentionable = useSelector(members, selectMentionable)
  return (
    <ul data-testid="at-picker">
      {mayMentionAll ? (
        <li>
          <button type="button" onClick={() => actor.send({ type: 'at.choose', userId: AT_ALL, nick: t('chat.atAll') })}>
            {t('chat.atAll')}
          </button>
        </li>
      ) : null}
      {mentionable.map((m) => (
        <li key={m.userID}>
          <button type="button" onClick={() => actor.send({ type: 'at.choose', userId: m.userID, nick: m.nick })}>
            {m.nick}
          </button>
        </li>
      ))}
    </ul>
  )
}

function MemberPanel({ members, onOpenConversation }: { members: GroupMembersActor; onOpenConversation: ((conversationId: string) => void) | undefined }) {
  const rows = useSelector(members, selectMemberRows)
  const runsGroup = useSelector(members, selectRunsGroup)
  const muteHours = useSelector(members, (s) => s.context.muteHours)
  const error = useSelector(members, (s) => s.context.error)
  const busy = useSelector(members, (s) => s.matches({ operation: 'working' }))
  useEffect(() => {
    if (!onOpenConversation) return
    const opened = members.on('conversation.open', (e) => onOpenConversation(e.conversationId))
    return () => opened.unsubscribe()
  }, [members, onOpenConversation])
  return (
    <aside className={side} data-testid="member-list">
      <h3>{t('chat.members', { count: rows.length })}</h3>
      {runsGroup ? (
        <label className={durationRow}>
          <span>{t('chat.muteDuration')}</span>
          <select className={field} value={muteHours} onChange={(e) => members.send({ type: 'muteHours.choose', hours: Number(e.target.value) })} data-testid="mute-hours">
            {MUTE_HOURS.map((h) => (
              <option key={h} value={h}>
                {muteHoursLabel(h)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {error ? (
        <p className={errorText} role="alert" data-testid="member-error">
          {error}
        </p>
      ) : null}
      <ul>
        {rows.map(({ member: m, muted, controls }) => {
          const privateMessage = controls.privateMessage && onOpenConversation !== undefined
          return (
            <li key={m.userID} data-testid="member" data-user={m.userID} data-role={m.role}>
              <div className={memberName}>
                <span>{m.nick}</span>
                {m.role !== 'ordinary' ? (
                  <span className={roleTag} data-role={m.role} data-testid="member-role">
                    {m.role === 'Owner' ? t('chat.owner') : t('chat.admin')}
                  </span>
                ) : null}
                {muted ? (
                  <span className={roleTag} data-role="muted" data-testid="member-muted">
                    {t('chat.memberMuted')}
                  </span>
                ) : null}
              </div>
              {privateMessage || controls.admin !== null || controls.mute || controls.kick ? (
                <div className={memberActions}>
                  {privateMessage ? (
                    <button
                      type="button"
                      className={smallButton}
                      onClick={() => members.send({ type: 'member.privateChat', userId: m.userID })}
                      disabled={busy}
                      data-testid="member-private"
                    >
                      {t('chat.privateChat')}
                    </button>
                  ) : null}
                  {controls.admin !== null ? (
                    <button
                      type="button"
                      className={smallButton}
                      onClick={() => members.send({ type: 'member.setAdmin', userId: m.userID })}
                      disabled={busy}
                      data-testid={controls.admin === 'set' ? 'member-set-admin' : 'member-unset-admin'}
                    >
                      {controls.admin === 'set' ? t('chat.setAdmin') : t('chat.unsetAdmin')}
                    </button>
                  ) : null}
                  {controls.mute ? (
                    <button
                      type="button"
                      className={smallButton}
                      onClick={() => members.send({ type: 'member.mute', userId: m.userID })}
                      disabled={busy}
                      data-testid={muted ? 'member-unmute' : 'member-mute'}
                    >
                      {muted ? t('chat.memberUnmute') : t('chat.memberMute')}
                    </button>
                  ) : null}
                  {controls.kick ? (
                    <button
                      type="button"
                      className={smallButton}
                      data-tone="danger"
                      onClick={() => {
                        if (window.confirm(t('chat.confirmKick', { nick: m.nick }))) members.send({ type: 'member.kick', userId: m.userID })
                      }}
                      disabled={busy}
                      data-testid="member-kick"
                    >
                      {t('chat.memberKick')}
                    </button>
                  ) : null}
                </div>
              ) : null}
            </li>
          )
        })}
      </ul>
    </aside>
  )
}
