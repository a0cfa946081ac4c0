// The 消息通知 panel (spec 001 §2): the message groups with their unread counts (99+), each linking
// to /message?sourceType={second-to-last segment}&type={last segment} (core/messages/message-link.ts);
// 暂无消息 when there are none. Its total becomes the bell's count (new messages show without a reload).
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { MessageGroup } from '../../core/api/messages'
import { formatBadge } from '../../core/format/big-number'
import { messagePageHref } from '../../core/messages/message-link'
import { useRead } from '../common/use-read'
import { useSession, useSessionActor } from '../common/session'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { useMessagesApi } from './api'
import '../i18n/texts/messages'
import { cardLook } from '../styles/looks'

const panel = css`
  position: absolute;
  right: -8px;
  top: 100%;
  width: 300px;
  ${cardLook}
  box-shadow: 0 6px 24px ${tokens.shadow};
  z-index: 50;
  h2 { margin: 0; padding: 10px 14px; font-size: 15px; border-bottom: 1px solid ${tokens.border}; }
  ul { list-style: none; margin: 0; padding: 0; }
  a { display: flex; gap: 8px; align-items: center; padding: 10px 14px; color: ${tokens.text}; }
  a:hover { background: ${tokens.bg}; }
  .name { font-weight: 600; font-size: 14px; flex: none; }
  .last { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: ${tokens.textMuted}; font-size: 12px; }
  .count { background: ${tokens.brand}; color: ${tokens.onBrand}; border-radius: 8px; font-size: 11px; padding: 0 5px; line-height: 16px; }
  .empty { padding: 24px; text-align: center; color: ${tokens.textMuted}; font-size: 14px; margin: 0; }
`

export default function BellPanel({ onNavigate }: { onNavigate: () => void }) {
  const calls = useMessagesApi()
  const session = useSessionActor()
  const { user, info } = useSession()
  // keyed by the bell's count too: a message that came since the last look shows when the panel opens
  const read = calls.groups(session, user?.id ?? null)
  const load = useRead({ ...read, key: { ...read.key, as: `${read.key.as ?? ''}:unread:${info?.message.unCheck ?? 0}` } })
  const groups: readonly MessageGroup[] | null = load.status === 'ready' ? load.data.list : null
  const error = load.status === 'failed' ? load.message : null
  return (
    <section className={panel} aria-labelledby="bell-panel-title" data-testid="bell-panel">
      <h2 id="bell-panel-title">{t('header.notifications')}</h2>
      {error ? (
        <p className="empty" role="alert">{error}</p>
      ) : groups === null ? (
        <p className="empty">{t('common.loading')}</p>
      ) : groups.every((g) => g.lastTimestamp === null && g.unreadCount === 0) ? (
        <p className="empty">{t('messages.empty')}</p>
      ) : (
        <ul>
          {groups.map((g) => (
            <li key={`${g.sourceType}/${g.type}`}>
              <Link href={messagePageHref(g.link)} onClick={onNavigate}>
                <span className="name">{g.name}</span>
                <span className="last">{g.lastContent}</span>
                {g.unreadCount > 0 ? <span className="count">{formatBadge(g.unreadCount)}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
