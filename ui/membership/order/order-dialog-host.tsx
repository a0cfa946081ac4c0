// The lazy half of the order dialog (issue 13): the order-dialog machine (core/order/order-dialog.machine.ts)
// started once with its actors from the HTTP port, opened on the goods of each buy request, and its view.
// What the machine asks of the outside world — toasts, a reload after success, the login form for the
// bind flow, the session's kyc and balance — is provided here; the attestation screens are a page of their own
// (/member/attestation, ui/membership/attestation/), which the dialog view sends the reader to.
import { useEffect, useState } from 'react'
import { useActorRef } from '@xstate/react'
import { inspect } from '../../dev/inspector'
import type { Kyc } from '../../../core/attestation/attestation.machine'
import { ERROR_TOAST_MS, orderDialogMachine, type Toast } from '../../../core/order/order-dialog.machine'
import { useSession, openLoginOn } from '../../common/session'
import { createToastStore, Toaster } from '../../common/toast'
import { useServices } from '../../services'
import { useApi } from '../../common/use-api'
import { newClientKey, orderApi } from './order-api'
import { OrderDialog } from './order-dialog'
import type { BuyRequest } from './order-root'

/** One client key per buy request: a retried order of the same request is the same order on the server. */
const clientKeys = new WeakMap<BuyRequest, string>()
function clientKeyOf(request: BuyRequest): string {
  const key = clientKeys.get(request) ?? newClientKey()
  clientKeys.set(request, key)
  return key
}

export function OrderDialogHost({ request }: { request: BuyRequest }) {
  const { reload, now } = useServices()
  const api = useApi(orderApi)
  const session = useSession()
  const [toasts] = useState(createToastStore)
  const attempt = clientKeyOf(request)
  // this render's actors and actions: @xstate/react keeps the one actor and hands it the newest implementations
  const machine = orderDialogMachine.provide({
    actors: api.actors(() => attempt),
    actions: {
      showToast: (_, t: Toast) => toasts.show(t),
      // spec 001 §5 'Risk match': an alert — shown as an error toast (a blocking window.alert would freeze the page)
      showAlert: (_, p: { message: string }) => toasts.show({ type: 'error', message: p.message, durationMs: ERROR_TOAST_MS }),
      // spec 001 §4: closing on success reloads the page
      reloadPage: () => reload(),
      // spec 001 §4: 1012 opens the login form to bind
      openBindFlow: () => void openLoginOn(session.actor),
      reportKyc: (_, p: { kyc: Kyc }) => session.actor.send({ type: 'kyc.changed', kyc: p.kyc }),
      // a top-up in the dialog: the session's balance (spec 001 §3 account.coin) follows
      reportCoin: (_, p: { coin: number }) => session.actor.send({ type: 'coin.changed', coin: p.coin }),
    },
  })
  const actor = useActorRef(machine, { inspect })

  // each buy request: the machine reads the goods of its spec and opens on them, with the reader's kyc and
  // balance (or says nothing is on sale)
  useEffect(() => {
    const info = session.actor.getSnapshot().context.info
    if (!info) return
    actor.send({ type: 'dialog.request', specsId: request.specsId, kyc: info.kyc, coin: info.account.coin, nowMs: now() })
  }, [request, actor, session.actor, now])

  return (
    <>
      <OrderDialog actor={actor} />
      <Toaster store={toasts} />
    </>
  )
}
