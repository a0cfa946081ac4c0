// /chatroom/{id} and /chiefChatroom (spec 001 §2, spec 000 §7): a chatroom is an open group the reader
// joins by itself. GET /api/chatroom/check/v2 names the room (the chief's without an id) and whether
// the reader may speak; each text is checked with POST /api/chatroom/check/msg/v1 before it is sent.
// The layout hides the footer here (spec 000 §2).
import { useEffect, useState } from 'react'
import { css } from '@linaria/core'
import { Redirect } from 'wouter'
import type { ResultOf } from '../../core/api/endpoint'
import type { chatroomCheck } from '../../core/api/chat'
import { joinChatroom } from '../../adapters/messaging/messaging-port'
import { useSession } from '../common/session'
import { usePageTitle } from '../common/page-title'
import { Empty, Failed, Loading } from '../common/status'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { useChatApi } from './api'
import { ChatLogin, NotReadyDialog, useChatSession, type ChatUser } from './chat-page'
import { ConversationView } from './conversation-view'
import '../i18n/texts/chat'

type Room = ResultOf<typeof chatroomCheck>

const frame = css`
  min-height: 600px;
  background: ${tokens.card};
  border: 1px solid ${tokens.border};
`
const muted = css`
  margin: 0 12px 8px;
  color: ${tokens.textMuted};
  font-size: 12px;
`

/** A chatroom id from the path: a positive 32-bit integer, else null. */
const roomId = (id: string): number | null => (/^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null)

/** spec 000 §2: a guard sends a logged-out visitor of /chiefChatroom to /chiefCircle, where joining starts. */
const CHIEF_CIRCLE_PATH = '/chiefCircle'

/** `id` from the path; none opens the chief's chatroom (`chief`: the /chiefChatroom route). */
export function ChatroomPage({ id, chief = false }: { id?: string | undefined; chief?: boolean }) {
  const session = useSession()
  const room = id === undefined ? undefined : roomId(id)
  if (room === null) return <Empty text={t('chat.chatroomMissing')} />
  // a hinted session is waited for, so a signed-in reader reloading the page is never bounced
  if (!session.user && session.checking) return <Loading rows={4} />
  if (!session.user) return chief ? <Redirect to={CHIEF_CIRCLE_PATH} replace /> : <ChatLogin />
  return <Chatroom key={`${session.user.id}-${room ?? 'chief'}`} user={session.user} id={room} />
}

function Chatroom({ user, id }: { user: ChatUser; id: number | undefined }) {
  const api = useChatApi()
  const chat = useChatSession(user)
  const [room, setRoom] = useState<Room | null>(null)
  const [joined, setJoined] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  usePageTitle(room?.name ?? t('chat.chatroom'))

  useEffect(() => {
    let live = true
    setError(null)
    api.chatroom(id).then(
      (r) => live && setRoom(r),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    )
    return () => {
      live = false
    }
  }, [api, id, attempt])

  const { client, ready } = chat
  const groupId = room?.groupId
  useEffect(() => {
    if (!client || !ready || groupId === undefined) return
    let live = true
    joinChatroom(client, groupId).then(
      () => live && setJoined(true),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    )
    return () => {
      live = false
    }
  }, [client, ready, groupId])

  const conversationId = groupId === undefined ? '' : `GROUP${groupId}`
  return (
    <div className={frame} data-testid="chatroom-page">
      {error !== null ? (
        <Failed message={error} onRetry={() => setAttempt((n) => n + 1)} />
      ) : room === null || !joined || !client ? (
        chat.notReady ? <Empty text={t('chat.connecting')} /> : <Loading rows={4} />
      ) : (
        <>
          {!room.canSpeak ? <p className={muted}>{t('chat.chatroomMuted')}</p> : null}
          <ConversationView
            client={client}
            conversationId={conversationId}
            conversation={chat.conversations.find((c) => c.conversationID === conversationId)}
            me={String(user.id)}
            progress={chat.progress}
            onLeave={() => undefined}
            tools={false}
            beforeSend={(text) => api.chatroomCheckMsg(room.id, text)}
          />
        </>
      )}
      <NotReadyDialog session={chat} />
    </div>
  )
}
