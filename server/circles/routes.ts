// Routes of financial circles (issue 27; spec 001 §7 'Moments and financial circles'), registered by
// server/app.ts. Thin: the reader, then one service call; the access rules are core/circles/access.ts,
// enforced in service.ts. No SQL here.
import type { Context } from 'hono'
import * as api from '../../core/api/circles'
import * as social from '../../core/api/circle-social'
import type { RegisterFeature } from '../feature'
import { route } from '../http/route'
import { currentUser, requireUser } from '../accounts/session'
import { localModeration, type ModerationPort } from '../posting/moderation'
import * as svc from './service'
import * as comments from './comments'

export function registerCirclesWith(moderation: ModerationPort): RegisterFeature {
  return (app, { db, clock }) => {
    const ctx: svc.Ctx = { db, moderation, now: clock }
    const viewer = async (c: Context) => svc.viewerOf(db, (await currentUser(c, db))?.id ?? null)
    // a write asks who writes first: a guest hears 401 请先登录 before anything about the circle (as every write of the API)
    const writer = async (c: Context) => svc.viewerOf(db, (await requireUser(c, db)).id)

    // static paths before /api/moment/{id}/v1 (an id never reads 'shareable')
    route(app, api.shareableCircles, async ({ c }) => svc.shareable(ctx, await viewer(c)))
    route(app, api.momentList, ({ query }) => svc.list(ctx, query.type, query.page, query.count))
    route(app, api.joinedCircles, async ({ c }) => svc.joined(ctx, await viewer(c)))
    route(app, api.momentIntro, async ({ params, c }) => svc.intro(ctx, params.id, await viewer(c)))
    route(app, api.momentJoin, async ({ body, c }) => svc.join(ctx, body.momentId, await writer(c)))
    route(app, api.momentDetail, async ({ params, c }) => svc.detail(ctx, params.id, await viewer(c)))
    route(app, api.askQuestionUsers, async ({ body, c }) => svc.askQuestionUsers(ctx, body.momentId, await writer(c), body.page, body.pageSize))
    route(app, api.momentTags, async ({ params, c }) => svc.tagList(ctx, params.id, await viewer(c)))
    route(app, api.sendableTags, async ({ params, c }) => svc.sendableTags(ctx, params.id, await viewer(c)))
    route(app, api.momentContent, async ({ params, query, c }) => svc.content(ctx, params.id, await viewer(c), query))
    route(app, api.momentContentTop, async ({ params, body, c }) => svc.setTop(ctx, params.id, body, await writer(c)))
    route(app, api.momentContentEssence, async ({ params, body, c }) => svc.setEssence(ctx, params.id, body, await writer(c)))
    route(app, api.dynamicSearch, async ({ query, c }) => svc.searchDynamics(ctx, await viewer(c), query))
    route(app, api.dynamicFileSearch, async ({ query, c }) => svc.searchFiles(ctx, await viewer(c), query))
    route(app, api.dynamicIgnore, async ({ body, c }) => svc.toggleIgnore(ctx, body.dynamicId, await writer(c)))
    route(app, api.dynamicSummaryShowTags, async ({ query, c }) => svc.summaryShowTags(ctx, query.momentId, await viewer(c)))
    route(app, api.dynamicSummary, async ({ query, c }) => svc.summary(ctx, query.momentId, query.tagId, await viewer(c)))
    route(app, api.commentSummary, async ({ params, c }) => svc.commentSummary(ctx, params.id, await viewer(c)))
    // a moment by id, its comments (liked, deleted), a reviewer's take-down (core/api/circle-social.ts)
    route(app, social.circleDynamicDetail, async ({ params, c }) => comments.dynamicDetail(ctx, params.id, await viewer(c)))
    route(app, social.circleComments, async ({ params, query, c }) => comments.commentList(ctx, params.id, await viewer(c), query.page, query.count))
    route(app, social.circleCommentLike, async ({ params, c }) => comments.setLike(ctx, params.id, await writer(c), true))
    route(app, social.circleCommentUnlike, async ({ params, c }) => comments.setLike(ctx, params.id, await writer(c), false))
    route(app, social.circleCommentDelete, async ({ params, c }) => comments.deleteComment(ctx, params.id, await writer(c)))
    route(app, social.circleTakeDown, async ({ body, c }) => comments.takeDown(ctx, await writer(c), body))
    route(app, api.dynamicCarousel, async ({ query, c }) => svc.carousel(ctx, query.momentId, await viewer(c)))
    route(app, api.reviewCheckSensitive, async ({ body, c }) => svc.checkSensitive(ctx, await writer(c), body.content))
    route(app, api.reviewSubmit, async ({ body, c }) => svc.submit(ctx, await writer(c), body))
    route(app, api.financialCircleDetail, async ({ query, c }) => svc.detail(ctx, query.financialCircleId, await viewer(c)))
    route(app, api.financialCircleHomepage, async ({ params, c }) => svc.homepage(ctx, params.id, await viewer(c)))
    route(app, api.circleSearch, ({ query }) => svc.search(ctx, query.keyword, query.page, query.count))
    route(app, api.financialCircleTip, ({ query }) => svc.tip(ctx, query.financialCircleId))
    route(app, api.vipsRecommend, () => svc.vipsRecommend(ctx))
    route(app, api.recommendUsers, ({ query }) => svc.recommendUsers(ctx, query.page, query.count))
    route(app, api.recommendCircles, ({ query }) => svc.recommendCircles(ctx, query.type, query.page, query.count))
  }
}

export const registerCircles: RegisterFeature = (app, deps) => registerCirclesWith(localModeration(deps.env))(app, deps)
