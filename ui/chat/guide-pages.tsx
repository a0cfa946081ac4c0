// The chat's small pages (spec 001 §2 'Chat'): /chat/invitation-to-bind (fail, success), where an
// invitation to bind an account for a group lands; /chat/remove-user-result, the signed-in operator's
// removal records (GET /api/financialChatRoom/user/remove/record/{operId}/list); /chat/user-guidance.
import { Link } from 'wouter'
import { css } from '@linaria/core'
import { formatDateTime } from '../../core/format/date-time'
import { useSession } from '../common/session'
import { useRead } from '../common/use-read'
import { usePageTitle } from '../common/page-title'
import { Empty, Failed, Loading } from '../common/status'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { useChatApi } from './api'
import { ChatLogin } from './chat-page'
import '../i18n/texts/chat'
import { cardLook } from '../styles/looks'
import { TableHead } from '../common/table-head'

const card = css`
  max-width: 640px;
  margin: 24px auto;
  padding: 32px;
  ${cardLook}
  text-align: center;
  h1 {
    font-size: 20px;
    margin: 0 0 12px;
  }
  p {
    color: ${tokens.textMuted};
    line-height: 1.8;
  }
  ol {
    text-align: left;
    line-height: 2;
  }
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 14px;
    text-align: left;
  }
  th,
  td {
    padding: 8px;
    border-bottom: 1px solid ${tokens.border};
  }
`
const action = css`
  display: inline-block;
  margin-top: 16px;
  padding: 8px 24px;
  border-radius: ${tokens.radius};
  background: ${tokens.brand};
  color: ${tokens.onBrand};
`

export function InvitationToBindPage({ outcome }: { outcome: 'success' | 'fail' }) {
  const title = outcome === 'success' ? t('chat.bindSuccess') : t('chat.bindFail')
  usePageTitle(title)
  return (
    <section className={card} data-testid={`invitation-${outcome}`}>
      <h1>{title}</h1>
      <p>{outcome === 'success' ? t('chat.bindSuccessText') : t('chat.bindFailText')}</p>
      <Link href={outcome === 'success' ? '/chat/conversation' : '/chat/user-guidance'} className={action}>
        {outcome === 'success' ? t('chat.toMessages') : t('chat.toGuidance')}
      </Link>
    </section>
  )
}

export function UserGuidancePage() {
  usePageTitle(t('chat.guidanceTitle'))
  return (
    <section className={card} data-testid="user-guidance">
      <h1>{t('chat.guidanceTitle')}</h1>
      <ol>
        <li>{t('chat.guidanceStep1')}</li>
        <li>{t('chat.guidanceStep2')}</li>
        <li>{t('chat.guidanceStep3')}</li>
      </ol>
      <Link href="/chat/conversation" className={action}>
        {t('chat.toMessages')}
      </Link>
    </section>
  )
}

export function RemoveUserResultPage() {
  usePageTitle(t('chat.removalsTitle'))
  const session = useSession()
  const api = useChatApi()
  const userId = session.user?.id
  const read = useRead(userId === undefined ? null : api.removalsRead(userId, 1))
  if (userId === undefined) return <ChatLogin />
  return (
    <section className={card} data-testid="remove-user-result">
      <h1>{t('chat.removalsTitle')}</h1>
      <p>{t('chat.removalsHint')}</p>
      {read.status === 'failed' ? (
        <Failed message={read.message} onRetry={read.reload} />
      ) : read.status !== 'ready' ? (
        <Loading rows={3} />
      ) : read.data.list.length === 0 ? (
        <Empty text={t('chat.empty')} />
      ) : (
        <table>
          <TableHead columns={[t('chat.removalsGroup'), t('chat.removalsUser'), t('chat.removalsOperator'), t('chat.removalsTime')]} />
          <tbody>
            {read.data.list.map((r) => (
              <tr key={`${r.groupId}-${r.userId}-${r.time}`} data-testid="removal">
                <td>{r.groupName}</td>
                <td>{r.nick || r.userId}</td>
                <td>{r.operNick}</td>
                <td>{formatDateTime(r.time)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
