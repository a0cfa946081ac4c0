// The posting feature's comment slots (ui/common/comment-slots.tsx), which the app provides to every
// page: comments under a news article, its 收藏 and 分享, and the box that starts a discussion on a stock. Small on
// purpose (the app imports it): the components load only when a page shows a slot, and only in the
// browser after the first render, so a server-rendered page (news, stock) hydrates without them and
// they never count towards its first screen.
import { lazy, Suspense, type ReactNode } from 'react'
import type { CommentSlots } from '../common/comment-slots'
import { useHydrated } from '../common/first-screen'

const NewsComments = lazy(() => import('./news-comments').then((m) => ({ default: m.NewsComments })))
const StockDiscussionBox = lazy(() => import('./news-comments').then((m) => ({ default: m.StockDiscussionBox })))
const NewsTools = lazy(() => import('./news-tools').then((m) => ({ default: m.NewsTools })))
const ShareButton = lazy(() => import('./share-button').then((m) => ({ default: m.ShareButton })))

function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? <Suspense fallback={null}>{children}</Suspense> : null
}

export const postingCommentSlots: CommentSlots = {
  news: (id) => (
    <AfterHydration>
      <NewsComments id={id} />
    </AfterHydration>
  ),
  newsTools: (id) => (
    <AfterHydration>
      <NewsTools id={id} />
    </AfterHydration>
  ),
  stock: (stockId) => (
    <AfterHydration>
      <StockDiscussionBox stockId={stockId} />
    </AfterHydration>
  ),
  share: (source, id) => (
    <AfterHydration>
      <ShareButton source={source} id={id} />
    </AfterHydration>
  ),
}
