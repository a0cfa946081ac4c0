// The personal area's frame (spec 000 §2 'Personal area'): the my layout's side panel with the user
// card and its links, and the not-logged-in panel a guest sees instead. Shared: the accounts pages
// (/my/setting, /my/follower…) and the posting pages (/my/publish, /my/favorite…) both sit in it.
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { LoginInfo } from '../../core/api/accounts'
import { visibleVipIcon } from '../../core/membership/membership'
import { formatFans } from '../../core/format/big-number'
import { sideLinks, type SideLinkKey } from '../../core/accounts/side-panel'
import { useServices } from '../services'
import { t, type TranslationKey } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { pill, primary } from '../styles/buttons'
import { useSession } from './session'
import '../i18n/texts/posting'
import '../i18n/texts/user'

export const myLayout = css`
  display: flex;
  gap: 20px;
  align-items: flex-start;
  aside { width: 260px; flex: none; background: ${tokens.card}; border-radius: 8px; padding: 20px; }
  section { flex: 1; background: ${tokens.card}; border-radius: 8px; padding: 24px; min-height: 400px; }
  .counts { display: flex; justify-content: space-between; margin: 14px 0; text-align: center; }
  .counts a { color: ${tokens.text}; text-decoration: none; font-size: 12px; }
  .counts b { display: block; font-size: 16px; }
  /* the side panel's links only: a page's own nav inside the section (/message's pill tabs) keeps its padding */
  aside nav a { display: block; padding: 8px 0; color: ${tokens.text}; text-decoration: none; }
  label { display: block; margin: 14px 0 4px; color: ${tokens.textSecondary}; font-size: 13px; }
  input[type='text'], input[type='password'], textarea, select { width: 100%; max-width: 420px; height: 36px; border: 1px solid ${tokens.border}; border-radius: 6px; padding: 0 10px; box-sizing: border-box; font-size: 14px; }
  select { background: ${tokens.card}; color: ${tokens.text}; } /* not the browser's grey buttonface (issue 25) */
  textarea { height: 80px; padding: 8px 10px; }
  .msg { margin-top: 8px; font-size: 13px; color: ${tokens.brand}; }
  h2 { font-size: 18px; margin: 0 0 8px; }
  h3 { font-size: 16px; margin: 28px 0 4px; }
`

export function NotLoggedIn() {
  const session = useSession()
  return (
    <div style={{ textAlign: 'center', padding: '80px 0' }} data-testid="not-logged-in">
      <h2>{t('accounts.notLoggedIn')}</h2>
      <p style={{ color: tokens.textSecondary }}>{t('accounts.notLoggedInHint')}</p>
      <button type="button" className={`${pill} ${primary}`} onClick={() => void session.requireLogin()}>
        {t('accounts.goLogin')}
      </button>
    </div>
  )
}

/** The text of each side link (core/accounts/side-panel.ts orders them). */
const SIDE_TEXT: Record<SideLinkKey, TranslationKey> = {
  favorite: 'accounts.sideFavorite',
  reading: 'accounts.sideReading',
  comment: 'posting.my.comment',
  commentMe: 'posting.my.commentMe',
  setting: 'accounts.sideSetting',
  columnApply: 'user.apply.entry',
  purchase: 'accounts.sidePurchase',
  coupon: 'accounts.sideCoupon',
}

function UserCard({ info }: { info: LoginInfo }) {
  const { now, config } = useServices()
  const vip = visibleVipIcon(info.membership, now())
  return (
    <div>
      <div style={{ display: 'flex', gap: 10, alignItems: 'center' }}>
        <span style={{ width: 48, height: 48, borderRadius: 24, background: tokens.brand, color: tokens.onBrand, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}>
          {info.avatar ? <img src={info.avatar} width={48} height={48} alt="" /> : Array.from(info.nick)[0]}
        </span>
        <div>
          <strong data-testid="card-nick">{info.nick}</strong> {vip ? <img src={vip} width={14} height={14} alt={t('accounts.vip')} /> : null}
          {info.roles.some((r) => r.type === 'BIG_V') ? <span title="V" style={{ color: tokens.warn, marginLeft: 4 }}>V</span> : null}
          <div style={{ fontSize: 12, color: tokens.textMuted }}>{t('accounts.level', { level: info.level.currentLevel })}</div>
        </div>
      </div>
      <p style={{ fontSize: 13, color: tokens.textSecondary }}>{info.brief || t('accounts.noBio')}</p>
      <div className="counts">
        <Link href="/my/follower"><b>{formatFans(info.userCount.fans)}</b>{t('accounts.followers')}</Link>
        <Link href="/my/following"><b>{info.userCount.follow}</b>{t('accounts.following')}</Link>
        <a href="/my/stock" target="_blank" rel="noreferrer"><b>{info.userCount.optionalStock}</b>{t('accounts.stocks')}</a>
        <Link href="/my/publish"><b>{info.userCount.post}</b>{t('accounts.posts')}</Link>
      </div>
      <nav>
        {sideLinks(!!config?.premiumShop).map((l) => (
          <Link key={l.key} href={l.href}>
            {t(SIDE_TEXT[l.key])}
          </Link>
        ))}
      </nav>
    </div>
  )
}

export function My({ children }: { children: (info: LoginInfo) => ReactNode }) {
  const session = useSession()
  if (session.checking) return null
  if (!session.info) return <NotLoggedIn />
  return (
    <div className={myLayout}>
      <aside>
        <UserCard info={session.info} />
      </aside>
      <section>{children(session.info)}</section>
    </div>
  )
}

