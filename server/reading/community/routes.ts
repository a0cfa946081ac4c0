// Routes of the reading 'community' part (hot posts, topics, tags, recommended users, trade headlines and official posts); registered by server/reading/routes.ts.
import * as api from '../../../core/api/reading-community'
import type { RegisterFeature } from '../../feature'
import { route } from '../../http/route'
import { currentUser, requireUser } from '../../accounts/session'
import * as svc from './community'

export const registerReadingCommunity: RegisterFeature = (app, { db, clock }) => {
  const now = () => Math.floor(clock() / 1000)
  route(app, api.postsChart, ({ query, lang }) => svc.postsChart(db, query.type ?? 'day', query.page ?? 1, query.limit ?? api.CHART_LIMIT, now(), lang))
  route(app, api.postDetail, async ({ params, lang, c }) => svc.postDetail(db, params.id, lang, now(), (await currentUser(c, db))?.id ?? null))
  route(app, api.recommendPosts, ({ query, lang }) => svc.recommendPosts(db, query.postId, query.count ?? svc.RECOMMEND_POST_COUNT, lang, now()))
  route(app, api.hotTopics, ({ lang }) => svc.hotTopics(db, lang))
  route(app, api.topicList, ({ query, lang }) => svc.topicList(db, query.page ?? 1, query.count ?? svc.DEFAULT_PAGE_SIZE, lang))
  route(app, api.topicDetail, ({ params, lang }) => svc.topicDetail(db, params.id, lang))
  route(app, api.topicPosts, ({ params, query, lang }) => svc.topicPosts(db, params.id, query.page ?? 1, query.count ?? svc.DEFAULT_PAGE_SIZE, lang, now()))
  route(app, api.recommendUsers, async ({ query, c }) => svc.recommendUsers(db, (await currentUser(c, db))?.id ?? null, query.count ?? svc.RECOMMEND_USER_COUNT))
  route(app, api.tagsAll, ({ lang }) => svc.tagsAll(db, lang))
  route(app, api.tagArticles, ({ query, lang }) => svc.tagArticles(db, query.tags, query.page ?? 1, query.count ?? svc.DEFAULT_PAGE_SIZE, lang))
  route(app, api.tradeHeadlines, ({ query, lang }) => svc.tradeHeadlines(db, query.page ?? 1, query.count ?? svc.DEFAULT_PAGE_SIZE, lang))
  route(app, api.officialArticles, ({ query, lang }) => svc.officialArticles(db, query.page ?? 1, query.count ?? svc.DEFAULT_PAGE_SIZE, lang))
  route(app, api.officialPosts, ({ query, lang }) => svc.officialPosts(db, query.page ?? 1, query.count ?? svc.DEFAULT_PAGE_SIZE, lang, now()))
  // issue 25: spec 000 §7 /api/post, /api/post/list, /api/follows/suggested/v1; spec 001 §7 /api/industry-leader/check/v1
  route(app, api.postList, ({ query, lang }) => svc.postList(db, query.userId, query.page ?? 1, query.count ?? svc.DEFAULT_PAGE_SIZE, lang, now()))
  route(app, api.stockPostList, ({ query, lang }) => svc.stockPostList(db, query.stockCode, query.page ?? 1, query.count ?? svc.DEFAULT_PAGE_SIZE, lang, now()))
  route(app, api.suggestedFollows, async ({ query, c }) => svc.suggestedFollows(db, (await requireUser(c, db)).id, query.count ?? svc.SUGGESTED_COUNT))
  route(app, api.industryLeaderCheck, async ({ query, c }) => svc.industryLeader(db, query.userId ?? (await requireUser(c, db)).id))
}
