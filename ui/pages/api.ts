// The pages feature's API module (home, news, live): the calls its views and machines make, built
// from the HTTP port (design.md 'App state and the API layer'). Views take them through usePagesApi().
// The contract (and Effect with it) is imported on demand, so that the home page's entry chunk holds
// no schema code: its first screen comes inlined in the HTML (core/api/first-screen.ts).
import type { HttpPort } from '../../core/api/http-port'
import type { ArticleDetail, ArticleSummary, LiveFlash } from '../../core/api/content'
import { FEED_PAGE_SIZE, firstCalls, LIVE_PAGE_SIZE, SIDE_LIVES } from '../../core/api/first-screen'
import { callFirst } from '../common/first-call'
import { useApi } from '../common/use-api'

const contract = () => import('../../core/api/content')

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
  }
}

export const usePagesApi = () => useApi(pagesApi)
