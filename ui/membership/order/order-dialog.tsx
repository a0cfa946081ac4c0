// The order dialog (spec 001 §2 'Order dialog'): 692 px, closed only by its own buttons (not by the mask
// or Esc). It renders the order-dialog machine's state and sends its events; it decides nothing.
import { useEffect } from 'react'
import { useSelector } from '@xstate/react'
import { useLocation } from 'wouter'
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { orderDialogMachine, StackPage } from '../../../core/order/order-dialog.machine'
import type { qrPaymentMachine } from '../../../core/payment/qr-payment.machine'
import { Modal } from '../../common/modal'
import { t } from '../../i18n/i18n'
import { attestationPath } from './attestation-link'
import { AddressPage, AssetAllocationPage, SuccessPage } from './after-pay-pages'
import { CouponPage, IndexPage } from './index-page'
import { PrePurchasePage } from './pre-purchase-pages'
import { QrPage } from '../pay/qr-page'
import { RechargePage } from './recharge-page'
import { DialogHead } from './dialog-head'
import { body, dialog, loadingBox } from './styles'
import '../../i18n/texts/order'

export type OrderActor = ActorRefFrom<typeof orderDialogMachine>
export type OrderSnapshot = SnapshotFrom<typeof orderDialogMachine>

/** Which page the machine is on (spec 001 §2: index, coupon, pay, success, address, attestation, assetAllocation; the pre-purchase stack; ours: the 格隆贝 top-up). */
export function pageOf(s: OrderSnapshot): 'closed' | 'index' | 'coupon' | 'prePurchase' | 'working' | 'pay' | 'recharge' | 'success' | 'address' | 'attestation' | 'assetAllocation' {
  // while the goods of a buy request are read nothing is shown, as before a dialog opens
  if (s.matches('closed') || s.matches('requesting')) return 'closed'
  if (s.matches({ open: 'index' })) return 'index'
  if (s.matches({ open: 'coupon' })) return 'coupon'
  if (s.matches({ open: 'prePurchase' })) return 'prePurchase'
  if (s.matches({ open: 'pay' })) return 'pay'
  if (s.matches({ open: 'recharge' })) return 'recharge'
  if (s.matches({ open: 'success' })) return 'success'
  if (s.matches({ open: 'address' })) return 'address'
  if (s.matches({ open: 'attestation' })) return 'attestation'
  if (s.matches({ open: 'assetAllocation' })) return 'assetAllocation'
  return 'working'
}

/** The attestation screens are a page of their own: the dialog closes and the reader goes there, coming back here. */
function GoToAttestation({ actor }: { actor: OrderActor }) {
  const step = useSelector(actor, (s) => s.context.attestationStep)
  const [location, navigate] = useLocation()
  useEffect(() => {
    actor.send({ type: 'dialog.close' })
    navigate(attestationPath(step, location + (typeof window === 'undefined' ? '' : window.location.search)))
  }, [actor, step, location, navigate])
  return <div className={loadingBox}>{t('order.toAttestation')}</div>
}

function Working({ actor }: { actor: OrderActor }) {
  const text = useSelector(actor, (s) =>
    s.matches({ open: 'guruPaying' }) ? t('order.paying') : s.matches({ open: 'creatingOrder' }) ? t('order.creating') : t('order.loading'),
  )
  return (
    <div className={loadingBox} role="status">
      {text}
    </div>
  )
}

function PayPage({ actor }: { actor: OrderActor }) {
  const qr = useSelector(actor, (s) => s.children.qrPayment as ActorRefFrom<typeof qrPaymentMachine> | undefined)
  const total = useSelector(actor, (s) => s.context.orderInfo?.payInfo.totalText ?? '')
  const close = () => actor.send({ type: 'dialog.close' })
  return (
    <>
      <DialogHead title={t('order.payTitle')} onClose={close} />
      <div className={body}>{qr ? <QrPage actor={qr} totalText={total} /> : null}</div>
    </>
  )
}

export function OrderDialog({ actor }: { actor: OrderActor }) {
  const page = useSelector(actor, pageOf)
  if (page === 'closed') return null
  const close = () => actor.send({ type: 'dialog.close' })
  return (
    <Modal labelledBy="order-dialog-title" className={dialog} testId="order-dialog">
      <div data-page={page} data-testid={`order-page-${page}`}>
        {page === 'index' ? <IndexPage actor={actor} /> : null}
        {page === 'coupon' ? <CouponPage actor={actor} /> : null}
        {page === 'prePurchase' ? <PrePurchasePage actor={actor} /> : null}
        {page === 'pay' ? <PayPage actor={actor} /> : null}
        {page === 'recharge' ? <RechargePage actor={actor} /> : null}
        {page === 'success' ? <SuccessPage actor={actor} /> : null}
        {page === 'address' ? <AddressPage actor={actor} /> : null}
        {page === 'assetAllocation' ? <AssetAllocationPage actor={actor} /> : null}
        {page === 'attestation' ? (
          <>
            <DialogHead title={t('order.attestationTitle')} onClose={close} />
            <GoToAttestation actor={actor} />
          </>
        ) : null}
        {page === 'working' ? (
          <>
            <DialogHead title={t('order.title')} onClose={close} />
            <Working actor={actor} />
          </>
        ) : null}
      </div>
    </Modal>
  )
}

export type { StackPage }
