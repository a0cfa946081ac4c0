// /chatroom/{id} and /chiefChatroom (spec 001 §2, spec 000 §7): a chatroom is an open group the reader
// joins by itself. GET /api/chatroom/check/v2 names the room (the chief's without an id) and whether
// the reader may speak; each text is checked with POST /api/chatroom/check/msg/v1 before it is sent.
// The layout hides the footer here (spec 000 §2).
import { css } from '@linaria/core'
import { Redirect } from 'wouter'
import { groupConversationId } from '../../core/chat/conversation-id'
import { useSession } from '../common/session'
import { useRead } from '../common/use-read'
import { usePageTitle } from '../common/page-title'
import { Empty, Failed, Loading } from '../common/status'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { useChatApi } from './api'
import { ChatLogin, NotReadyDialog, useChatSession, type ChatUser } from './chat-page'
import { ConversationView } from './conversation-view'
import '../i18n/texts/chat'

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
  const room = useRead(api.chatroomRead(id))
  usePageTitle(room.status === 'ready' ? room.data.name : t('chat.chatroom'))
  const { client, ready } = chat
  return (
    <div className={frame} data-testid="chatroom-page">
      {room.status === 'failed' ? (
        <Failed message={room.message} onRetry={room.reload} />
      ) : room.status !== 'ready' || !client || !ready ? (
        chat.notReady ? <Empty text={t('chat.connecting')} /> : <Loading rows={4} />
      ) : (
        <>
          {!room.data.canSpeak ? <p className={muted}>{t('chat.chatroomMuted')}</p> : null}
          {/* the conversation machine joins the chatroom first (an open group the reader enters by itself) */}
          <ConversationView
            key={room.data.groupId}
            client={client}
            conversationId={groupConversationId(room.data.groupId)}
            conversation={chat.conversations.find((c) => c.conversationID === groupConversationId(room.data.groupId))}
            me={String(user.id)}
            progress={chat.progress}
            tools={false}
            chatroomId={room.data.id}
          />
        </>
      )}
      <NotReadyDialog session={chat} />
    </div>
  )
}
