// The WeChat QR page of the order dialog (spec 001 §2 pay, §4, §8, §9): the order's QR code, the seconds
// left of its 300 s, and at zero 对不起，支付超时！ with a link that refreshes the code (支付未完成，订单已关闭
// with the same link when the payer refused the order). The countdown and the
// 5 s status polling are the qr-payment machine's (core/payment/qr-payment.machine.ts); this renders it.
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { useRead } from '../../common/use-read'
import { qrCode } from '../../common/qr-code'
import { css } from '@linaria/core'
import type { qrPaymentMachine } from '../../../core/payment/qr-payment.machine'
import { formatPriceCents } from '../../../core/format/money'
import { sandboxPayLink } from '../../../core/payment/sandbox-link'
import { t } from '../../i18n/i18n'
import { tokens } from '../../styles/tokens'
import '../../i18n/texts/order'
import { frameLook } from '../../styles/looks'

const box = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 10px;
  padding: 8px 0 16px;
  .amount {
    font-size: 28px;
    font-weight: bold;
    color: ${tokens.brand};
  }
  .code {
    position: relative;
    width: 220px;
    height: 220px;
    ${frameLook}
  }
  .code img {
    width: 100%;
    height: 100%;
  }
  .expired {
    position: absolute;
    inset: 0;
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 6px;
    background: ${tokens.scrimLight};
    backdrop-filter: blur(3px);
    text-align: center;
    font-size: 14px;
  }
  .expired strong {
    color: ${tokens.brand};
  }
  .expired button {
    border: 0;
    background: ${tokens.transparent};
    color: ${tokens.link};
    font: inherit;
    cursor: pointer;
    text-decoration: underline;
  }
  .hint {
    color: ${tokens.textSecondary};
    font-size: 14px;
  }
  .error {
    color: ${tokens.brand};
    font-size: 13px;
  }
  .sandbox {
    color: ${tokens.link};
    font-size: 13px;
  }
`

export function QrPage({ actor, totalText }: { actor: ActorRefFrom<typeof qrPaymentMachine>; totalText: string }) {
  const codeUrl = useSelector(actor, (s) => s.context.order.data.codeUrl)
  const amount = useSelector(actor, (s) => s.context.order.amount)
  const remaining = useSelector(actor, (s) => s.context.remaining)
  const timedOut = useSelector(actor, (s) => s.matches('timedOut'))
  const closed = useSelector(actor, (s) => s.matches('closed') || (s.matches('refreshing') && s.context.closed))
  const refreshing = useSelector(actor, (s) => s.matches('refreshing'))
  const error = useSelector(actor, (s) => s.context.error)
  const src = useRead(codeUrl ? qrCode(codeUrl) : null).data
  const sandbox = sandboxPayLink(codeUrl)
  return (
    <div className={box} data-testid="qr-page">
      <span className="amount">{totalText || `¥${formatPriceCents(amount)}`}</span>
      <div className="code">
        {src ? <img src={src} alt={t('order.qr.alt')} data-code-url={codeUrl} data-testid="qr-code" /> : null}
        {timedOut || closed || refreshing ? (
          <div className="expired" role="alert" data-testid={closed ? 'qr-closed' : 'qr-timed-out'}>
            <strong>{t(closed ? 'order.qr.closed' : 'order.qr.timedOut')}</strong>
            <button type="button" disabled={refreshing} onClick={() => actor.send({ type: 'qr.refresh' })} data-testid="qr-refresh">
              {t('order.qr.refresh')}
            </button>
            {error ? <span className="error">{error}</span> : null}
          </div>
        ) : null}
      </div>
      <span className="hint">{t('order.qr.hint')}</span>
      {sandbox && !timedOut && !closed ? (
        <a className="sandbox" href={sandbox} target="_blank" rel="noopener noreferrer" data-testid="qr-sandbox-link">
          {t('order.qr.sandboxLink')}
        </a>
      ) : null}
      {timedOut || closed ? null : (
        <span className="hint" aria-live="off" data-testid="qr-remaining">
          {t('order.qr.remaining', { seconds: remaining })}
        </span>
      )}
    </div>
  )
}
