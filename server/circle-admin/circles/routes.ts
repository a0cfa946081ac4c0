// Routes of the console's circles (issue 29; core/api/circle-admin-circles.ts), registered by
// server/app.ts. Thin: the reader, then one service call (the guard and the rules run there). No SQL here.
import type { Context } from 'hono'
import * as api from '../../../core/api/circle-admin-circles'
import type { RegisterFeature } from '../../feature'
import { route } from '../../http/route'
import { currentUser } from '../../accounts/session'
import { localModeration, type ModerationPort } from '../../posting/moderation'
import * as svc from './service'

export function registerCircleAdminCirclesWith(moderation: ModerationPort): RegisterFeature {
  return (app, { db, clock }) => {
    const ctx: svc.Ctx = { db, moderation, now: clock }
    const me = async (c: Context) => (await currentUser(c, db))?.id ?? null

    route(app, api.adminCircleList, async ({ query, c }) => svc.list(ctx, await me(c), query))
    route(app, api.adminCircleCreate, async ({ body, c }) => svc.create(ctx, await me(c), body))
    route(app, api.adminCircleDetail, async ({ params, c }) => svc.detail(ctx, await me(c), params.id))
    route(app, api.adminCircleEdit, async ({ params, body, c }) => svc.edit(ctx, await me(c), params.id, body))
    route(app, api.adminCircleUsers, async ({ params, query, c }) => svc.users(ctx, await me(c), params.id, query))
    route(app, api.adminUserSearch, async ({ params, query, c }) => svc.searchUsers(ctx, await me(c), params.id, query.keyword))
    route(app, api.adminAdd, async ({ params, body, c }) => svc.addAdmin(ctx, await me(c), params.id, body.userId))
    route(app, api.adminRemove, async ({ params, c }) => svc.removeAdmin(ctx, await me(c), params.id, params.userId))
    route(app, api.adminRights, async ({ params, c }) => svc.rightsList(ctx, await me(c), params.id))
    route(app, api.adminRightsSave, async ({ params, body, c }) => svc.saveRights(ctx, await me(c), params.id, body.list))
    route(app, api.adminCircleSort, async ({ c }) => svc.circleOrder(ctx, await me(c)))
    route(app, api.adminCircleSortSave, async ({ body, c }) => svc.saveCircleOrder(ctx, await me(c), body.ids))
    route(app, api.adminTagSort, async ({ params, c }) => svc.tagOrder(ctx, await me(c), params.id))
    route(app, api.adminTagSortSave, async ({ params, body, c }) => svc.saveTagOrder(ctx, await me(c), params.id, body.ids))
    route(app, api.circleReviewList, async ({ query, c }) => svc.reviewQueue(ctx, await me(c), query))
    route(app, api.circleReviewApprove, async ({ params, c }) => svc.decide(ctx, await me(c), params.id, { kind: 'approve' }))
    route(app, api.circleReviewReject, async ({ params, body, c }) => svc.decide(ctx, await me(c), params.id, { kind: 'reject', reason: body.reason }))
  }
}

export const registerCircleAdminCircles: RegisterFeature = (app, deps) => registerCircleAdminCirclesWith(localModeration(deps.env))(app, deps)
