// Routes of the rest of posting and interaction (issue 12; core/api/interaction.ts), registered by
// server/app.ts. Thin: sign-in where the spec needs it, then one service call. Reads are personal
// (visibility, liked) unless the contract caches them; nothing a GET does writes.
import type { Context } from 'hono'
import * as api from '../../core/api/interaction'
import { favoriteState } from '../../core/api/posting'
import type { RegisterFeature } from '../feature'
import { route } from '../http/route'
import { currentUser, requireUser } from '../accounts/session'
import { localModeration, type ModerationPort } from '../posting/moderation'
import { settleDueReviews } from '../posting/review'
import { deletePost, publishDiscussion, setPostLike } from '../posting/posts'
import { createComment, setCommentLike } from '../posting/comments'
import * as favorites from '../posting/favorites'
import * as dyn from './dynamics'
import * as personal from './personal'
import * as social from './social'
import * as column from './column-apply'

const TOP_CONTENT_COUNT = 10

export function registerInteractionWith(moderation: ModerationPort): RegisterFeature {
  return (app, { db, clock }) => {
    const now = () => Math.floor(clock() / 1000)
    /** Settles due reviews (a write: only on writes), then signs the reader in (401 请先登录 for guests). */
    const writer = async (c: Context) => {
      await settleDueReviews(db, now())
      return (await requireUser(c, db)).id
    }
    const reader = async (c: Context) => (await requireUser(c, db)).id
    const maybeReader = async (c: Context) => (await currentUser(c, db))?.id ?? null
    const ctx = () => ({ db, moderation, nowMs: clock() })
    const page = (q: { timestamp?: number | undefined; count?: number | undefined }) => ({ before: q.timestamp, count: q.count ?? dyn.DYNAMIC_PAGE_SIZE })

    // dynamics
    route(app, api.myDynamics, async ({ query, c, lang }) =>
      dyn.userDynamics(db, await maybeReader(c), { userId: query.userId, article: query.article, timestamp: query.timestamp, count: query.count ?? dyn.DYNAMIC_PAGE_SIZE }, now(), lang),
    )
    route(app, api.dynamicDetail, async ({ params, c, lang }) => dyn.dynamicDetail(db, await maybeReader(c), params.id, now(), lang))
    route(app, api.dynamicLike, async ({ body, c }) => {
      const me = await writer(c)
      return body.model === 'dynamic' ? setPostLike(db, me, body.id, true, clock()) : setCommentLike(db, me, body.id, true, clock())
    })
    route(app, api.dynamicUnlike, async ({ params, c }) => {
      const me = await writer(c)
      return params.model === 'dynamic' ? setPostLike(db, me, params.id, false, clock()) : setCommentLike(db, me, params.id, false, clock())
    })
    route(app, api.dynamicTop, async ({ body, c }) => dyn.setTop(db, await writer(c), body.dynamicId, body.top, now()))
    route(app, api.dynamicEssence, async ({ body, c }) => dyn.setEssence(db, await writer(c), body.dynamicId, body.essence, now()))
    route(app, api.dynamicCommentSwitch, async ({ body, c }) => dyn.setCommentsClosed(db, await writer(c), body.dynamicId, body.closed, now()))
    route(app, api.topContent, ({ query, lang }) => dyn.topContent(db, query.count ?? TOP_CONTENT_COUNT, now(), lang))
    route(app, api.followHome, async ({ query, c, lang }) => dyn.followHome(db, await reader(c), page(query), now(), lang))
    route(app, api.hotContentApply, async ({ body, c }) => dyn.applyHotContent(db, await writer(c), body.dynamicId, body.reason ?? '', now()))

    // stock comments: the posting services under the spec's stock-comment paths
    route(app, api.stockCommentPost, async ({ body, c }) =>
      publishDiscussion(ctx(), await writer(c), { title: body.title, content: body.content, pictureUrls: body.pictureUrls, refContents: body.stocks }),
    )
    route(app, api.stockCommentComment, async ({ body, c }) =>
      createComment(ctx(), await writer(c), { source: 'post', refId: body.postId, content: body.content, pictureUrls: body.pictureUrls, replyCommentId: body.replyCommentId }),
    )
    route(app, api.stockCommentLike, async ({ body, c }) => {
      const me = await writer(c)
      return body.type === 'post' ? setPostLike(db, me, body.id, true, clock()) : setCommentLike(db, me, body.id, true, clock())
    })
    route(app, api.stockCommentUnlike, async ({ params, c }) => {
      const me = await writer(c)
      return params.type === 'post' ? setPostLike(db, me, params.id, false, clock()) : setCommentLike(db, me, params.id, false, clock())
    })
    route(app, api.stockCommentDelete, async ({ params, c }) => deletePost(db, await writer(c), params.id))

    // a favourite's count and the reader's own (the news page's 收藏; the writes are posting's)
    route(app, favoriteState, async ({ params, c }) => favorites.favoriteState(db, await maybeReader(c), params.source, params.id))

    // shares, complaints, violations, risk tips
    route(app, api.shareV1, async ({ body, c }) => social.createShare(db, await writer(c), body.source, body.id, now()))
    route(app, api.shareV2, async ({ body, c }) => social.createShare(db, await writer(c), body.source, body.id, now()))
    route(app, api.sharePublic, ({ params }) => social.publicShare(db, params.code, now()))
    route(app, api.complain, async ({ params, body, c }) => social.complain(db, await writer(c), params.type, body, now()))
    route(app, api.appeal, async ({ body, c }) => social.appeal(db, await writer(c), body.violationId, body.content))
    route(app, api.violationDetail, async ({ params, c }) => social.violationDetail(db, await reader(c), params.id))
    route(app, api.violationOf, async ({ params, c }) => social.violationOf(db, await reader(c), params.source, params.refId))
    route(app, api.riskTips, () => social.riskTips(db))

    // personal reads
    route(app, api.myPublish, async ({ query, c, lang }) => dyn.myPublish(db, await reader(c), { status: query.status, timestamp: query.timestamp, count: query.count ?? dyn.DYNAMIC_PAGE_SIZE }, now(), lang))
    route(app, api.postTotal, async ({ c }) => dyn.postTotal(db, await reader(c), now()))
    route(app, api.myFavorites, async ({ query, c }) => personal.myFavorites(db, await reader(c), page(query), now()))
    route(app, api.readHistory, async ({ query, c }) => personal.readHistory(db, await reader(c), page(query), now()))
    route(app, api.recordRead, async ({ body, c }) => personal.recordRead(db, await reader(c), body.source, body.id, now()))
    route(app, api.myComments, async ({ query, c }) => personal.myComments(db, await reader(c), page(query), now()))
    route(app, api.commentsToMe, async ({ query, c }) => personal.commentsToMe(db, await reader(c), page(query), now()))

    // column-author application
    route(app, api.columnApplyStatus, async ({ c }) => column.applyStatus(db, await reader(c)))
    route(app, api.columnApplication, async ({ c }) => column.myApplication(db, await reader(c)))
    route(app, api.columnApply, async ({ body, c }) => column.apply(db, await reader(c), body, clock()))
    route(app, api.columnApplyEdit, async ({ params, body, c }) => column.editApplication(db, await reader(c), params.id, body, clock()))
  }
}

export const registerInteraction: RegisterFeature = (app, deps) => registerInteractionWith(localModeration(deps.env))(app, deps)
