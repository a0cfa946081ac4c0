// Routes of the circle-admin console's communities (issue 29; core/api/circle-admin-communities.ts),
// registered by server/app.ts. Thin: the caller, then one service call; the guard and the rules are in
// service.ts (server/circle-admin/guard.ts, core/circle-admin/). A write asks who writes first (a guest
// hears 401 请先登录, as every write of the API); a read lets the guard answer a guest. No SQL here.
import type { Context } from 'hono'
import * as api from '../../../core/api/circle-admin-communities'
import type { RegisterFeature } from '../../feature'
import { route } from '../../http/route'
import { currentUser, requireUser } from '../../accounts/session'
import { localModeration, type ModerationPort } from '../../posting/moderation'
import * as svc from './service'

export function registerCommunityAdminWith(moderation: ModerationPort): RegisterFeature {
  return (app, { db, clock }) => {
    const ctx: svc.Ctx = { db, moderation, now: clock }
    const reader = async (c: Context) => (await currentUser(c, db))?.id ?? null
    const writer = async (c: Context) => (await requireUser(c, db)).id

    // the static paths before /api/circle-admin/community/{momentId}/v1
    route(app, api.communityList, async ({ query, c }) => svc.list(ctx, await reader(c), query))
    route(app, api.communitySummary, async ({ query, c }) => svc.summary(ctx, await reader(c), query.momentId))
    route(app, api.communityUsers, async ({ query, c }) => svc.users(ctx, await reader(c), query))
    route(app, api.communityCreate, async ({ body, c }) => svc.create(ctx, await writer(c), body))
    route(app, api.communityDetail, async ({ params, c }) => svc.detail(ctx, await reader(c), params.momentId))
    route(app, api.communityEdit, async ({ params, body, c }) => svc.edit(ctx, await writer(c), params.momentId, body))
    route(app, api.communityAnnouncement, async ({ params, body, c }) => svc.announce(ctx, await writer(c), params.momentId, body.announcement))
    route(app, api.communityPosts, async ({ params, query, c }) => svc.posts(ctx, await reader(c), params.momentId, query))
    route(app, api.communityPostTop, async ({ params, body, c }) => svc.setTop(ctx, await writer(c), params.momentId, body))
    route(app, api.communityPostEssence, async ({ params, body, c }) => svc.setEssence(ctx, await writer(c), params.momentId, body))
    route(app, api.communityPostPreview, async ({ params, body, c }) => svc.setPreview(ctx, await writer(c), params.momentId, body))
    route(app, api.communityPostCommentSwitch, async ({ params, body, c }) => svc.setCommentsClosed(ctx, await writer(c), params.momentId, body))
    route(app, api.communityAnswer, async ({ params, body, c }) => svc.answer(ctx, await writer(c), params.momentId, body))
    route(app, api.communityComments, async ({ params, query, c }) => svc.commentList(ctx, await reader(c), params.momentId, query))
    route(app, api.communityCommentDelete, async ({ params, c }) => svc.commentDelete(ctx, await writer(c), params.momentId, params.commentId))
    route(app, api.communityMembers, async ({ params, query, c }) => svc.memberList(ctx, await reader(c), params.momentId, query))
    route(app, api.communityMemberSet, async ({ params, body, c }) => svc.memberSet(ctx, await writer(c), params.momentId, params.userId, body))
    route(app, api.communityMemberRemove, async ({ params, c }) => svc.memberRemove(ctx, await writer(c), params.momentId, params.userId))
    route(app, api.communityTags, async ({ params, c }) => svc.tagsOf(ctx, await reader(c), params.momentId))
    route(app, api.communityTagCreate, async ({ params, body, c }) => svc.tagCreate(ctx, await writer(c), params.momentId, body))
    route(app, api.communityTagEdit, async ({ params, body, c }) => svc.tagEdit(ctx, await writer(c), params.momentId, params.tagId, body))
    route(app, api.communityTagDelete, async ({ params, c }) => svc.tagDelete(ctx, await writer(c), params.momentId, params.tagId))
  }
}

export const registerCommunityAdmin: RegisterFeature = (app, deps) => registerCommunityAdminWith(localModeration(deps.env))(app, deps)
