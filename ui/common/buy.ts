// The buy button's door to the order dialog (issue 13): any feature's buy button (a locked article, a paid
// column, a research report) calls `useBuy()(specsId)`. The membership feature provides it
// (ui/membership/order/order-root.tsx); the dialog itself loads on the first press. Without a provider
// (a view test of another feature) there is no dialog and the hook answers null.
import { createContext, useContext } from 'react'

/** Opens the order dialog on the goods of `specsId` (a guest is asked to log in first). */
export type Buy = (specsId: number) => void

export const BuyContext = createContext<Buy | null>(null)

export const useBuy = (): Buy | null => useContext(BuyContext)
