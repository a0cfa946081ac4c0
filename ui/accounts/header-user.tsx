// The header's account slot (spec 000 §2): sign-in link for guests; when signed in the avatar with
// its VIP icon (hidden when membership has expired) and the user menu
// (core/membership/user-menu.ts). The bell is ui/messages/bell.tsx. Small on purpose: the home page loads it.
import { useState } from 'react'
import { Link, useLocation } from 'wouter'
import { css } from '@linaria/core'
import { userMenu } from '../../core/membership/user-menu'
import { visibleVipIcon } from '../../core/membership/membership'
import { t } from '../i18n/i18n'
import { pill, primary } from '../styles/buttons'
import { tokens } from '../styles/tokens'
import { useServices } from '../services'
import { useSession } from '../common/session'

const wrap = css`
  position: relative;
  display: flex;
  align-items: center;
  gap: 14px;
`
const avatarCss = css`
  width: 32px;
  height: 32px;
  border-radius: 50%;
  background: ${tokens.brand};
  color: ${tokens.onBrand};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  overflow: hidden;
  font-size: 14px;
`
const menu = css`
  position: absolute;
  right: 0;
  top: 100%;
  min-width: 150px;
  background: ${tokens.card};
  border: 1px solid ${tokens.border};
  border-radius: 8px;
  box-shadow: 0 6px 20px ${tokens.shadow};
  padding: 6px 0;
  z-index: 50;
  a,
  button {
    display: block;
    width: 100%;
    text-align: left;
    padding: 8px 16px;
    background: none;
    border: 0;
    color: ${tokens.text};
    font-size: 14px;
    cursor: pointer;
  }
  a:hover,
  button:hover {
    background: ${tokens.bg};
  }
`

export function HeaderUser() {
  const session = useSession()
  const { now, config } = useServices()
  const [open, setOpen] = useState(false)
  const [, navigate] = useLocation()
  const info = session.info
  if (!session.user || !info) {
    return (
      <button type="button" className={`${pill} ${primary}`} onClick={() => void (session.openLogin ?? session.requireLogin)()} data-testid="header-sign-in">
        {t('header.signIn')}
      </button>
    )
  }
  const vipIcon = visibleVipIcon(info.membership, now())
  const entries = userMenu({ userId: info.id, vipDisplay: !!config?.vipDisplay, advisoryCertification: info.advisoryCertification, nowMs: now() })
  return (
    <div className={wrap} onMouseLeave={() => setOpen(false)}>
      <button type="button" onClick={() => setOpen((o) => !o)} onMouseEnter={() => setOpen(true)} style={{ background: 'none', border: 0, display: 'flex', alignItems: 'center', gap: 6, cursor: 'pointer', position: 'relative' }} aria-haspopup="menu" aria-expanded={open} data-testid="header-user">
        <span className={avatarCss}>{info.avatar ? <img src={info.avatar} width={32} height={32} alt="" /> : Array.from(info.nick)[0]}</span>
        {vipIcon ? <img src={vipIcon} width={14} height={14} alt={t('accounts.vip')} style={{ position: 'absolute', left: 22, top: 20 }} /> : null}
        <span style={{ maxWidth: 64, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: 14, color: tokens.text }} data-testid="header-nick">
          {info.nick}
        </span>
      </button>
      {open ? (
        <div className={menu} role="menu">
          {entries.map((e) =>
            e.action === 'logout' ? (
              <button
                key={e.key}
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false)
                  void session.logout?.().then(() => navigate('/'))
                }}
                data-testid="menu-logout"
              >
                {t(`accounts.${e.key}`)}
              </button>
            ) : (
              <Link key={e.key} href={e.route!} role="menuitem" onClick={() => setOpen(false)}>
                {t(`accounts.${e.key}`)}
                {e.newBadge ? <sup style={{ color: tokens.brand, marginLeft: 4 }}>{t('accounts.newBadge')}</sup> : null}
              </Link>
            ),
          )}
        </div>
      ) : null}
    </div>
  )
}
