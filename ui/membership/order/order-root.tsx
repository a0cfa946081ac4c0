// The order dialog's root (issue 13), mounted once around the layout: it gives every buy button
// `useBuy()` (ui/common/buy.ts) and loads the dialog — machine, contracts, pages — only on the first
// press, so none of it is in the entry chunk. A guest is asked to log in first (spec 000 §4).
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react'
import { BuyContext } from '../../common/buy'
import { useSession } from '../../common/session'

const OrderDialogHost = lazy(() => import('./order-dialog-host').then((m) => ({ default: m.OrderDialogHost })))

/** One press of a buy button: the spec to buy; `n` tells two presses on the same spec apart. */
export interface BuyRequest {
  readonly specsId: number
  readonly n: number
}

export function OrderRoot({ children }: { children: ReactNode }) {
  const session = useSession()
  const [request, setRequest] = useState<BuyRequest | null>(null)
  const { requireLogin } = session
  const buy = useCallback(
    (specsId: number) => {
      void requireLogin().then((signedIn) => {
        if (signedIn) setRequest((r) => ({ specsId, n: (r?.n ?? 0) + 1 }))
      })
    },
    [requireLogin],
  )
  return (
    <BuyContext.Provider value={buy}>
      {children}
      {request ? (
        <Suspense fallback={null}>
          <OrderDialogHost request={request} />
        </Suspense>
      ) : null}
    </BuyContext.Provider>
  )
}
