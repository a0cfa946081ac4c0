// The community feature's API module: the calls its views and machines make, built from the HTTP
// port (design.md 'App state and the API layer'). Views take them through useCommunityApi().
import type { HttpPort } from '../../../core/api/http-port'
import {
  hotTopics,
  industryLeaderCheck,
  officialArticles,
  postList,
  officialPosts,
  postDetail,
  postsChart,
  recommendPosts,
  recommendUsers,
  suggestedFollows,
  tagArticles,
  tagsAll,
  topicDetail,
  topicList,
  topicPosts,
  tradeHeadlines,
} from '../../../core/api/reading-community'
import type { ArticleSummary } from '../../../core/api/content'
import type { CallInput } from '../../../core/api/http-port'
import type { Headline, PostSummary, Topic } from '../../../core/api/reading-community'
import { firstCalls } from '../../../core/api/first-screen'
import { endpointRead, lazyRead, numberedPages, type PagedRead } from '../../common/use-read'
import { followUser } from '../../common/follow-user'
import { useApi } from '../../common/use-api'

const PAGE = 20

export function communityApi(http: HttpPort) {
  const numbered = <E extends Parameters<typeof endpointRead>[1], T>(e: E, input: (page: number) => Pick<CallInput<E>, 'params' | 'query'>, keyOf: (item: T) => string | number) =>
    numberedPages<E, T>(http, e, input, keyOf)
  return {
    recommendUsers: () => endpointRead(http, recommendUsers, { query: { count: 30 } }),
    followUser: followUser(http),
    /** /hotpost's chart (spec 000 §7 /api/posts/chart: type, page, limit=10); its first page is inlined */
    chart: (type: string): PagedRead<PostSummary> => ({
      key: firstCalls.hotpostChart(type, 1),
      keyOf: (p) => p.id,
      loadPage: ({ page }, signal) => lazyRead(http, async () => postsChart, firstCalls.hotpostChart(type, page)).load(signal),
    }),
    hotTopics: () => lazyRead(http, async () => hotTopics, firstCalls.hotTopics()),
    post: (id: number) => endpointRead(http, postDetail, { params: { id } }),
    recommendPosts: (postId: number) => endpointRead(http, recommendPosts, { query: { postId, count: 5 } }),
    tags: () => endpointRead(http, tagsAll),
    tagArticles: (tag: string) => numbered(tagArticles, (page) => ({ query: { tags: tag, page, count: PAGE } }), (a: ArticleSummary) => a.id),
    topics: () => numbered(topicList, (page) => ({ query: { page, count: PAGE } }), (x: Topic) => x.topicId),
    topic: (id: number) => endpointRead(http, topicDetail, { params: { id } }),
    topicPosts: (id: number) => numbered(topicPosts, (page) => ({ params: { id }, query: { page, count: PAGE } }), (p: PostSummary) => p.id),
    tradeHeadlines: () => numbered(tradeHeadlines, (page) => ({ query: { page, count: PAGE } }), (h: Headline) => `${h.kind}:${h.id}`),
    officialArticles: () => numbered(officialArticles, (page) => ({ query: { page, count: PAGE } }), (a: ArticleSummary) => a.id),
    officialPosts: () => numbered(officialPosts, (page) => ({ query: { page, count: PAGE } }), (p: PostSummary) => p.id),
    /** /hotpost/latest: everyone's posts, newest first (spec 000 §7 /api/post) */
    latestPosts: () => numbered(postList, (page) => ({ query: { page, count: PAGE } }), (p: PostSummary) => p.id),
    /** people the signed-in reader might follow (spec 000 §7 /api/follows/suggested/v1) */
    suggested: (count: number) => endpointRead(http, suggestedFollows, { query: { count } }),
    /** the signed-in reader's industry-leader check (spec 001 §7 /api/industry-leader/check/v1) */
    industryLeader: () => endpointRead(http, industryLeaderCheck),
  }
}

export const useCommunityApi = () => useApi(communityApi)
