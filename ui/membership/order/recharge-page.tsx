// The 格隆贝 top-up page of the order dialog (issue 25; spec 001 §7 recharge/v2, recharge-status): the
// balance and what the purchase lacks, the amounts, then the WeChat QR page the order dialog's own
// payment uses (ui/membership/pay/qr-page.tsx: countdown, refresh, the local sandbox's pay link), then
// the credited balance and the way back to the purchase. It renders the recharge machine
// (core/payment/recharge.machine.ts) the dialog runs as its child; it decides nothing.
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { css } from '@linaria/core'
import type { rechargeMachine } from '../../../core/payment/recharge.machine'
import type { qrPaymentMachine } from '../../../core/payment/qr-payment.machine'
import { formatPriceCents } from '../../../core/format/money'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import { QrPage } from '../pay/qr-page'
import { DialogHead } from './dialog-head'
import type { OrderActor } from './order-dialog'
import { actions, body, footer, linkButton, loadingBox, primary, secondary, section, specCard, specGrid, successBox } from './styles'
import '../../i18n/texts/order'

type RechargeActor = ActorRefFrom<typeof rechargeMachine>

const yuan = (cents: number) => `¥${formatPriceCents(cents)}`

const summary = css`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 20px;
  padding: 14px 16px;
  border-radius: ${tokens.radius};
  background: ${tokens.bg};
  .label {
    color: ${tokens.textSecondary};
    font-size: 13px;
  }
  .coin {
    margin-left: 8px;
    font-size: 20px;
    font-weight: bold;
  }
  .lacking {
    color: ${tokens.brand};
    font-size: 14px;
  }
`
const note = css`
  margin: 12px 0 0;
  color: ${tokens.textMuted};
  font-size: 12px;
`
const error = css`
  margin: 12px 0 0;
  color: ${tokens.brand};
  font-size: 13px;
`
const qrFoot = css`
  display: flex;
  justify-content: center;
`

function Balance({ actor }: { actor: RechargeActor }) {
  const coin = useSelector(actor, (s) => s.context.coin)
  const lacking = useSelector(actor, (s) => s.context.lacking)
  return (
    <div className={summary} data-testid="recharge-balance">
      <span>
        <span className="label">{t('order.recharge.balance')}</span>
        <span className="coin">{t('order.recharge.balanceValue', { balance: formatPriceCents(coin) })}</span>
      </span>
      {lacking > 0 ? <span className="lacking">{t('order.recharge.lacking', { amount: yuan(lacking) })}</span> : null}
    </div>
  )
}

function Amounts({ actor }: { actor: RechargeActor }) {
  const options = useSelector(actor, (s) => s.context.options)
  const chosen = useSelector(actor, (s) => s.context.specsId)
  const message = useSelector(actor, (s) => s.context.error)
  return (
    <>
      <Balance actor={actor} />
      <div className={section}>
        <h3>{t('order.recharge.choose')}</h3>
        <div className={specGrid} role="group" aria-label={t('order.recharge.choose')}>
          {options.map((o) => (
            <button
              key={o.specsId}
              type="button"
              className={specCard}
              aria-pressed={o.specsId === chosen}
              onClick={() => actor.send({ type: 'recharge.choose', specsId: o.specsId })}
              data-testid={`recharge-${o.specsId}`}
            >
              <strong>{o.name}</strong>
              <span className="price">{o.currentPriceText ?? yuan(o.price)}</span>
            </button>
          ))}
        </div>
        <p className={note}>{t('order.recharge.rate')}</p>
        {message ? (
          <p className={error} role="alert">
            {message}
          </p>
        ) : null}
      </div>
    </>
  )
}

function AmountsFooter({ actor }: { actor: RechargeActor }) {
  const price = useSelector(actor, (s) => s.context.options.find((o) => o.specsId === s.context.specsId)?.price ?? null)
  const creating = useSelector(actor, (s) => s.matches('creating'))
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'recharge.submit' }))
  return (
    <div className={footer}>
      <span className="total">
        {t('order.recharge.pay')} <strong data-testid="recharge-total">{price === null ? '' : yuan(price)}</strong>
      </span>
      <button type="button" className={primary} disabled={!canSubmit} onClick={() => actor.send({ type: 'recharge.submit' })} data-testid="recharge-submit">
        {creating ? t('order.recharge.creating') : t('order.recharge.submit')}
      </button>
    </div>
  )
}

function Paying({ actor }: { actor: RechargeActor }) {
  const qr = useSelector(actor, (s) => s.children.qrPayment as ActorRefFrom<typeof qrPaymentMachine> | undefined)
  return (
    <>
      {qr ? <QrPage actor={qr} totalText="" /> : null}
      <div className={qrFoot}>
        <button type="button" className={linkButton} onClick={() => actor.send({ type: 'recharge.back' })} data-testid="recharge-other">
          {t('order.recharge.other')}
        </button>
      </div>
    </>
  )
}

function Failed({ actor }: { actor: RechargeActor }) {
  const message = useSelector(actor, (s) => s.context.error)
  return (
    <div className={loadingBox} role="alert">
      <p>{message}</p>
      <button type="button" className={secondary} onClick={() => actor.send({ type: 'recharge.retry' })}>
        {t('order.recharge.retry')}
      </button>
    </div>
  )
}

function Credited({ actor }: { actor: RechargeActor }) {
  const coin = useSelector(actor, (s) => s.context.coin)
  return (
    <div className={successBox} data-testid="recharge-success">
      <div className="mark" aria-hidden="true">
        ✓
      </div>
      <h3>{t('order.recharge.success')}</h3>
      <p data-testid="recharge-new-balance">{t('order.recharge.newBalance', { balance: formatPriceCents(coin) })}</p>
      <div className={actions}>
        <button type="button" className={primary} onClick={() => actor.send({ type: 'recharge.done' })} data-testid="recharge-done">
          {t('order.recharge.done')}
        </button>
      </div>
    </div>
  )
}

function Recharge({ actor }: { actor: RechargeActor }) {
  const step = useSelector(actor, (s) =>
    s.matches('choosing') || s.matches('creating') ? 'amounts'
    : s.matches('paying') ? 'paying'
    : s.matches('failed') || s.matches('balanceFailed') ? 'failed'
    : s.matches('credited') || s.matches('done') ? 'credited'
    : s.matches('confirming') ? 'confirming'
    : 'loading',
  )
  if (step === 'amounts') {
    return (
      <>
        <div className={body}>
          <Amounts actor={actor} />
        </div>
        <AmountsFooter actor={actor} />
      </>
    )
  }
  return (
    <div className={body}>
      {step === 'paying' ? <Paying actor={actor} /> : null}
      {step === 'failed' ? <Failed actor={actor} /> : null}
      {step === 'credited' ? <Credited actor={actor} /> : null}
      {step === 'loading' || step === 'confirming' ? (
        <div className={loadingBox} role="status">
          {step === 'confirming' ? t('order.recharge.confirming') : t('order.loading')}
        </div>
      ) : null}
    </div>
  )
}

/** The dialog's recharge page: the back arrow returns to the confirm page (which reloads the price and balance). */
export function RechargePage({ actor }: { actor: OrderActor }) {
  const child = useSelector(actor, (s) => s.children.recharge as RechargeActor | undefined)
  return (
    <div data-testid="recharge-page">
      <DialogHead title={t('order.recharge.title')} onBack={() => actor.send({ type: 'page.back' })} onClose={() => actor.send({ type: 'dialog.close' })} />
      {child ? <Recharge actor={child} /> : null}
    </div>
  )
}
