// Comments under what a page shows (spec 000 §2, §7: comments on news articles and the discussion on a
// stock page). A page does not import the posting feature: it asks this context for the slot, and the
// app (ui/app.tsx, the one composition root) provides the posting feature's lazy components. Without a
// provider the slots are empty.
import { createContext, useContext, type ReactNode } from 'react'
import type { ShareSource } from '../../core/posting/share.machine'

export interface CommentSlots {
  /** comments on the news article `id` */
  news: (id: number) => ReactNode
  /** 收藏 and 分享 of the news article `id` (issue 25) */
  newsTools: (id: number) => ReactNode
  /** the box to start a discussion on a stock (stockId: market and code, e.g. hk00700) */
  stock: (stockId: string) => ReactNode
  /** 分享 of something else a page shows (a circle's moment: issue 27) */
  share: (source: ShareSource, id: number) => ReactNode
}

const NONE: CommentSlots = { news: () => null, newsTools: () => null, stock: () => null, share: () => null }
const Slots = createContext<CommentSlots>(NONE)

export const CommentSlotsProvider = Slots.Provider
export const useCommentSlots = (): CommentSlots => useContext(Slots)
