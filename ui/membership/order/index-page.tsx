// The order dialog's confirm page (spec 001 §2 index) and its coupon page (§2 coupon, §9: list 485 px).
import { useSelector } from '@xstate/react'
import { css } from '@linaria/core'
import { formatDiscount, formatPriceCents } from '../../../core/format/money'
import type { Coupon } from '../../../core/api/order'
import { canPayWithCoin } from '../../../core/order/pricing'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { DialogHead } from './dialog-head'
import type { OrderActor } from './order-dialog'
import {
  agreementLine,
  body,
  couponList,
  footer,
  linkButton,
  payMethods,
  primary,
  row,
  section,
  specCard,
  specGrid,
  tooltip,
} from './styles'
import '../../i18n/texts/order'
import '../../i18n/texts/membership'

const yuan = (cents: number) => `¥${formatPriceCents(cents)}`

/** What a coupon takes off: '¥10.00' or '8.5 折'. */
export const couponValue = (c: Coupon): string =>
  c.amount !== undefined ? yuan(c.amount) : c.discount !== undefined ? formatDiscount(c.discount) : ''

function Specs({ actor }: { actor: OrderActor }) {
  const infos = useSelector(actor, (s) => s.context.goods?.purchaseInfos ?? [])
  const chosen = useSelector(actor, (s) => s.context.specsId)
  if (infos.length <= 1 && infos[0]?.specsId === chosen) {
    const only = infos[0]
    return only ? (
      <p>
        <strong>{only.name}</strong> {only.currentPriceText ?? yuan(only.price)}
      </p>
    ) : null
  }
  return (
    <div className={specGrid} role="group" aria-label={t('order.chooseSpec')}>
      {infos.map((p) => (
        <button
          key={p.specsId}
          type="button"
          className={specCard}
          aria-pressed={p.specsId === chosen}
          onClick={() => actor.send({ type: 'good.choose', specsId: p.specsId })}
          data-testid={`spec-${p.specsId}`}
        >
          {p.badge ? <span className="badge">{p.badge}</span> : null}
          <strong>{p.name}</strong>
          <span className="price">{p.currentPriceText ?? yuan(p.price)}</span>
          {p.originalPriceText ? <s>{p.originalPriceText}</s> : null}
        </button>
      ))}
    </div>
  )
}

function Rights({ actor }: { actor: OrderActor }) {
  const rights = useSelector(actor, (s) => s.context.orderInfo?.rightDescription ?? null)
  if (!rights) return null
  return (
    <div className={section}>
      <h3>{rights.title}</h3>
      <ul>
        {rights.rightDescriptionList.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </div>
  )
}

function MemberAddOn({ actor }: { actor: OrderActor }) {
  const discount = useSelector(actor, (s) => s.context.orderInfo?.vipDiscount ?? null)
  const on = useSelector(actor, (s) => s.context.memberSpecsId !== null)
  // with the add-on the order is two goods at their prices here (the item at 9 折, the month): shown, so the total adds up
  const goods = useSelector(actor, (s) => s.context.orderInfo?.payInfo.goods ?? [])
  if (!discount) return null
  return (
    <div data-testid="member-add-on">
      <div className={row}>
        <span>
          <strong>{discount.tip}</strong> {discount.summary}
        </span>
        <button type="button" className={linkButton} aria-pressed={on} onClick={() => actor.send({ type: 'member.toggle' })}>
          {on ? t('order.addOnRemove') : discount.button}
        </button>
      </div>
      {on && goods.length > 1 ? (
        <ul className={breakdown} aria-label={t('order.breakdown')} data-testid="order-breakdown">
          {goods.map((g) => (
            <li key={g.name}>
              <span>{g.name}</span>
              <span>{g.currentPriceText}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

const breakdown = css`
  list-style: none;
  margin: 0 0 8px;
  padding: 8px 12px;
  background: ${tokens.bg};
  border-radius: ${tokens.radius};
  font-size: 13px;
  color: ${tokens.textSecondary};
  li {
    display: flex;
    justify-content: space-between;
    padding: 2px 0;
  }
`

function CouponRow({ actor }: { actor: OrderActor }) {
  const coupon = useSelector(actor, (s) => s.context.chooseCoupon)
  const count = useSelector(actor, (s) => s.context.couponList.filter((c) => c.isAvailable).length)
  const ready = useSelector(actor, (s) => s.matches({ open: { index: 'ready' } }))
  return (
    <div className={row}>
      <span>{t('order.coupon')}</span>
      <button type="button" className={linkButton} disabled={!ready} onClick={() => actor.send({ type: 'coupon.open' })} data-testid="coupon-open">
        {coupon ? `${coupon.couponName}（${coupon.amount !== undefined ? '-' : ''}${couponValue(coupon)}）` : count > 0 ? t('order.couponCount', { count }) : t('order.noCoupon')} ›
      </button>
    </div>
  )
}

function PayMethod({ actor }: { actor: OrderActor }) {
  const method = useSelector(actor, (s) => s.context.paymethod)
  const coin = useSelector(actor, (s) => s.context.coin)
  // spec 001 §5: gurucoin needs the balance to cover the total; short, the reader may top up (issue 25)
  const short = useSelector(actor, (s) => s.context.orderInfo !== null && !canPayWithCoin(s.context.coin, s.context.orderInfo.payInfo.total))
  const canTopUp = useSelector(actor, (s) => s.can({ type: 'recharge.open' }))
  return (
    <div className={row}>
      <span>{t('order.payMethod')}</span>
      <div className={payMethods} role="radiogroup" aria-label={t('order.payMethod')}>
        <label>
          <input type="radio" name="paymethod" checked={method === 'wechat'} onChange={() => actor.send({ type: 'paymethod.choose', paymethod: 'wechat' })} />
          {t('order.wechat')}
        </label>
        <label>
          <input type="radio" name="paymethod" checked={method === 'gurucoin'} onChange={() => actor.send({ type: 'paymethod.choose', paymethod: 'gurucoin' })} />
          {t('order.gurucoin', { balance: formatPriceCents(coin) })}
        </label>
        <span className={topUp}>
          {short && method === 'gurucoin' ? <span className="short">{t('order.recharge.short')}</span> : null}
          <button type="button" className={linkButton} disabled={!canTopUp} onClick={() => actor.send({ type: 'recharge.open' })} data-testid="recharge-open">
            {t('order.recharge.open')}
          </button>
        </span>
      </div>
    </div>
  )
}

const topUp = css`
  display: flex;
  align-items: center;
  gap: 6px;
  font-size: 13px;
  .short {
    color: ${tokens.brand};
  }
`

function Agreements({ actor }: { actor: OrderActor }) {
  const agreements = useSelector(actor, (s) => s.context.orderInfo?.agreements ?? [])
  const agreed = useSelector(actor, (s) => s.context.agreed)
  // spec 001 §5: agreements are shown only to certified users
  const certified = useSelector(actor, (s) => s.context.kyc.certification)
  if (!certified || agreements.length === 0) return null
  return (
    <label className={agreementLine}>
      <input type="checkbox" checked={agreed} onChange={() => actor.send({ type: 'agreement.toggle' })} data-testid="order-agree" />
      <span>
        {t('order.agreePrefix')}
        {agreements.map((a) => `《${a.title}》`).join('')}
      </span>
    </label>
  )
}

export function IndexPage({ actor }: { actor: OrderActor }) {
  const title = useSelector(actor, (s) => s.context.goods?.title ?? t('order.title'))
  const pricing = useSelector(actor, (s) => !s.matches({ open: { index: 'ready' } }) && !s.matches({ open: { index: 'qualificationTooltip' } }))
  const totalText = useSelector(actor, (s) => s.context.orderInfo?.payInfo.totalText ?? '')
  const tip = useSelector(actor, (s) => s.context.tooltip)
  return (
    <>
      <DialogHead title={title} onClose={() => actor.send({ type: 'dialog.close' })} />
      <div className={body}>
        <div className={section}>
          <Specs actor={actor} />
        </div>
        <Rights actor={actor} />
        <MemberAddOn actor={actor} />
        <CouponRow actor={actor} />
        <PayMethod actor={actor} />
        <Agreements actor={actor} />
      </div>
      <div className={footer}>
        {tip ? (
          <span className={tooltip} role="alert" data-testid="order-tooltip">
            {tip}
          </span>
        ) : null}
        <span className="total" aria-live="polite">
          {t('order.total')} <strong data-testid="order-total">{pricing ? t('order.pricing') : totalText}</strong>
        </span>
        <button type="button" className={primary} disabled={pricing} onClick={() => actor.send({ type: 'order.submit' })} data-testid="order-submit">
          {t('order.submit')}
        </button>
      </div>
    </>
  )
}

export function CouponPage({ actor }: { actor: OrderActor }) {
  const list = useSelector(actor, (s) => s.context.couponList)
  const chosen = useSelector(actor, (s) => s.context.chooseCoupon?.couponId ?? null)
  const choose = (couponId: number | null) => actor.send({ type: 'coupon.choose', couponId })
  return (
    <>
      <DialogHead title={t('order.couponTitle')} onBack={() => actor.send({ type: 'page.back' })} onClose={() => actor.send({ type: 'dialog.close' })} />
      <div className={body}>
        <ul className={couponList} aria-label={t('order.couponTitle')}>
          {list.map((c) => (
            <li key={c.couponId}>
              <label data-available={c.isAvailable}>
                <input type="radio" name="coupon" checked={chosen === c.couponId} disabled={!c.isAvailable} onChange={() => choose(c.couponId)} />
                <span className="amount">{couponValue(c)}</span>
                <span className="meta">
                  <strong>{c.couponName}</strong>
                  {c.description}
                  {c.isAvailable ? '' : ` · ${t('membership.my.unavailable')}`}
                </span>
              </label>
            </li>
          ))}
          <li>
            <label>
              <input type="radio" name="coupon" checked={chosen === null} onChange={() => choose(null)} />
              <span className="meta">
                <strong>{t('order.noUseCoupon')}</strong>
              </span>
            </label>
          </li>
        </ul>
      </div>
    </>
  )
}
