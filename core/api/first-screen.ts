// The first screen of the server-rendered pages (issue 11): for each page, the API calls whose
// answers the server inlines into the HTML (core/api/initial-data.ts `answers`), so that the server
// renders the page from them and the browser's machines start from the same answers (no mismatch,
// no second round trip). One table, read by both sides: the server's loader makes these calls to its
// own API as a guest (server/seo/first-screen.ts), and a page's api.ts asks for the first page with
// the very same call, so the inlined answer is found under the same key.
//
// No contract module is imported here (they carry the Effect Schemas, which the home page's entry
// chunk must not load); calls name their endpoint, and core/api/first-screen.test.ts checks every
// name against the contract registry and every input against the endpoint's schemas.

import { isKnownMarket, parseStockCode } from '../validation/stock-code'
// spec 001 §7: a live column's items, count 10 (a bound, not a contract module)
import { LIVE_COLUMN_PAGE_SIZE } from '../courses/limits'
import { liveRouteKind } from '../live/route-kind'

/** One API call: the endpoint's contract name and its input, as decoded values (what a view passes). */
export interface FirstCall {
  readonly endpoint: string
  readonly params?: Readonly<Record<string, string | number | boolean>>
  readonly query?: Readonly<Record<string, string | number | boolean>>
}

/** The key of a call's answer in the inlined data: name, then params and query with sorted keys. */
export function firstCallKey(call: FirstCall): string {
  const sorted = (r: FirstCall['params']) =>
    r
      ? Object.keys(r)
          .sort()
          .map((k) => [k, r[k]])
      : []
  return JSON.stringify([call.endpoint, sorted(call.params), sorted(call.query)])
}

// Page sizes of the first pages (the views ask for more with the same sizes).
export const FEED_PAGE_SIZE = 20
export const SIDE_LIVES = 12
export const NEWS_PAGE_SIZE = 20
export const LIVE_PAGE_SIZE = 20
/** spec 000 §7 /api/posts/chart: limit=10 (core/api/reading-community.ts CHART_LIMIT; the test checks they agree) */
export const HOTPOST_PAGE_SIZE = 10
export const COLUMN_PAGE_SIZE = 12
export const COLUMN_ARTICLES_PAGE_SIZE = 20
export const COLUMNISTS_PAGE_SIZE = 20
export const SUBJECT_PAGE_SIZE = 12
export const SUBJECT_CONTENTS_PAGE_SIZE = 20
export const HOTPOST_CHARTS = ['day', 'week', 'month'] as const
/** /market's index cards: Hang Seng, Hang Seng Tech, HS China Enterprises, Dow, Nasdaq, S&P 500 */
export const MARKET_INDEX_CODES = 'hkHSI,hkHSTECH,hkHSCEI,usDJI,usIXIC,usSPX'
export const MARKET_RANK_PAGE_SIZE = 20
export const MARKET_HOT_RANGES = 8
export const MARKET_LEADERBOARD = 10
/** the home page's side list of opportunity reminders */
export const HOME_REMINDS = 5
/** /chiefCircle and /chiefCircle/recommendation: recommended circles per page (ours) */
export const CIRCLE_RECOMMEND_PAGE_SIZE = 12

/** The calls, by what a page shows; views (through their api.ts) and the route table below share them. */
export const firstCalls = {
  channels: (): FirstCall => ({ endpoint: 'channels.list' }),
  homeFeed: (channel: string): FirstCall => ({ endpoint: 'channels.articles', params: { type: channel }, query: { count: FEED_PAGE_SIZE } }),
  sideLives: (): FirstCall => ({ endpoint: 'live.all', query: { limit: SIDE_LIVES } }),
  newsLabels: (): FirstCall => ({ endpoint: 'news.filterLabels' }),
  newsPage: (page: number, type: string): FirstCall => ({
    endpoint: 'news.listPage',
    query: { page, limit: NEWS_PAGE_SIZE, ...(type === 'all' ? {} : { type }) },
  }),
  news: (id: number): FirstCall => ({ endpoint: 'news.detail', params: { id } }),
  lives: (important: boolean): FirstCall => ({ endpoint: 'live.all', query: { limit: LIVE_PAGE_SIZE, ...(important ? { onlyShowImportant: true } : {}) } }),
  live: (id: number): FirstCall => ({ endpoint: 'live.detail', params: { id } }),
  /** a live room (issue 28: an id of core/live/limits.ts liveRouteKind 'room') */
  liveRoom: (id: number): FirstCall => ({ endpoint: 'video.detail', query: { videoId: id } }),
  hotpostChart: (type: string, page: number): FirstCall => ({ endpoint: 'posts.chart', query: { type, page, limit: HOTPOST_PAGE_SIZE } }),
  hotTopics: (): FirstCall => ({ endpoint: 'topics.hot' }),
  columns: (tab: 'recommend' | 'hot', page: number): FirstCall => ({
    endpoint: tab === 'hot' ? 'column.hot' : 'column.recommend',
    query: { page, count: COLUMN_PAGE_SIZE },
  }),
  columnists: (page: number): FirstCall => ({ endpoint: 'column.columnists', query: { page, count: COLUMNISTS_PAGE_SIZE } }),
  column: (id: number): FirstCall => ({ endpoint: 'column.detail', params: { id } }),
  columnArticles: (id: number, album: boolean, page: number): FirstCall => ({
    endpoint: 'column.articles',
    params: { id },
    query: { page, count: COLUMN_ARTICLES_PAGE_SIZE, order: album ? 'asc' : 'desc' },
  }),
  subjects: (page: number): FirstCall => ({ endpoint: 'subjects.list', query: { page, limit: SUBJECT_PAGE_SIZE } }),
  subject: (id: number): FirstCall => ({ endpoint: 'subjects.detail', params: { id } }),
  subjectContents: (id: number, choice: boolean, before?: number): FirstCall => ({
    endpoint: 'subjects.contents',
    params: { id },
    query: { count: SUBJECT_CONTENTS_PAGE_SIZE, ...(choice ? { isChoice: true } : {}), ...(before !== undefined ? { createTimestamp: before } : {}) },
  }),
  quoteInfo: (market: 'hk' | 'us', code: string): FirstCall => ({ endpoint: 'market.quoteInfo', params: { market, code } }),
  // /market: its first screen as a reader opens it (HK rankings by change, descending, page 1)
  marketIndices: (): FirstCall => ({ endpoint: 'market.hqBaseData', query: { stockCodes: MARKET_INDEX_CODES } }),
  marketRankings: (market: 'hk' | 'us', sort: string, order: 'asc' | 'desc', page: number, limit: number): FirstCall => ({
    endpoint: 'market.rankDetail',
    params: { market },
    query: { sort, order, page, limit },
  }),
  marketBoards: (sort: string, order: 'asc' | 'desc'): FirstCall => ({ endpoint: 'market.hkBoards', query: { sort, order } }),
  marketHotRanges: (): FirstCall => ({ endpoint: 'market.hotRange', query: { sortType: 'changePercent', order: 'desc', page: 1, count: MARKET_HOT_RANGES } }),
  marketLeaderboard: (): FirstCall => ({ endpoint: 'market.leaderboard', query: { count: MARKET_LEADERBOARD } }),
  // the home page's side column (issue 25): the market strip, the capital flow and the opportunity reminders
  homeMarket: (): FirstCall => ({ endpoint: 'market.homePageData' }),
  homeFlow: (): FirstCall => ({ endpoint: 'market.flowEntrance' }),
  homeReminds: (): FirstCall => ({ endpoint: 'opportunityRemind.list', query: { page: 1, count: HOME_REMINDS } }),
  // the financial circles' guest-readable pages (issue 27): the recommended circles and advisers, a circle's
  // intro (a guest's: the intro, a sample and the buy or join button), a live column's schedule
  circleRecommend: (page: number): FirstCall => ({ endpoint: 'vips.recommendCircles', query: { page, count: CIRCLE_RECOMMEND_PAGE_SIZE } }),
  circleVips: (): FirstCall => ({ endpoint: 'vips.recommend' }),
  circleIntro: (id: number): FirstCall => ({ endpoint: 'moment.intro', params: { id } }),
  circleLiveColumn: (id: number): FirstCall => ({ endpoint: 'circle.liveColumn', params: { id } }),
  circleLiveItems: (id: number, page: number): FirstCall => ({ endpoint: 'circle.liveColumnContent', query: { liveColumnId: id, page, count: LIVE_COLUMN_PAGE_SIZE } }),
} as const

/** A path's positive id (1 … 2^31−1, the contract's bound), or null. */
function idOf(s: string | undefined): number | null {
  if (!s || !/^[1-9]\d{0,9}$/.test(s)) return null
  const n = Number(s)
  return n <= 2_147_483_647 ? n : null
}

/** The home page's side column (/ and /tag/{type}): market strip, flashes, capital flow, reminders. */
const homeSide = (): FirstCall[] => [firstCalls.homeMarket(), firstCalls.sideLives(), firstCalls.homeFlow(), firstCalls.homeReminds()]

/** A page the server renders: its path pattern and the calls of its first screen. */
interface FirstScreen {
  readonly pattern: RegExp
  readonly calls: (m: RegExpExecArray) => FirstCall[] | null
}

const byId = (call: (id: number) => FirstCall[]) => (m: RegExpExecArray) => {
  const id = idOf(m[1])
  return id === null ? null : call(id)
}

/**
 * Every server-rendered page (issue 11: home, /tag/{type}, /news, /news/{id}, /live, /live/{id},
 * /hotpost, the column and subject pages, /stock/{id}'s quote head) and /market (its Lighthouse figure). A page that needs a session
 * renders its guest frame: these calls are made as a guest.
 */
export const FIRST_SCREENS: readonly FirstScreen[] = [
  { pattern: /^\/$/, calls: () => [firstCalls.channels(), firstCalls.homeFeed('home'), ...homeSide()] },
  { pattern: /^\/tag\/([a-z0-9-]{1,32})$/, calls: (m) => [firstCalls.channels(), firstCalls.homeFeed(m[1]!), ...homeSide()] },
  { pattern: /^\/news$/, calls: () => [firstCalls.newsLabels(), firstCalls.newsPage(1, 'all')] },
  { pattern: /^\/news\/(\d{1,12})$/, calls: byId((id) => [firstCalls.news(id)]) },
  { pattern: /^\/live$/, calls: () => [firstCalls.lives(false)] },
  // spec 000's news flash or spec 001's live room, by the one rule of core/live/limits.ts
  { pattern: /^\/live\/(\d{1,12})$/, calls: byId((id) => [liveRouteKind(id) === 'room' ? firstCalls.liveRoom(id) : firstCalls.live(id)]) },
  {
    pattern: /^\/hotpost(?:\/([a-z]{1,8}))?$/,
    calls: (m) => ((HOTPOST_CHARTS as readonly string[]).includes(m[1] ?? 'day') ? [firstCalls.hotpostChart(m[1] ?? 'day', 1), firstCalls.hotTopics()] : null),
  },
  { pattern: /^\/column$/, calls: () => [firstCalls.columns('recommend', 1)] },
  { pattern: /^\/column\/columnist$/, calls: () => [firstCalls.columnists(1)] },
  { pattern: /^\/column\/page\/(\d{1,12})$/, calls: byId((id) => [firstCalls.column(id), firstCalls.columnArticles(id, false, 1)]) },
  { pattern: /^\/album\/(\d{1,12})$/, calls: byId((id) => [firstCalls.column(id), firstCalls.columnArticles(id, true, 1)]) },
  { pattern: /^\/subject$/, calls: () => [firstCalls.subjects(1)] },
  { pattern: /^\/subject\/(\d{1,12})$/, calls: byId((id) => [firstCalls.subject(id), firstCalls.subjectContents(id, false)]) },
  {
    pattern: /^\/market$/,
    calls: () => [
      firstCalls.marketIndices(),
      firstCalls.marketRankings('hk', 'changePercent', 'desc', 1, MARKET_RANK_PAGE_SIZE),
      firstCalls.marketBoards('changePercent', 'desc'),
      firstCalls.marketHotRanges(),
      firstCalls.marketLeaderboard(),
    ],
  },
  { pattern: /^\/chiefCircle$/, calls: () => [firstCalls.circleRecommend(1), firstCalls.circleVips()] },
  { pattern: /^\/chiefCircle\/recommendation(?:\/financial-circles)?$/, calls: () => [firstCalls.circleRecommend(1)] },
  { pattern: /^\/chiefCircle\/(?:detail|guide)\/(\d{1,12})$/, calls: byId((id) => [firstCalls.circleIntro(id)]) },
  { pattern: /^\/chiefCircle\/schedule-live\/(\d{1,12})$/, calls: byId((id) => [firstCalls.circleLiveColumn(id), firstCalls.circleLiveItems(id, 1)]) },
  {
    pattern: /^\/stock\/([A-Za-z0-9._-]{3,24})$/,
    calls: (m) => {
      const s = parseStockCode(m[1]!)
      return s && isKnownMarket(s.market) ? [firstCalls.quoteInfo(s.market, s.code)] : null
    },
  },
]

/** The calls of a path's first screen, or null when the server leaves the page to the browser. */
export function firstScreenCalls(path: string): FirstCall[] | null {
  const p = path.length > 1 ? path.replace(/\/$/, '') : path
  for (const screen of FIRST_SCREENS) {
    const m = screen.pattern.exec(p)
    if (m) return screen.calls(m)
  }
  return null
}
