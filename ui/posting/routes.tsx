// Routes of the posting feature (see ui/route-def.ts); pages are lazy-loaded.
import { lazy } from 'react'
import type { RouteDef } from '../route-def'
import { parseRouteId } from '../../core/validation/route-id'

const idOf = (s: string | undefined) => parseRouteId(s) ?? 0

const lists = () => import('./my-lists')
const ArticleEditorPage = lazy(() => import('./article-editor').then((m) => ({ default: m.ArticleEditorPage })))
const PostPage = lazy(() => import('./post-page').then((m) => ({ default: m.PostPage })))
const SharePage = lazy(() => import('./share-page').then((m) => ({ default: m.SharePage })))
const MyPublishPage = lazy(() => lists().then((m) => ({ default: m.MyPublishPage })))
const MyFavoritePage = lazy(() => lists().then((m) => ({ default: m.MyFavoritePage })))
const MyCommentPage = lazy(() => lists().then((m) => ({ default: m.MyCommentPage })))
const MyReadingPage = lazy(() => lists().then((m) => ({ default: m.MyReadingPage })))
const CommentMePage = lazy(() => lists().then((m) => ({ default: m.CommentMePage })))

export const postingRoutes: RouteDef[] = [
  { path: '/my/publish', layout: 'my', render: () => <MyPublishPage /> },
  { path: '/my/favorite', layout: 'my', render: () => <MyFavoritePage /> },
  { path: '/my/comment', layout: 'my', render: () => <MyCommentPage /> },
  { path: '/my/reading', layout: 'my', render: () => <MyReadingPage /> },
  { path: '/myHome/commentMe', layout: 'my', render: () => <CommentMePage /> },
  // spec 000 §2 post action: the long-article editor (?draftId= reopens a draft)
  { path: '/articleCreate/norpub.html', layout: 'default', render: () => <ArticleEditorPage /> },
  // spec 000 §2: a post at /p/{id} and /community/post/{id}
  { path: '/p/:id', layout: 'details', render: (p) => <PostPage id={idOf(p.id)} /> },
  { path: '/community/post/:id', layout: 'details', render: (p) => <PostPage id={idOf(p.id)} /> },
  // issue 25: the public page of a share code (spec 000 §7 GET /api/share/public/{code}/v1), for anyone
  { path: '/share/:code', layout: 'default', render: (p) => <SharePage code={p.code ?? ''} /> },
]
