// /chiefChatroom?financialCircleId={id} (spec 001 §2, §7 GET /api/financial-circle/chatroom-with-message/v1):
// a circle's chatroom — its one chat group, members only, the owner as Owner — drawn with the chat
// feature's conversation view on the messaging port. The server puts a member into the group when this is
// read (and takes an expired one out). Without a circle the page is the chief's chatroom of ui/chat; a
// logged-out visitor goes to /chiefCircle (spec 001 §2 guard). The chat feature's page, so the circles
// feature does not reach into chat's views.
import { css } from '@linaria/core'
import { Link, Redirect, useSearch } from 'wouter'
import { NOT_FOUND } from '../../core/query/query-cache'
import { ChatroomPage } from './chatroom-page'
import { NotReadyDialog, useChatSession, type ChatUser } from './chat-page'
import { ConversationView } from './conversation-view'
import { useSession } from '../common/session'
import { usePageTitle } from '../common/page-title'
import { Empty, Failed, Loading } from '../common/status'
import { useRead } from '../common/use-read'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { useChatApi } from './api'
import '../i18n/texts/circle'
import '../i18n/texts/chat'
import { cardLook } from '../styles/looks'

const frame = css`
  min-height: 600px;
  ${cardLook}
  overflow: hidden;
`
const head = css`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 10px 14px;
  border-bottom: 1px solid ${tokens.border};
  h1 {
    margin: 0;
    font-size: 16px;
  }
  small {
    color: ${tokens.textMuted};
  }
  a {
    margin-left: auto;
    font-size: 13px;
    color: ${tokens.textSecondary};
  }
`

const circleIdOf = (s: string | null): number | null => (s && /^[1-9]\d{0,9}$/.test(s) && Number(s) <= 2_147_483_647 ? Number(s) : null)

export function CircleChatroomPage() {
  const session = useSession()
  const raw = new URLSearchParams(useSearch()).get('financialCircleId')
  if (raw === null) return <ChatroomPage chief />
  const id = circleIdOf(raw)
  if (id === null) return <Empty text={t('circle.detail.notFound')} />
  if (!session.user && session.checking) return <Loading rows={4} />
  if (!session.user) return <Redirect to="/chiefCircle" replace />
  return <CircleChatroom key={`${session.user.id}-${id}`} user={session.user} id={id} />
}

function CircleChatroom({ user, id }: { user: ChatUser; id: number }) {
  const api = useChatApi()
  const chat = useChatSession(user)
  const room = useRead(api.circleChatroomRead(id))
  usePageTitle(room.status === 'ready' ? room.data.name : t('circle.chatroom.title'))
  const { client, ready } = chat
  return (
    <div className={frame} data-testid="circle-chatroom">
      {room.status === 'ready' ? (
        <header className={head}>
          <h1>{room.data.name}</h1>
          <small>{t('circle.chatroom.members', { n: room.data.memberCount })}</small>
          <Link href={`/chiefCircle/detail/${room.data.financialCircleId}`}>{t('circle.comment.back')}</Link>
        </header>
      ) : null}
      {room.status === 'failed' ? (
        room.statusCode === NOT_FOUND ? (
          <Empty text={t('circle.detail.notFound')} />
        ) : (
          <Failed message={room.message} onRetry={room.reload} />
        )
      ) : room.status !== 'ready' || !client || !ready ? (
        chat.notReady ? <Empty text={t('chat.connecting')} /> : <Loading rows={4} />
      ) : (
        <ConversationView
          key={room.data.conversationId}
          client={client}
          conversationId={room.data.conversationId}
          conversation={chat.conversations.find((c) => c.conversationID === room.data.conversationId)}
          me={String(user.id)}
          progress={chat.progress}
          tools={false}
        />
      )}
      <NotReadyDialog session={chat} />
    </div>
  )
}
