// The header's notification bell (spec 000 §2: unread count, 99+ above 99) and its 消息通知 panel
// (spec 001 §2: empty state 暂无消息; items link to /message?sourceType=…&type=… by core's rule).
// The bell is small (the home page loads it); the panel's code loads when it opens.
import { lazy, Suspense, useState } from 'react'
import { css } from '@linaria/core'
import { formatBadge } from '../../core/format/big-number'
import { useSession } from '../common/session'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'

const BellPanel = lazy(() => import('./bell-panel'))

const wrap = css`
  position: relative;
  > button { position: relative; display: inline-flex; border: 0; background: none; padding: 4px; cursor: pointer; color: ${tokens.textSecondary}; }
  .badge { position: absolute; top: -4px; left: 14px; background: ${tokens.brand}; color: ${tokens.onBrand}; border-radius: 8px; font-size: 10px; padding: 0 4px; line-height: 14px; }
`

export function Bell() {
  const session = useSession()
  const [open, setOpen] = useState(false)
  const unread = session.info?.message.unCheck ?? 0
  if (!session.user) return null
  return (
    <div className={wrap} onMouseLeave={() => setOpen(false)}>
      <button type="button" aria-label={unread > 0 ? `${t('header.notifications')} ${t('header.notificationsUnread', { count: unread })}` : t('header.notifications')} aria-expanded={open} onClick={() => setOpen((o) => !o)} data-testid="bell">
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z" />
        </svg>
        {unread > 0 ? (
          <span className="badge" data-testid="bell-badge" aria-hidden="true">
            {formatBadge(unread)}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <BellPanel onNavigate={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  )
}
