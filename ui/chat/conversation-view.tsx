// One conversation (spec 001 §2, §3 'Chat state', §4): the history, virtualised (@tanstack/react-virtual)
// and paged back; sending text, @ and images; group tips as text (kicks only for admins and owners);
// shielded messages hidden; the member list with mute and kick by the chat rules (core/chat/permissions).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { css } from '@linaria/core'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { ChatGroupMember, ChatMessage, Conversation, MessagingClient } from '../../core/chat/messaging-port'
import { MESSAGE_TYPES } from '../../core/chat/messaging-port'
import { mergeMessages, visibleMessages } from '../../core/chat/message-list'
import { onMessageUpserted, publicMessage, readCustomData, type HideQueue } from '../../core/chat/shield-queue'
import { groupTip, type GroupTipPayload } from '../../core/chat/group-tips'
import { canMuteAll, isOwnerOrAdmin, memberControls, type ChatRole } from '../../core/chat/permissions'
import { parseConversationId } from '../../core/chat/conversation-id'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { field, smallButton } from '../styles/controls'
import { useChatApi } from './api'
import { chatButtons, ConversationTools, MUTE_HOURS, muteHoursLabel } from './conversation-tools'
import '../i18n/texts/chat'

const AT_ALL = '__kImSDK_MesssageAtALL__'
const PUBLIC_MESSAGE = 'publicMessage'

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
    list-style: none;
    margin: 0;
    padding: 0;
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
  padding: 0 6px;
  border-radius: 4px;
  background: ${tokens.infoBg};
  color: ${tokens.link};
  font-size: 12px;
  line-height: 18px;
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

/** What the list shows for one message, or null when this viewer sees nothing of it. */
function lineOf(m: ChatMessage, viewerIsAdmin: boolean, me: string): { kind: 'tip' | 'text' | 'image'; text: string } | null {
  if (m.isRevoked) return { kind: 'tip', text: t('chat.revoked', { nick: m.from === me ? t('chat.you') : (m.nick ?? m.from) }) }
  if (m.type === MESSAGE_TYPES.groupTip) {
    const parts = groupTip(m.payload as GroupTipPayload, { isAdminOrOwner: viewerIsAdmin })
    return parts === null ? null : { kind: 'tip', text: parts.map((p) => t(`chat.tip.${p.key}`, p.params)).join(t('chat.tip.separator')) }
  }
  if (m.type === MESSAGE_TYPES.image) {
    const url = (m.payload as { imageInfoArray?: { url: string }[] }).imageInfoArray?.[0]?.url ?? ''
    return { kind: 'image', text: url }
  }
  if (m.type === MESSAGE_TYPES.text) return { kind: 'text', text: String((m.payload as { text?: unknown }).text ?? '') }
  return null // custom messages (shield markers and the like) are not shown
}

/** Applies a custom marker to the hide queue: shieldMsg hides its target, publicMessage shows it again. */
function applyMarker(queue: HideQueue, m: ChatMessage): HideQueue {
  const parsed = readCustomData(m.cloudCustomData)
  if (!parsed.ok) {
    console.warn('chat: custom data is not JSON', parsed.error) // spec 001 §8: logged only
    return queue
  }
  const v = parsed.value as { bizType?: unknown; data?: { msgId?: unknown } } | undefined
  if (v?.bizType === PUBLIC_MESSAGE && typeof v.data?.msgId === 'string') return publicMessage(queue, v.data.msgId)
  return onMessageUpserted(queue, m)
}

export function ConversationView({
  client,
  conversationId,
  conversation,
  me,
  progress,
  beforeSend,
  tools = true,
  onOpenConversation,
}: {
  client: MessagingClient
  conversationId: string
  conversation: Conversation | undefined
  me: string
  progress: number | null
  onLeave: () => void
  /** a check before a text is sent (a chatroom asks POST /api/chatroom/check/msg/v1); a refusal is shown, nothing sent */
  beforeSend?: (text: string) => Promise<{ pass: boolean; message: string }>
  /** the pin, notification and group tools (a chatroom shows none) */
  tools?: boolean
  /** opens another conversation (a private message with a member); without it the member list offers none */
  onOpenConversation?: (conversationId: string) => void
}) {
  const ref = parseConversationId(conversationId)
  const groupId = ref.kind === 'group' ? ref.groupID : null
  const [messages, setMessages] = useState<ChatMessage[]>([])
  const [hidden, setHidden] = useState<HideQueue>([])
  const [cursor, setCursor] = useState<{ next: string; done: boolean }>({ next: '', done: false })
  const [members, setMembers] = useState<readonly ChatGroupMember[]>([])
  const [text, setText] = useState('')
  const [atUsers, setAtUsers] = useState<string[]>([])
  const [picking, setPicking] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [muteHours, setMuteHours] = useState<number>(-1)
  const api = useChatApi()

  const take = useCallback((incoming: readonly ChatMessage[]) => {
    setMessages((old) => mergeMessages(old, incoming))
    setHidden((q) => incoming.reduce(applyMarker, q))
  }, [])

  // the newest page, then read; new messages of this conversation as they come
  useEffect(() => {
    let live = true
    client.getMessageList(conversationId).then(
      (page) => {
        if (!live) return
        take(page.messageList)
        setCursor({ next: page.nextReqMessageID, done: page.isCompleted })
        void client.setMessageRead(conversationId).catch(() => undefined)
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    )
    const mine = (ms: readonly ChatMessage[]) => ms.filter((m) => m.conversationID === conversationId)
    const onReceived = (e: { messages: readonly ChatMessage[] }) => {
      const list = mine(e.messages)
      if (list.length === 0) return
      take(list)
      void client.setMessageRead(conversationId).catch(() => undefined)
    }
    const onChanged = (e: { messages: readonly ChatMessage[] }) => take(mine(e.messages))
    client.on('messages.received', onReceived)
    client.on('messages.revoked', onChanged)
    client.on('messages.modified', onChanged)
    return () => {
      live = false
      client.off('messages.received', onReceived)
      client.off('messages.revoked', onChanged)
      client.off('messages.modified', onChanged)
    }
  }, [client, conversationId, take])

  // the member list of a group, reloaded when members or roles change
  useEffect(() => {
    if (groupId === null) return
    const load = () => client.getGroupMemberList(groupId).then(setMembers, () => setMembers([]))
    void load()
    const onChanged = (e: { groupID: string }) => e.groupID === groupId && void load()
    client.on('members.changed', onChanged)
    return () => client.off('members.changed', onChanged)
  }, [client, groupId])

  const myRole: ChatRole = members.find((m) => m.userID === me)?.role ?? 'ordinary'
  const viewerIsAdmin = isOwnerOrAdmin(myRole)
  const lines = useMemo(
    () =>
      visibleMessages(messages, hidden).flatMap((m) => {
        const line = lineOf(m, viewerIsAdmin, me)
        return line ? [{ m, line }] : []
      }),
    [messages, hidden, viewerIsAdmin, me],
  )

  const box = useRef<HTMLDivElement>(null)
  const virtual = useVirtualizer({ count: lines.length, getScrollElement: () => box.current, estimateSize: () => 56, overscan: 8 })
  const last = lines.at(-1)?.m.ID
  useEffect(() => {
    if (lines.length > 0) virtual.scrollToIndex(lines.length - 1, { align: 'end' })
  }, [last]) // eslint-disable-line react-hooks/exhaustive-deps -- scroll to the newest message only when it changes

  const earlier = async () => {
    const page = await client.getMessageList(conversationId, cursor.next)
    take(page.messageList)
    setCursor({ next: page.nextReqMessageID, done: page.isCompleted })
  }

  const run = async (f: () => Promise<unknown>) => {
    setError(null)
    try {
      await f()
    } catch (e) {
      setError(t('chat.sendFailed', { message: e instanceof Error ? e.message : String(e) }))
    }
  }
  const send = () =>
    run(async () => {
      if (text.trim() === '') return
      if (beforeSend) {
        const check = await beforeSend(text)
        if (!check.pass) throw new Error(check.message)
      }
      const target = { conversationID: conversationId }
      const sent = atUsers.length > 0 ? await client.sendAtTextMessage(target, text, atUsers) : await client.sendTextMessage(target, text)
      take([sent])
      setText('')
      setAtUsers([])
    })
  const sendImage = (file: File) => run(async () => take([await client.sendImageMessage({ conversationID: conversationId }, file)]))
  const at = (userId: string, nick: string) => {
    setAtUsers((u) => (u.includes(userId) ? u : [...u, userId]))
    setText((s) => `${s}@${nick} `)
    setPicking(false)
  }

  const title = conversation?.groupProfile?.name ?? conversation?.userProfile?.nick ?? conversationId
  const meMember = { userID: me, role: myRole }
  return (
    <div className={wrap} data-testid="conversation-view" data-conversation={conversationId} data-members={groupId !== null}>
      <div>
        <h2 style={{ margin: '8px 12px', fontSize: 16 }}>{title}</h2>
        {tools ? <ConversationTools client={client} conversationId={conversationId} conversation={conversation} groupId={groupId} me={meMember} onError={setError} /> : null}
        <div ref={box} className={historyBox} data-testid="message-history">
          {cursor.done ? (
            <p className={tip}>{t('chat.noMore')}</p>
          ) : (
            <p className={tip}>
              <button type="button" onClick={() => void earlier()}>
                {t('chat.loadEarlier')}
              </button>
            </p>
          )}
          <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((item) => {
              const { m, line } = lines[item.index]!
              const mayRevoke = !m.isRevoked && line.kind !== 'tip' && (m.from === me || (groupId !== null && viewerIsAdmin))
              return (
                <div
                  key={m.ID}
                  ref={virtual.measureElement}
                  data-index={item.index}
                  style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
                >
                  {line.kind === 'tip' ? (
                    <p className={tip} data-testid="group-tip">
                      {line.text}
                    </p>
                  ) : (
                    <div className={bubble} data-testid="message" data-from={m.from === me ? 'me' : 'other'}>
                      <span style={{ color: tokens.textMuted, fontSize: 12 }}>{m.from === me ? t('chat.you') : (m.nick ?? m.from)}</span>
                      {line.kind === 'image' ? (
                        <p>
                          <img src={line.text} alt={t('chat.imageAlt')} style={{ maxWidth: 200, maxHeight: 200 }} data-testid="message-image" />
                        </p>
                      ) : (
                        <p data-testid="message-text">{line.text}</p>
                      )}
                      {mayRevoke ? (
                        <button type="button" onClick={() => void run(() => client.revokeMessage(m))} data-testid="revoke">
                          {t('chat.revoke')}
                        </button>
                      ) : null}
                    </div>
                  )}
                </div>
              )
            })}
          </div>
        </div>
        <div className={`${composer} ${chatButtons}`}>
          <textarea
            aria-label={t('chat.input')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault()
                void send()
              }
            }}
            data-testid="chat-input"
          />
          <div>
            <button type="button" onClick={() => void send()} data-testid="chat-send">
              {t('chat.send')}
            </button>
            {groupId !== null ? (
              <button type="button" onClick={() => setPicking((p) => !p)} aria-expanded={picking} data-testid="chat-at">
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
                  if (file) void sendImage(file)
                  e.target.value = ''
                }}
              />
            </label>
            {progress !== null && progress < 100 ? <span>{t('chat.uploading', { percent: progress })}</span> : null}
          </div>
          {picking ? (
            <ul data-testid="at-picker">
              {viewerIsAdmin ? (
                <li>
                  <button type="button" onClick={() => at(AT_ALL, t('chat.atAll'))}>
                    {t('chat.atAll')}
                  </button>
                </li>
              ) : null}
              {members
                .filter((m) => m.userID !== me)
                .map((m) => (
                  <li key={m.userID}>
                    <button type="button" onClick={() => at(m.userID, m.nick)}>
                      {m.nick}
                    </button>
                  </li>
                ))}
            </ul>
          ) : null}
          {error ? (
            <p className={errorText} role="alert" data-testid="chat-error">
              {error}
            </p>
          ) : null}
        </div>
      </div>
      {groupId !== null ? (
        <aside className={side} data-testid="member-list">
          <h3>{t('chat.members', { count: members.length })}</h3>
          {canMuteAll(meMember) ? (
            <label className={durationRow}>
              <span>{t('chat.muteDuration')}</span>
              <select className={field} value={muteHours} onChange={(e) => setMuteHours(Number(e.target.value))} data-testid="mute-hours">
                {MUTE_HOURS.map((h) => (
                  <option key={h} value={h}>
                    {muteHoursLabel(h)}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <ul>
            {members.map((m) => {
              const muted = m.muteUntil === -1 || m.muteUntil > Date.now() / 1000
              const controls = memberControls(meMember, m)
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
                          onClick={() => void run(async () => onOpenConversation(await api.privateChat(groupId, m.userID)))}
                          data-testid="member-private"
                        >
                          {t('chat.privateChat')}
                        </button>
                      ) : null}
                      {controls.admin !== null ? (
                        <button
                          type="button"
                          className={smallButton}
                          onClick={() => void run(() => api.setAdmin(groupId, m.userID, controls.admin === 'set'))}
                          data-testid={controls.admin === 'set' ? 'member-set-admin' : 'member-unset-admin'}
                        >
                          {controls.admin === 'set' ? t('chat.setAdmin') : t('chat.unsetAdmin')}
                        </button>
                      ) : null}
                      {controls.mute ? (
                        <button
                          type="button"
                          className={smallButton}
                          onClick={() => void run(() => api.mute(groupId, m.userID, !muted, muteHours))}
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
                            if (window.confirm(t('chat.confirmKick', { nick: m.nick }))) void run(() => api.kick(groupId, m.userID))
                          }}
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
      ) : null}
    </div>
  )
}
