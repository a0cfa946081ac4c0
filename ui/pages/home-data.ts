// The home page's calls. Imported on demand (not by home-page.tsx statically) so that the
// endpoint schemas, and Effect with them, load only when the home page fetches — its first
// screen comes inlined in the HTML (core/api/initial-data.ts).
import { allLives, channelArticles, listChannels, type ArticleSummary } from '../../core/api/content'
import type { HttpPort } from '../../core/api/http-port'

export const FEED_PAGE_SIZE = 20
export const SIDE_LIVES = 12

export function loadChannels(http: HttpPort) {
  return http.call(listChannels)
}

export function loadFeedPage(http: HttpPort, channel: string, last: ArticleSummary | null, loaded: number) {
  return http.call(channelArticles, {
    params: { type: channel },
    query: last ? { timestamp: last.createTimestamp, loaded, count: FEED_PAGE_SIZE } : { count: FEED_PAGE_SIZE },
  })
}

export function loadSideLives(http: HttpPort) {
  return http.call(allLives, { query: { limit: SIDE_LIVES } })
}
