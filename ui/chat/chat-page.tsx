// /chat, /chat/conversation and /chat/conversation/{id} (spec 001 §2 'Chat'): the left bar, the
// conversation list and the open conversation. The chat lifecycle machine (core/chat) runs the
// session — signature, client, events, login, profile, conversation list, not-ready dialog; this
// view renders its state and sends its events.
import { useEffect, useMemo, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { css } from '@linaria/core'
import { useActorRef, useSelector } from '@xstate/react'
import { inspect } from '../dev/inspector'
import { chatLifecycleMachine, DEFAULT_NOT_READY_REASON, messagingActors, selectNotReadyDialog, type ChatLifecycleActor } from '../../core/chat/chat-lifecycle.machine'
import { atMarker, unreadMarker } from '../../core/chat/conversation-list'
import { unreadPageMarker } from '../../core/chat/unread-title'
import type { Conversation } from '../../core/chat/messaging-port'
import { useSession } from '../common/session'
import { useInvalidate, useRead } from '../common/use-read'
import { useServices } from '../services'
import { Modal } from '../common/modal'
import { Empty, Loading } from '../common/status'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { pill, primary } from '../styles/buttons'
import { field } from '../styles/controls'
import { GROUP_NAME_MAX } from '../../core/chat/limits'
import { createGroupLogic, useChatApi } from './api'
import { isKnownPage } from '../app'
import { ConversationView } from './conversation-view'
import '../i18n/texts/chat'
import { brandOutlineLook, frameLook, plainListLook, filledLook } from '../styles/looks'

/** spec 000 §2 / 001 §2: the enterprise-messenger (WeCom) address book, on the WeCom pages. */
export const ENTERPRISE_ADDRESS_BOOK = '/wecom/mine'

/** spec 001 §7: a fixed default avatar when the user has none. */
export const DEFAULT_AVATAR = '/chat-default-avatar.svg'

const page = css`
  display: grid;
  grid-template-columns: 72px 280px 1fr;
  min-height: 600px;
  background: ${tokens.card};
  border: 1px solid ${tokens.border};
`
const bar = css`
  display: flex;
  flex-direction: column;
  gap: 12px;
  align-items: center;
  padding: 16px 0;
  background: ${tokens.footerBg};
  a {
    max-width: 64px;
    color: ${tokens.onBrand};
    font-size: 12px;
    text-align: center;
    overflow-wrap: anywhere;
  }
`
const list = css`
  border-right: 1px solid ${tokens.border};
  overflow-y: auto;
  max-height: 720px;
  ul {
    ${plainListLook}
  }
  li a {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 2px 8px;
    padding: 10px 12px;
    color: ${tokens.text};
    border-bottom: 1px solid ${tokens.border};
  }
  li a[aria-current='page'] {
    background: ${tokens.infoBg};
  }
`
const name = css`
  font-weight: 600;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
`
const meta = css`
  color: ${tokens.textMuted};
  font-size: 12px;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
`
const badge = css`
  justify-self: end;
  min-width: 18px;
  padding: 0 5px;
  border-radius: 9px;
  background: ${tokens.brand};
  color: ${tokens.onBrand};
  font-size: 12px;
  text-align: center;
`
const createButton = css`
  display: block;
  width: calc(100% - 24px);
  margin: 10px 12px;
  padding: 6px 0;
  ${brandOutlineLook(tokens.radius)}
  cursor: pointer;
`
const createForm = css`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin: 10px 12px;
  padding: 12px;
  ${frameLook}
  background: ${tokens.bg};
  input {
    width: 100%;
  }
`
const createActions = css`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
  button:disabled {
    border-color: ${tokens.border};
    background: ${tokens.disabledBg};
    color: ${tokens.textDisabled};
    cursor: default;
  }
`
const formError = css`
  margin: 0;
  color: ${tokens.important};
  font-size: 12px;
`
const atText = css`
  color: ${tokens.brand};
`
const dialog = css`
  width: 360px;
  padding: 24px;
  background: ${tokens.card};
  border-radius: ${tokens.radius};
  h2 {
    margin: 0 0 12px;
    font-size: 18px;
  }
  p {
    margin: 0 0 20px;
    color: ${tokens.textSecondary};
  }
  button {
    display: block;
    margin-left: auto;
    min-width: 96px;
    padding: 8px 20px;
    ${filledLook(tokens.radius)}
    font: inherit;
    cursor: pointer;
  }
  button:hover {
    background: ${tokens.brandDark};
  }
`

/** A bell with a slash (no emoji: Chromium on a server has no emoji font and draws a box). */
function MutedIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 16 16" role="img" aria-label={t('chat.muted')} style={{ verticalAlign: '-1px', marginRight: 2 }}>
      <path d="M8 1.5a4 4 0 0 0-4 4v3L2.5 11h11L12 8.5v-3a4 4 0 0 0-4-4zM6.5 12.5a1.5 1.5 0 0 0 3 0" fill="none" stroke="currentColor" strokeWidth="1.3" />
      <path d="M2 2l12 12" stroke="currentColor" strokeWidth="1.3" />
    </svg>
  )
}

const titleOf = (c: Conversation) => c.groupProfile?.name ?? c.userProfile?.nick ?? c.conversationID

/** spec 001 §4: unread above 0 sets the title to 您有{n}条未读消息 and swaps the favicon; 0 restores both. */
function useUnreadTitle(total: number) {
  useEffect(() => {
    const marker = unreadPageMarker(total, t('chat.title') + ' - ' + t('site.name'))
    document.title = marker.title
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]')
    if (icon) icon.href = marker.favicon === 'unread' ? '/favicon-unread.svg' : '/favicon.svg'
    return () => {
      if (icon) icon.href = '/favicon.svg'
    }
  }, [total])
}

/** The login prompt of every chat page for a guest. */
export function ChatLogin() {
  const session = useSession()
  return (
    <div data-testid="chat-login">
      <Empty text={t('chat.loginToChat')} />
      <p style={{ textAlign: 'center' }}>
        <button type="button" className={`${pill} ${primary}`} onClick={() => void session.requireLogin()} data-testid="chat-login-button">
          {t('chat.login')}
        </button>
      </p>
    </div>
  )
}

export function ChatPage({ conversationId }: { conversationId?: string | undefined }) {
  const session = useSession()
  if (!session.user) return <ChatLogin />
  return <ChatSession key={session.user.id} user={session.user} conversationId={conversationId} />
}

/** spec 001 §2, §6: the create-group button, for users with an advisory certification only (core/chat/create-group.machine.ts). */
export function CreateGroup({ onCreated }: { onCreated: (conversationId: string) => void }) {
  const api = useChatApi()
  const invalidate = useInvalidate()
  const logic = useMemo(() => createGroupLogic(api, invalidate), [api, invalidate])
  const actor = useActorRef(logic, { inspect })
  const open = useSelector(actor, (s) => !s.matches('closed'))
  const groupName = useSelector(actor, (s) => s.context.name)
  const error = useSelector(actor, (s) => s.context.error)
  const mayCreate = useSelector(actor, (s) => s.can({ type: 'form.submit' }))
  useEffect(() => {
    const created = actor.on('group.created', (e) => onCreated(e.conversationId))
    return () => created.unsubscribe()
  }, [actor, onCreated])
  if (!open) {
    return (
      <button type="button" className={createButton} onClick={() => actor.send({ type: 'form.open' })} data-testid="create-group">
        {t('chat.createGroup')}
      </button>
    )
  }
  return (
    <form
      className={createForm}
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: 'form.submit' })
      }}
      data-testid="create-group-form"
    >
      <input
        className={field}
        aria-label={t('chat.groupName')}
        placeholder={t('chat.groupName')}
        value={groupName}
        maxLength={GROUP_NAME_MAX}
        onChange={(e) => actor.send({ type: 'name.change', name: e.target.value })}
        data-testid="group-name"
        autoFocus
      />
      <div className={createActions}>
        <button type="button" className={pill} onClick={() => actor.send({ type: 'form.cancel' })}>
          {t('chat.cancel')}
        </button>
        <button type="submit" className={`${pill} ${primary}`} disabled={!mayCreate} data-testid="group-create-submit">
          {t('chat.create')}
        </button>
      </div>
      {error ? (
        <p role="alert" className={formError}>
          {error}
        </p>
      ) : null}
    </form>
  )
}

export interface ChatUser {
  id: number
  nick: string
  avatar: string
}

/** The chat lifecycle machine for one signed-in user (spec 001 §4), started from the server's signature. */
export function useChatSession(user: ChatUser) {
  const api = useChatApi()
  const services = useServices()
  const [progress, setProgress] = useState<number | null>(null)
  const port = useMemo(() => api.messagingPort(setProgress), [api])
  const actor: ChatLifecycleActor = useActorRef(
    chatLifecycleMachine.provide({ actors: messagingActors(port), actions: { reload: () => services.reload() } }),
    { input: { user: { nick: user.nick, avatar: user.avatar }, defaultAvatar: DEFAULT_AVATAR }, inspect },
  )
  useEffect(() => () => actor.send({ type: 'chat.destroy' }), [actor])
  const ready = useSelector(actor, (s) => s.matches({ session: 'ready' }))
  const conversations = useSelector(actor, (s) => s.context.conversations)
  const total = useSelector(actor, (s) => s.context.totalUnread)
  const client = useSelector(actor, (s) => s.context.client)
  const notReady = useSelector(actor, selectNotReadyDialog)
  return { actor, ready, conversations, total, client, notReady, progress }
}

/** spec 001 §4: on not-ready a confirm dialog 请刷新页面 plus the reason; confirming reloads. */
export function NotReadyDialog({ session }: { session: ReturnType<typeof useChatSession> }) {
  const { notReady, actor } = session
  if (!notReady) return null
  return (
    <Modal label={t('chat.notReadyTitle')} className={dialog} testId="chat-not-ready">
      <h2>{t('chat.notReadyTitle')}</h2>
      <p>{notReady.reason === DEFAULT_NOT_READY_REASON ? t('chat.notReadyReason') : notReady.reason}</p>
      <button type="button" onClick={() => actor.send({ type: 'dialog.confirm' })} data-autofocus>
        {t('chat.reload')}
      </button>
    </Modal>
  )
}

/**
 * spec 001 §2: the left bar — avatar (own address book), messages, address book, the enterprise-messenger
 * address book and, for group admins or owners only, the message helper.
 */
export function ChatNav({ user, isAdmin }: { user: Pick<ChatUser, 'id' | 'avatar'>; isAdmin: boolean }) {
  return (
    <nav className={bar} aria-label={t('chat.leftBar')} data-testid="chat-nav">
      <Link href={`/chat/address-book/${user.id}`} aria-label={t('chat.myAddressBook')}>
        <img src={user.avatar || DEFAULT_AVATAR} alt="" width={40} height={40} style={{ borderRadius: '50%' }} />
      </Link>
      <Link href="/chat/conversation">{t('chat.messages')}</Link>
      <Link href="/chat/address-book">{t('chat.addressBook')}</Link>
      {/* the enterprise-messenger address book is the WeCom pages' (/wecom/mine): the entry shows once the
          client draws that page, never as a link to the 404 (issue 25) */}
      {isKnownPage(ENTERPRISE_ADDRESS_BOOK) ? <Link href={ENTERPRISE_ADDRESS_BOOK}>{t('chat.enterpriseAddressBook')}</Link> : null}
      {/* spec 001 §6: the message helper only when the server says the user is a group admin or owner */}
      {isAdmin ? (
        <Link href="/chat/message-helper" data-testid="chat-helper-link">
          {t('chat.messageHelper')}
        </Link>
      ) : null}
    </nav>
  )
}

function ChatSession({ user, conversationId }: { user: ChatUser; conversationId?: string | undefined }) {
  const api = useChatApi()
  const session = useChatSession(user)
  const { ready, conversations, total, client, notReady, progress } = session
  const role = useRead(api.roleRead())
  const isAdmin = role.status === 'ready' && role.data.isGroupAdminOrOwner
  useUnreadTitle(total)
  const [, navigate] = useLocation()
  const certified = useSession().info?.advisoryCertification != null
  const open = conversationId ? conversations.find((c) => c.conversationID === conversationId) : undefined

  return (
    <div className={page} data-testid="chat-page">
      <ChatNav user={user} isAdmin={isAdmin} />
      <section className={list} aria-label={t('chat.conversations')}>
        {certified ? <CreateGroup onCreated={(id) => navigate(`/chat/conversation/${encodeURIComponent(id)}`)} /> : null}
        {!ready && notReady === null ? <Loading rows={3} /> : null}
        {ready && conversations.length === 0 ? <Empty text={t('chat.noConversations')} /> : null}
        <ul data-testid="conversation-list">
          {conversations.map((c) => {
            const marker = unreadMarker(c)
            const at = atMarker(c.groupAtInfoList)
            return (
              <li key={c.conversationID}>
                <Link
                  href={`/chat/conversation/${encodeURIComponent(c.conversationID)}`}
                  aria-current={c.conversationID === conversationId ? 'page' : undefined}
                  data-testid="conversation-item"
                  data-conversation={c.conversationID}
                >
                  <span className={name}>
                    {c.isPinned ? <span className={meta}>[{t('chat.pinned')}] </span> : null}
                    {titleOf(c)}
                  </span>
                  {marker.kind === 'badge' ? (
                    <span className={badge} data-testid="unread-badge">
                      {marker.text}
                    </span>
                  ) : marker.kind === 'muted' ? (
                    <span className={meta} data-testid="muted-marker" title={t('chat.muted')}>
                      <MutedIcon />
                      {marker.text ?? ''}
                    </span>
                  ) : (
                    <span />
                  )}
                  <span className={meta}>
                    {at ? <span className={atText}>[{at}] </span> : null}
                    {c.lastMessage?.messageForShow ?? ''}
                  </span>
                </Link>
              </li>
            )
          })}
        </ul>
      </section>
      <section aria-label={t('chat.history')}>
        {client && ready && conversationId ? (
          <ConversationView
            key={conversationId}
            client={client}
            conversationId={conversationId}
            conversation={open}
            me={String(user.id)}
            progress={progress}
            onOpenConversation={(id) => navigate(`/chat/conversation/${encodeURIComponent(id)}`)}
          />
        ) : (
          <Empty text={t('chat.noConversationChosen')} />
        )}
      </section>
      <NotReadyDialog session={session} />
    </div>
  )
}
