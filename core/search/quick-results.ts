// The search popup's quick results (spec 000 §2 'Search results and popup'): grouped into
// wealth circle, stocks, portfolios, articles and flashes, 3 per type (spec 000 §9: search
// quick results 3 per type), with a link to all results.
// The answer of /api/searchBox/v3 carries searchPost, searchLive, searchStock, searchUser,
// searchPortfolio and searchFinancialCircle, each with a list (spec 000 §3).

/** spec 000 §9: search quick results 3 per type */
export const QUICK_RESULTS_PER_TYPE = 3

/** Stock search result fields (spec 000 §3). */
export interface StockHit {
  readonly id: string
  readonly code: string
  readonly codeDisp: string
  readonly ipoStatus: number
  readonly market: string
  readonly name: string
  readonly nameDisp: string
  readonly category: string | number
}

/** Portfolio (spec 001 §3: portfolioCode, name, nameDisp). */
export interface PortfolioHit {
  readonly portfolioCode: string
  readonly name: string
  readonly nameDisp: string
}

/** A wealth circle (financial circle). Fields beyond id and name: not shown in the spec. */
export interface FinancialCircleHit {
  readonly id: number
  readonly name: string
  readonly avatar?: string
}

/** An article or discussion post hit. */
export interface PostHit {
  readonly id: number
  readonly title: string
}

/** A live news flash hit. */
export interface LiveHit {
  readonly id: number
  readonly title: string
  readonly content: string
  readonly createTimestamp: number
}

export interface UserHit {
  readonly id: number
  readonly nick: string
  readonly avatar: string
}

interface Listed<T> {
  readonly list?: readonly T[] | null
}

/** What the search-box call answers (each part may be missing). */
export interface SearchBoxAnswer {
  readonly searchPost?: Listed<PostHit> | null
  readonly searchLive?: Listed<LiveHit> | null
  readonly searchStock?: Listed<StockHit> | null
  readonly searchUser?: Listed<UserHit> | null
  readonly searchPortfolio?: Listed<PortfolioHit> | null
  readonly searchFinancialCircle?: Listed<FinancialCircleHit> | null
}

/** The popup's groups, in display order. */
export const QUICK_GROUPS = ['financialCircle', 'stock', 'portfolio', 'post', 'live'] as const
export type QuickGroup = (typeof QUICK_GROUPS)[number]

export interface QuickResults {
  /** the keyword these results answer */
  readonly keyword: string
  readonly financialCircle: readonly FinancialCircleHit[]
  readonly stock: readonly StockHit[]
  readonly portfolio: readonly PortfolioHit[]
  readonly post: readonly PostHit[]
  readonly live: readonly LiveHit[]
}

const take = <T>(part: Listed<T> | null | undefined, n: number): T[] => (part?.list ?? []).slice(0, Math.max(0, n))

/** Groups a search-box answer for the popup, at most `perType` items per group. */
export function toQuickResults(
  keyword: string,
  answer: SearchBoxAnswer | null | undefined,
  perType: number = QUICK_RESULTS_PER_TYPE,
): QuickResults {
  return {
    keyword,
    financialCircle: take(answer?.searchFinancialCircle, perType),
    stock: take(answer?.searchStock, perType),
    portfolio: take(answer?.searchPortfolio, perType),
    post: take(answer?.searchPost, perType),
    live: take(answer?.searchLive, perType),
  }
}

/** True when no group has anything to show (the popup shows its empty text). */
export function isEmptyQuickResults(results: QuickResults): boolean {
  return QUICK_GROUPS.every((g) => results[g].length === 0)
}

/** A hot stock in the empty-box popup. */
export interface HotStock {
  readonly id: string
  readonly name: string
  readonly code: string
  readonly market: string
}
