// /my/purchase and /my/coupon (spec 001 §2 personal area; spec 000 §2 user menu Purchases): the
// reader's paid orders and coupons, in the my layout's frame (guests see its not-logged-in panel). The
// coupon page exchanges a cd-key (spec 001 §7 GET /api/user-coupons/exchange; core/order/cd-key.machine.ts).
import { useState } from 'react'
import { Link } from 'wouter'
import { css } from '@linaria/core'
import { useActorRef, useSelector } from '@xstate/react'
import { inspect } from '../dev/inspector'
import { fromPromise, type ActorRefFrom } from 'xstate'
import type { Coupon, PurchasedItem } from '../../core/api/order'
import { cdKeyMachine } from '../../core/order/cd-key.machine'
import { CD_KEY_MAX_LENGTH } from '../../core/order/cd-key'
import { formatDate, formatDateTime } from '../../core/format/date-time'
import { formatDiscount, formatPriceCents } from '../../core/format/money'
import { My } from '../common/my-layout'
import { useInvalidate, useRead, type Read } from '../common/use-read'
import { useSession } from '../common/session'
import { Failed, Loading } from '../common/status'
import { usePageTitle } from '../common/page-title'
import { t } from '../i18n/i18n'
import { tokens } from '../styles/tokens'
import { useMembershipApi } from './api'
import '../i18n/texts/membership'
import { outlineLook, filledLook } from '../styles/looks'

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
  .refunded { color: ${tokens.important}; }
`
const empty = css`
  padding: 40px 0;
  color: ${tokens.textMuted};
  text-align: center;
`

function Loaded<T>({ read, children }: { read: Read<T>; children: (data: T) => React.ReactNode }) {
  const load = useRead(read)
  if (load.status === 'loading') return <Loading rows={4} />
  if (load.status === 'failed') return <Failed message={load.message} onRetry={load.reload} />
  return <>{children(load.data)}</>
}

function PurchaseRow({ item }: { item: PurchasedItem }) {
  return (
    <li data-testid="purchase-row" data-order-id={item.orderId}>
      <div>
        <Link href={item.link}>{item.name}</Link>
        <div className="meta">
          {t('membership.my.paidAt', { time: formatDateTime(item.payTimestamp) })} · {t(item.channel === 'guru_pay' ? 'membership.my.guruPay' : 'membership.my.wechatPay')}
          {item.expireTimestamp !== undefined ? ` · ${t('membership.my.validUntil', { date: formatDate(item.expireTimestamp) })}` : ''}
          {item.refunded ? (
            <>
              {' · '}
              <span className="refunded" data-testid="purchase-refunded">
                {t('membership.my.refunded')}
              </span>
            </>
          ) : null}
        </div>
      </div>
      <span className="amount">¥{formatPriceCents(item.amount)}</span>
    </li>
  )
}

export function MyPurchasePage() {
  const api = useMembershipApi()
  const userId = useSession().user?.id ?? null
  usePageTitle(t('membership.my.purchase'))
  return (
    <My>
      {() => (
        <>
          <h2>{t('membership.my.purchase')}</h2>
          <Loaded read={api.purchased(userId)}>
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

const exchangeForm = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
  margin: 12px 0 4px;
  padding: 14px 16px;
  border-radius: ${tokens.radius};
  background: ${tokens.bg};
  label {
    color: ${tokens.textSecondary};
    font-size: 14px;
  }
  input {
    flex: 0 1 280px;
    min-width: 0;
    height: 36px;
    padding: 0 12px;
    ${outlineLook('6px', tokens.text)}
    font: inherit;
    font-size: 14px;
    box-sizing: border-box;
  }
  input:focus {
    border-color: ${tokens.brand};
    outline: none;
  }
  button {
    height: 36px;
    padding: 0 22px;
    ${filledLook('18px')}
    font: inherit;
    font-size: 14px;
    cursor: pointer;
  }
  button:hover {
    background: ${tokens.brandDark};
  }
  button:disabled {
    background: ${tokens.disabledBg};
    color: ${tokens.textDisabled};
    cursor: not-allowed;
  }
  .message {
    flex-basis: 100%;
    margin: 0;
    font-size: 13px;
  }
  .error {
    color: ${tokens.brand};
  }
  .done {
    color: ${tokens.success};
  }
`

type CdKeyActor = ActorRefFrom<typeof cdKeyMachine>

/** The cd-key box and 兑换: it renders the cd-key machine and sends its events. */
function CdKeyExchange({ actor }: { actor: CdKeyActor }) {
  const draft = useSelector(actor, (s) => s.context.draft)
  const error = useSelector(actor, (s) => s.context.error)
  const coupon = useSelector(actor, (s) => s.context.coupon)
  const exchanging = useSelector(actor, (s) => s.matches('exchanging'))
  return (
    <form
      className={exchangeForm}
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: 'cdKey.submit' })
      }}
      data-testid="cd-key-form"
    >
      <label htmlFor="cd-key">{t('membership.my.cdKey')}</label>
      <input
        id="cd-key"
        type="text"
        value={draft}
        maxLength={CD_KEY_MAX_LENGTH + 8}
        autoComplete="off"
        spellCheck={false}
        placeholder={t('membership.my.cdKeyPlaceholder')}
        onChange={(e) => actor.send({ type: 'cdKey.change', value: e.target.value })}
      />
      <button type="submit" disabled={exchanging}>
        {exchanging ? t('membership.my.exchanging') : t('membership.my.exchange')}
      </button>
      {error ? (
        <p className="message error" role="alert">
          {error}
        </p>
      ) : coupon ? (
        <p className="message done" role="status">
          {t('membership.my.exchanged', { name: coupon.couponName })}
        </p>
      ) : null}
    </form>
  )
}

export function MyCouponPage() {
  const api = useMembershipApi()
  usePageTitle(t('membership.my.coupon'))
  const userId = useSession().user?.id ?? null
  const invalidate = useInvalidate()
  const [machine] = useState(() =>
    cdKeyMachine.provide({
      actors: {
        exchange: fromPromise<Coupon, { cdKey: string }>(async ({ input }) => {
          const coupon = await api.exchangeCoupon(input.cdKey)
          invalidate('coupons.') // the list with the new coupon
          return coupon
        }),
      },
    }),
  )
  const cdKey = useActorRef(machine, { inspect })
  return (
    <My>
      {() => (
        <>
          <h2>{t('membership.my.coupon')}</h2>
          <CdKeyExchange actor={cdKey} />
          <Loaded read={api.coupons(userId)}>
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
