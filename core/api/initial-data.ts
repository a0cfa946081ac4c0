// Data the server inlines into the HTML it serves (a JSON script element, id `initial-data`), so
// the first paint needs no API round trip and no schema code: the site config on every page,
// and the home page's first screen on / and /tag/{type}. Produced on the server with the same
// Effect Schemas' encoders as the API answers; read by ui/main.tsx.
import type { ArticleDetail, ArticleSummary, Channel, LiveFlash, SiteConfig } from './content'

export const INITIAL_DATA_ELEMENT_ID = 'initial-data'

export interface HomeInitialData {
  /** the channel of the feed: 'home' for /, the type of /tag/{type} */
  channel: string
  channels: readonly Channel[]
  feed: { list: readonly ArticleSummary[]; hasMore: boolean }
  lives: readonly LiveFlash[]
}

export interface InitialData {
  config: SiteConfig
  home?: HomeInitialData
  /** on /news/{id}: the article as the API answers a guest (the page's detail machine starts loaded) */
  news?: ArticleDetail
}

/** Reads the inlined JSON; anything malformed counts as none (the page then fetches). */
export function parseInitialData(text: string | null | undefined): InitialData | null {
  if (!text) return null
  try {
    const data = JSON.parse(text) as unknown
    if (typeof data !== 'object' || data === null) return null
    const config = (data as { config?: unknown }).config
    if (typeof config !== 'object' || config === null) return null
    const home = (data as { home?: unknown }).home
    const okHome =
      typeof home === 'object' &&
      home !== null &&
      typeof (home as HomeInitialData).channel === 'string' &&
      Array.isArray((home as HomeInitialData).channels) &&
      Array.isArray((home as HomeInitialData).lives) &&
      Array.isArray((home as HomeInitialData).feed?.list)
    const news = (data as { news?: unknown }).news
    const okNews =
      typeof news === 'object' && news !== null && typeof (news as ArticleDetail).id === 'number' && Array.isArray((news as ArticleDetail).paragraphs)
    return {
      config: config as SiteConfig,
      ...(okHome ? { home: home as HomeInitialData } : {}),
      ...(okNews ? { news: news as ArticleDetail } : {}),
    }
  } catch {
    return null
  }
}

/** Inline JSON inside <script>: `<` is escaped so no text can close the element. */
export function serialiseInitialData(data: InitialData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}
