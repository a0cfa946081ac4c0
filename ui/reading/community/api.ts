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
import { firstCalls } from '../../../core/api/first-screen'
import { callFirst } from '../../common/first-call'
import { followUser } from '../../common/follow-user'
import { useApi } from '../../common/use-api'

const PAGE = 20

export function communityApi(http: HttpPort) {
  return {
    recommendUsers: () => http.call(recommendUsers, { query: { count: 30 } }),
    followUser: followUser(http),
    /** /hotpost's chart (spec 000 §7 /api/posts/chart: type, page, limit=10) */
    chart: (type: string, page: number) => callFirst(http, postsChart, firstCalls.hotpostChart(type, page)),
    hotTopics: () => callFirst(http, hotTopics, firstCalls.hotTopics()),
    post: (id: number) => http.call(postDetail, { params: { id } }),
    recommendPosts: (postId: number) => http.call(recommendPosts, { query: { postId, count: 5 } }),
    tags: () => http.call(tagsAll),
    tagArticles: (tag: string, page: number) => http.call(tagArticles, { query: { tags: tag, page, count: PAGE } }),
    topics: (page: number) => http.call(topicList, { query: { page, count: PAGE } }),
    topic: (id: number) => http.call(topicDetail, { params: { id } }),
    topicPosts: (id: number, page: number) => http.call(topicPosts, { params: { id }, query: { page, count: PAGE } }),
    tradeHeadlines: (page: number) => http.call(tradeHeadlines, { query: { page, count: PAGE } }),
    officialArticles: (page: number) => http.call(officialArticles, { query: { page, count: PAGE } }),
    officialPosts: (page: number) => http.call(officialPosts, { query: { page, count: PAGE } }),
    /** /hotpost/latest: everyone's posts, newest first (spec 000 §7 /api/post) */
    latestPosts: (page: number) => http.call(postList, { query: { page, count: PAGE } }),
    /** people the signed-in reader might follow (spec 000 §7 /api/follows/suggested/v1) */
    suggested: (count: number) => http.call(suggestedFollows, { query: { count } }),
    /** the signed-in reader's industry-leader check (spec 001 §7 /api/industry-leader/check/v1) */
    industryLeader: () => http.call(industryLeaderCheck, {}),
  }
}

export const useCommunityApi = () => useApi(communityApi)
