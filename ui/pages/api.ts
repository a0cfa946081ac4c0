// The pages feature's API module (home, news, live): the calls its views and machines make, built
// from the HTTP port (design.md 'App state and the API layer'). Views take them through usePagesApi().
// The contract (and Effect with it) is imported on demand, so that the home page's entry chunk holds
// no schema code: its first screen comes inlined in the HTML (core/api/first-screen.ts).
import type { HttpPort } from '../../core/api/http-port'
import type { ArticleDetail, ArticleSummary, LiveCategory, LiveChannelPage, LiveFlash } from '../../core/api/content'
import { FEED_PAGE_SIZE, firstCalls, LIVE_PAGE_SIZE, SIDE_LIVES } from '../../core/api/first-screen'
import { callFirst } from '../common/first-call'
import { useApi } from '../common/use-api'

const contract = () => import('../../core/api/content')
const marketContract = () => import('../../core/api/market')
const communityContract = () => import('../../core/api/reading-community')

/** How many flashes of the same channel the flash page lists, and posts on a stock the news page lists. */
export const SAME_CHANNEL_LIVES = 6
export const STOCK_POSTS = 3

export function pagesApi(http: HttpPort) {
  return {
    channels: async () => callFirst(http, (await contract()).listChannels, firstCalls.channels()),
    /** the home feed of `channel`: the first page, or the page after `last` */
    feedPage: async (channel: string, last: ArticleSummary | null, loaded: number) => {
      const { channelArticles } = await contract()
      if (!last) return callFirst(http, channelArticles, firstCalls.homeFeed(channel))
      return http.call(channelArticles, { params: { type: channel }, query: { timestamp: last.createTimestamp, loaded, count: FEED_PAGE_SIZE } })
    },
    sideLives: async () => ({ list: (await callFirst(http, (await contract()).allLives, firstCalls.sideLives())).list.slice(0, SIDE_LIVES), hasMore: false }),
    newsLabels: async () => callFirst(http, (await contract()).newsFilterLabels, firstCalls.newsLabels()),
    newsPage: async (page: number, type: string) => callFirst(http, (await contract()).newsListPage, firstCalls.newsPage(page, type)),
    news: async (id: number): Promise<ArticleDetail> => callFirst(http, (await contract()).newsDetail, firstCalls.news(id)),
    /** the flashes: the first page, or the page after `last` */
    lives: async (important: boolean, last: LiveFlash | null) => {
      const { allLives } = await contract()
      if (!last) return callFirst(http, allLives, firstCalls.lives(important))
      return http.call(allLives, { query: { limit: LIVE_PAGE_SIZE, ...(important ? { onlyShowImportant: true } : {}), liveId: last.id } })
    },
    /** flashes newer than `since` (the live page's poll) */
    livesSince: async (important: boolean, since: number) =>
      (await http.call((await contract()).allLives, { query: { timestamp: since, limit: 100, ...(important ? { onlyShowImportant: true } : {}) } })).list,
    live: async (id: number) => callFirst(http, (await contract()).liveDetail, firstCalls.live(id)),
    /**
     * /live with a channel chosen (spec 000 §7 /api/live-channels/{channel}/lives/v4): the first page, the
     * page after `last`, or (`since`) only the flashes newer than that second (the poll).
     */
    channelLives: async (channel: string, category: LiveCategory, at: { last?: LiveFlash | null; since?: number }): Promise<LiveChannelPage> =>
      http.call((await contract()).liveChannelLivesV4, {
        params: { channel },
        query: {
          ...(category === 'important' ? { category } : {}),
          ...(at.since !== undefined ? { timestamp: at.since, limit: 100 } : { limit: LIVE_PAGE_SIZE }),
          ...(at.last ? { liveId: at.last.id } : {}),
        },
      }),
    /** the flash page's 'more of this channel' (spec 000 §7 /api/live-channels/{id}/lives) */
    sameChannelLives: async (channelId: number) => http.call((await contract()).liveChannelLives, { params: { id: channelId }, query: { limit: SAME_CHANNEL_LIVES + 1 } }),
    /** /tag/{type}'s head (spec 000 §7 /api/channels/{id}/v1) */
    channel: async (id: number) => http.call((await contract()).channelDetail, { params: { id } }),
    // the home page's side column (issue 25)
    homeMarket: async () => callFirst(http, (await marketContract()).homePageData, firstCalls.homeMarket()),
    homeFlow: async () => callFirst(http, (await marketContract()).flowEntrance, firstCalls.homeFlow()),
    homeReminds: async () => (await callFirst(http, (await contract()).opportunityRemindList, firstCalls.homeReminds())).list,
    /** the news page's 'discussion of this stock' (spec 000 §7 /api/post/list) */
    stockPosts: async (stockCode: string) => http.call((await communityContract()).stockPostList, { query: { stockCode, count: STOCK_POSTS } }),
  }
}

export const usePagesApi = () => useApi(pagesApi)
