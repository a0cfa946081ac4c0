// The pages feature's API module (home, news, live): the calls its views and machines make, built
// from the HTTP port (design.md 'App state and the API layer'). Views take them through usePagesApi().
// The contract (and Effect with it) is imported on demand, so that the home page's entry chunk holds
// no schema code: its first screen comes inlined in the HTML (core/api/first-screen.ts).
import type { HttpPort } from '../../core/api/http-port'
import type { ArticleDetail, ArticleSummary, LiveCategory, LiveChannelPage, LiveFlash } from '../../core/api/content'
import { FEED_PAGE_SIZE, firstCalls, LIVE_PAGE_SIZE, SIDE_LIVES } from '../../core/api/first-screen'
import { ALL_LIVE_CHANNEL } from '../../core/content/live-channels'
import { useApi } from '../common/use-api'
import { lazyRead, type PagedRead, type Read } from '../common/use-read'

const contract = () => import('../../core/api/content')
const marketContract = () => import('../../core/api/market')
const communityContract = () => import('../../core/api/reading-community')

/** How many flashes of the same channel the flash page lists, and posts on a stock the news page lists. */
export const SAME_CHANNEL_LIVES = 6
export const STOCK_POSTS = 3

type LivePage = { list: readonly LiveFlash[]; hasMore: boolean }

export function pagesApi(http: HttpPort) {
  const live = () => contract().then((c) => c.allLives)
  return {
    channels: () => lazyRead(http, () => contract().then((c) => c.listChannels), firstCalls.channels()),
    /** the home feed of `channel`: the first page (inlined on the served page), then the page after the last shown */
    feed: (channel: string): PagedRead<ArticleSummary> => ({
      key: firstCalls.homeFeed(channel),
      keyOf: (a) => a.id,
      loadPage: async ({ last, loaded }, signal) => {
        const { channelArticles } = await contract()
        if (!last) return http.call(channelArticles, { params: { type: channel }, query: { count: FEED_PAGE_SIZE } }, { signal })
        return http.call(channelArticles, { params: { type: channel }, query: { timestamp: last.createTimestamp, loaded, count: FEED_PAGE_SIZE } }, { signal })
      },
    }),
    /** the home page's side list of flashes: one page */
    sideLives: (): Read<readonly LiveFlash[]> => {
      const first = lazyRead(http, live, firstCalls.sideLives())
      return {
        key: { ...firstCalls.sideLives(), as: 'list' },
        load: async (signal) => (await first.load(signal)).list.slice(0, SIDE_LIVES),
        fromAnswer: (a) => (a as LivePage).list.slice(0, SIDE_LIVES),
      }
    },
    newsLabels: () => lazyRead(http, () => contract().then((c) => c.newsFilterLabels), firstCalls.newsLabels()),
    newsPages: (type: string): PagedRead<ArticleSummary> => ({
      key: firstCalls.newsPage(1, type),
      keyOf: (a) => a.id,
      loadPage: async ({ page }, signal) => lazyRead(http, () => contract().then((c) => c.newsListPage), firstCalls.newsPage(page, type)).load(signal),
    }),
    news: (id: number): Read<ArticleDetail> => lazyRead(http, () => contract().then((c) => c.newsDetail), firstCalls.news(id)),
    /**
     * The flashes, all or of a channel (spec 000 §7 /api/live-channels/{channel}/lives/v4), important
     * only or not: a live list whose newer flashes come by themselves (`timestamp`, polled).
     */
    lives: (channel: string, category: LiveCategory): PagedRead<LiveFlash> => {
      const important = category === 'important'
      const all = channel === ALL_LIVE_CHANNEL
      const channelPage = async (at: { last?: LiveFlash | null; since?: number }, signal: AbortSignal): Promise<LiveChannelPage> =>
        http.call(
          (await contract()).liveChannelLivesV4,
          {
            params: { channel },
            query: {
              ...(important ? { category } : {}),
              ...(at.since !== undefined ? { timestamp: at.since, limit: 100 } : { limit: LIVE_PAGE_SIZE }),
              ...(at.last ? { liveId: at.last.id } : {}),
            },
          },
          { signal },
        )
      return {
        key: all ? firstCalls.lives(important) : { endpoint: 'live.channelLivesV4', params: { channel }, query: { category } },
        keyOf: (f) => f.id,
        loadPage: async ({ last }, signal) => {
          if (!all) return channelPage({ last }, signal)
          if (!last) return lazyRead(http, live, firstCalls.lives(important)).load(signal)
          return http.call(await live(), { query: { limit: LIVE_PAGE_SIZE, ...(important ? { onlyShowImportant: true } : {}), liveId: last.id } }, { signal })
        },
        loadNewer: async (first, signal) => {
          const since = first?.createTimestamp ?? 0
          if (!all) return (await channelPage({ since }, signal)).list
          return (await http.call(await live(), { query: { timestamp: since, limit: 100, ...(important ? { onlyShowImportant: true } : {}) } }, { signal })).list
        },
      }
    },
    live: (id: number) => lazyRead(http, () => contract().then((c) => c.liveDetail), firstCalls.live(id)),
    /** the flash page's 'more of this channel' (spec 000 §7 /api/live-channels/{id}/lives) */
    sameChannelLives: (channelId: number) => lazyRead(http, () => contract().then((c) => c.liveChannelLives), { endpoint: 'live.channelLives', params: { id: channelId }, query: { limit: SAME_CHANNEL_LIVES + 1 } }),
    /** /tag/{type}'s head (spec 000 §7 /api/channels/{id}/v1) */
    channel: (id: number) => lazyRead(http, () => contract().then((c) => c.channelDetail), { endpoint: 'channels.detail', params: { id } }),
    // the home page's side column (issue 25)
    homeMarket: () => lazyRead(http, () => marketContract().then((c) => c.homePageData), firstCalls.homeMarket()),
    homeFlow: () => lazyRead(http, () => marketContract().then((c) => c.flowEntrance), firstCalls.homeFlow()),
    homeReminds: () => lazyRead(http, () => contract().then((c) => c.opportunityRemindList), firstCalls.homeReminds()),
    /** the news page's 'discussion of this stock' (spec 000 §7 /api/post/list) */
    stockPosts: (stockCode: string) => lazyRead(http, () => communityContract().then((c) => c.stockPostList), { endpoint: 'posts.byStock', query: { stockCode, count: STOCK_POSTS } }),
  }
}

export const usePagesApi = () => useApi(pagesApi)
