// /my/purchase and /my/coupon (spec 001 §2 personal area; spec 000 §2 user menu Purchases): the
// reader's paid orders and coupons, in the my layout's frame (guests see its not-logged-in panel).
import { Link } from 'wouter'
import { css } from '@linaria/core'
import type { Coupon, PurchasedItem } from '../../core/api/order'
import { formatDate, formatDateTime } from '../../core/format/date-time'
import { formatDiscount, formatPriceCents } from '../../core/format/money'
import { My } from '../common/my-layout'
import { useDetail } from '../content/use-detail'
import { Failed, Loading } from '../common/status'
import { usePageTitle } from '../common/page-title'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { useMembershipApi } from './api'
import '../i18n/texts/membership'

const list = css`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  li { display: flex; justify-content: space-between; gap: 12px; padding: 12px 0; border-bottom: 1px solid ${tokens.border}; }
  a { color: ${tokens.text}; font-weight: 600; }
  a:hover { color: ${tokens.brand}; }
  .meta { margin-top: 6px; color: ${tokens.textMuted}; font-size: 12px; }
  .amount { color: ${tokens.text}; font-weight: 600; white-space: nowrap; }
  .used { opacity: 0.55; }
`
const empty = css`
  padding: 40px 0;
  color: ${tokens.textMuted};
  text-align: center;
`

function Loaded<T>({ load, children }: { load: () => Promise<T>; children: (data: T) => React.ReactNode }) {
  const detail = useDetail<T>(1, () => load())
  if (detail.state === 'loading') return <Loading rows={4} />
  if (detail.state === 'failed' || detail.data === null) return <Failed message={detail.error} onRetry={() => detail.actor.send({ type: 'detail.retry' })} />
  return <>{children(detail.data)}</>
}

function PurchaseRow({ item }: { item: PurchasedItem }) {
  return (
    <li>
      <div>
        <Link href={item.link}>{item.name}</Link>
        <div className="meta">
          {t('membership.my.paidAt', { time: formatDateTime(item.payTimestamp) })} · {t(item.channel === 'guru_pay' ? 'membership.my.guruPay' : 'membership.my.wechatPay')}
          {item.expireTimestamp !== undefined ? ` · ${t('membership.my.validUntil', { date: formatDate(item.expireTimestamp) })}` : ''}
        </div>
      </div>
      <span className="amount">¥{formatPriceCents(item.amount)}</span>
    </li>
  )
}

export function MyPurchasePage() {
  const api = useMembershipApi()
  usePageTitle(t('membership.my.purchase'))
  return (
    <My>
      {() => (
        <>
          <h2>{t('membership.my.purchase')}</h2>
          <Loaded load={api.purchased}>
            {(items) =>
              items.length === 0 ? (
                <p className={empty}>{t('membership.my.noPurchase')}</p>
              ) : (
                <ul className={list} aria-label={t('membership.my.purchase')}>
                  {items.map((item) => (
                    <PurchaseRow key={item.orderId} item={item} />
                  ))}
                </ul>
              )
            }
          </Loaded>
        </>
      )}
    </My>
  )
}

const couponValue = (c: Coupon) => (c.amount !== undefined ? `¥${formatPriceCents(c.amount)}` : c.discount !== undefined ? formatDiscount(c.discount) : '')

export function MyCouponPage() {
  const api = useMembershipApi()
  usePageTitle(t('membership.my.coupon'))
  return (
    <My>
      {() => (
        <>
          <h2>{t('membership.my.coupon')}</h2>
          <Loaded load={api.coupons}>
            {(coupons) =>
              coupons.length === 0 ? (
                <p className={empty}>{t('membership.my.noCoupon')}</p>
              ) : (
                <ul className={list} aria-label={t('membership.my.coupon')}>
                  {coupons.map((c) => (
                    <li key={c.couponId} className={c.isAvailable ? undefined : 'used'}>
                      <div>
                        <strong>{c.couponName}</strong>
                        <div className="meta">
                          {c.description} · {t('membership.my.couponDates', { start: formatDate(c.startTimestamp), end: formatDate(c.endTimestamp) })}
                          {c.isAvailable ? '' : ` · ${t('membership.my.unavailable')}`}
                        </div>
                      </div>
                      <span className="amount">{couponValue(c)}</span>
                    </li>
                  ))}
                </ul>
              )
            }
          </Loaded>
        </>
      )}
    </My>
  )
}
