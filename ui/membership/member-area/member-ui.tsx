// Shared pieces of the member area (spec 001 §2 'Member area'; the page template is member-page.tsx):
// the reader's membership state (icon and expiry from the server's membership answer), the tier cards
// with their buy actions.
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { LoginInfo } from '../../../core/api/accounts'
import type { OrderGoods } from '../../../core/api/order'
import { isMembershipExpired, membershipDisplay, toTier, visibleVipIcon } from '../../../core/membership/membership'
import { formatDate } from '../../../core/format/date-time'
import { formatPriceCents } from '../../../core/format/money'
import { useSession } from '../../common/session'
import { useServices } from '../../services'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import '../../i18n/texts/memberArea'

export const buyLink = css`
  display: inline-block;
  padding: 8px 22px;
  border: 0;
  border-radius: 18px;
  cursor: pointer;
  background: ${tokens.brand};
  color: ${tokens.onBrand};
  text-decoration: none;
  font-size: 14px;
  &:hover { background: ${tokens.brandDark}; }
`
const tiers = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: 16px;
  list-style: none;
  padding: 0;
  margin: 0;
  li { border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; padding: 18px; display: flex; flex-direction: column; gap: 6px; }
  .tag { font-size: 13px; color: ${tokens.warn}; }
  .name { font-weight: 600; font-size: 16px; color: ${tokens.text}; }
  .price { font-size: 24px; color: ${tokens.brand}; font-weight: 700; font-variant-numeric: tabular-nums; }
  .original { font-size: 13px; color: ${tokens.textMuted}; text-decoration: line-through; }
  .badge { align-self: flex-start; font-size: 12px; padding: 2px 8px; border-radius: 10px; background: ${tokens.brandTint}; color: ${tokens.brand}; }
  a { margin-top: 8px; text-align: center; }
`

/** The buy action of a spec: /member/payment with the goods (spec) id, where the purchase starts. */
export const paymentHref = (specsId: number) => `/member/payment?goodsId=${specsId}`

/** The reader's membership (spec 000 §2: the icon hidden once expired; spec 001 §3 remaining days). */
export function membershipLine(info: LoginInfo | null, nowMs: number): { icon: string | null; text: string; member: boolean } {
  const m = info?.membership ?? null
  if (!m || isMembershipExpired(m.expireTimestamp, nowMs)) return { icon: null, text: m ? t('memberArea.expired') : t('memberArea.notMember'), member: false }
  const tier = toTier(m.type)
  const display = membershipDisplay(m.expireTimestamp, nowMs)
  const tierName = tier ? t(`memberArea.tierNames.${tier}`) : m.type
  const days = display.kind === 'svip' ? ` · ${t('memberArea.remaining', { days: display.remainingDays })}` : ''
  return { icon: visibleVipIcon(m, nowMs), text: `${t('memberArea.memberUntil', { tier: tierName, date: formatDate(m.expireTimestamp) })}${days}`, member: true }
}

export function MemberState() {
  const session = useSession()
  const { now } = useServices()
  if (!session.info)
    return (
      <div className="state">
        <strong>{t('memberArea.loginToSee')}</strong>
        <button type="button" className={buyLink} style={{ border: 0, marginTop: 8, cursor: 'pointer' }} onClick={() => void session.requireLogin()}>
          {t('memberArea.login')}
        </button>
      </div>
    )
  const line = membershipLine(session.info, now())
  return (
    <div className="state" data-testid="member-state">
      <strong>
        {line.icon ? <img src={line.icon} width={18} height={18} alt={t('memberArea.icon')} /> : null}
        {session.info.nick}
      </strong>
      <span>{line.text}</span>
    </div>
  )
}

export function TierCards({ goods }: { goods: OrderGoods }) {
  return (
    <ul className={tiers} aria-label={t('memberArea.tiers')}>
      {goods.purchaseInfos.map((p) => (
        <li key={p.specsId}>
          {p.tag ? <span className="tag">{p.tag}</span> : null}
          <span className="name">{p.name}</span>
          <span className="price">{p.currentPriceText ?? `¥${formatPriceCents(p.price)}`}</span>
          {p.originalPriceText ? <span className="original">{t('memberArea.original', { price: p.originalPriceText })}</span> : null}
          {p.badge ? <span className="badge">{p.badge}</span> : null}
          <Link href={paymentHref(p.specsId)} className={buyLink} aria-label={`${p.displayButtonText ?? t('memberArea.buy')} ${p.name}`}>
            {p.displayButtonText ?? t('memberArea.buy')}
          </Link>
        </li>
      ))}
    </ul>
  )
}
