// Routes of posting and interaction (issue 12; spec 000 §7 'Posting and interaction'), registered by
// server/app.ts. Thin: sign-in, then one service call. CSRF is the app-wide check (accounts/http.ts).
import * as api from '../../core/api/posting'
import type { RegisterFeature } from '../feature'
import { route } from '../http/route'
import { notFound } from '../http/api-error'
import { requireUser } from '../accounts/session'
import { sandboxAllowed } from '../mode'
import { localModeration, type ModerationPort } from './moderation'
import { settleDueReviews } from './review'
import { decidePost, deleteDraft, deletePost, listDrafts, publishArticle, publishDiscussion, saveDraft, setPostLike, type Ctx } from './posts'
import { setFavorite } from './favorites'
import { COMMENT_PAGE_SIZE, createComment, decideComment, deleteComment, listComments, setCommentLike } from './comments'
import { currentUser } from '../accounts/session'
import type { Context } from 'hono'

const DRAFT_PAGE_SIZE = 20

export function registerPostingWith(moderation: ModerationPort): RegisterFeature {
  return (app, { db, clock, env }) => {
    /** Settles due reviews, then signs the reader in (401 请先登录 for guests). */
    const signedIn = async (c: Context) => {
      await settleDueReviews(db, Math.floor(clock() / 1000))
      return requireUser(c, db)
    }
    const ctx = (): Ctx => ({ db, moderation, nowMs: clock() })

    route(app, api.publishDynamic, async ({ body, c }) => publishDiscussion(ctx(), (await signedIn(c)).id, body))
    route(app, api.deleteDynamic, async ({ params, c }) => deletePost(db, (await signedIn(c)).id, params.id, 'discussion'))
    route(app, api.postDelete, async ({ params, c }) => deletePost(db, (await signedIn(c)).id, params.id))
    route(app, api.postLikeAdd, async ({ params, c }) => setPostLike(db, (await signedIn(c)).id, params.id, true, clock()))
    route(app, api.postLikeDelete, async ({ params, c }) => setPostLike(db, (await signedIn(c)).id, params.id, false, clock()))
    route(app, api.postFavAdd, async ({ params, c }) => setFavorite(db, (await signedIn(c)).id, 'post', params.id, true, clock()))
    route(app, api.favoriteAdd, async ({ body, c }) => setFavorite(db, (await signedIn(c)).id, body.source, body.id, true, clock()))
    route(app, api.favoriteDelete, async ({ params, c }) => setFavorite(db, (await signedIn(c)).id, params.source, params.id, false, clock()))

    route(app, api.commentCreate, async ({ body, c }) => createComment(ctx(), (await signedIn(c)).id, body))
    route(app, api.commentDelete, async ({ params, c }) => deleteComment(db, (await signedIn(c)).id, params.id))
    route(app, api.commentLike, async ({ params, c }) => setCommentLike(db, (await signedIn(c)).id, params.id, true, clock()))
    route(app, api.commentUnlike, async ({ params, c }) => setCommentLike(db, (await signedIn(c)).id, params.id, false, clock()))

    // reads: guests see approved comments; a signed-in reader also sees their own under review
    for (const [endpoint, source] of [[api.commentsOfArticle, 'news'], [api.commentsOfDynamic, 'post']] as const) {
      route(app, endpoint, async ({ params, query, c }) => {
        // no GET changes state: a due automatic approval is read as approved (visibility.ts), not written
        const reader = await currentUser(c, db)
        return listComments(db, source, params.id, reader?.id ?? null, { before: query.createTimestamp, count: query.count ?? COMMENT_PAGE_SIZE }, Math.floor(clock() / 1000))
      })
    }

    route(app, api.articleDraftSave, async ({ body, c }) => saveDraft(ctx(), (await signedIn(c)).id, body))
    route(app, api.articleDraftList, async ({ query, c }) => listDrafts(db, (await signedIn(c)).id, query.page ?? 1, query.count ?? DRAFT_PAGE_SIZE))
    route(app, api.articleDraftDelete, async ({ query, c }) => deleteDraft(db, (await signedIn(c)).id, query.id))
    route(app, api.articlePublish, async ({ body, c }) => publishArticle(ctx(), (await signedIn(c)).id, body))

    // spec 000 §5: the outcome is not shown; signed-in only so it is no free oracle for the word list
    route(app, api.moderateText, async ({ body, c }) => {
      await signedIn(c)
      return moderation.checkText(body.content)
    })
    // the local moderation's sandbox: local mode and a loopback socket only (server/mode.ts)
    route(app, api.moderationSandboxDecide, async ({ body, c }) => {
      if (!sandboxAllowed(c, env)) throw notFound('接口不存在')
      const now = Math.floor(clock() / 1000)
      return { status: body.kind === 'post' ? await decidePost(db, body.id, body.approve, now) : await decideComment(db, body.id, body.approve, now) }
    })
  }
}

export const registerPosting: RegisterFeature = (app, deps) => registerPostingWith(localModeration(deps.env))(app, deps)
