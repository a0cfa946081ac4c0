// The member area's content (spec 001 §2 'Member area', §7 'Membership and purchase'): the article
// equities (the kinds of member articles), the member home's slides, the 黑金 industry-revival series
// and the page sizes of the member calls. The spec names the calls, not their contents: what each
// holds is ours, kept here once for the server and the views.

/** One article equity (a kind of member article) of /api/vips-equity/article-equities/v1. */
export interface ArticleEquityRule {
  readonly id: number
  readonly name: string
  readonly summary: string
  /** the member-area page that shows it */
  readonly route: string
  /** the channels whose member (VIP) articles it holds; null: every channel the others do not name */
  readonly channels: readonly string[] | null
}

/**
 * Ours: 机会提醒 (/member/chanceNotice) holds the member articles on Hong Kong and US stocks, 宏观策略
 * the macro ones, 产业研究 every other channel's. Each member article is in exactly one equity.
 */
export const ARTICLE_EQUITIES: readonly ArticleEquityRule[] = [
  { id: 1, name: '机会提醒', summary: '会员专享的港美股个股机会与风险提示', route: '/member/chanceNotice', channels: ['hk', 'us'] },
  { id: 2, name: '宏观策略', summary: '利率、汇率与大类资产的会员策略解读', route: '/member/type/article-index?equity=2', channels: ['macro'] },
  { id: 3, name: '产业研究', summary: '科技、医药与消费等产业链的会员深度研究', route: '/member/type/article-index?equity=3', channels: null },
]

/** The equity of a member article's channel (every channel has exactly one). */
export function equityOfChannel(channel: string): ArticleEquityRule {
  const named = ARTICLE_EQUITIES.find((e) => e.channels?.includes(channel))
  return named ?? ARTICLE_EQUITIES.find((e) => e.channels === null)!
}

/** The channels an equity names and the channels it leaves out (for the catch-all equity). */
export function equityChannels(equity: ArticleEquityRule): { only: readonly string[] } | { except: readonly string[] } {
  if (equity.channels !== null) return { only: equity.channels }
  return { except: ARTICLE_EQUITIES.flatMap((e) => e.channels ?? []) }
}

export const equityById = (id: number): ArticleEquityRule | undefined => ARTICLE_EQUITIES.find((e) => e.id === id)

/** spec 001 §7 /article-equities/articles/v1: 'loaded default 15' — the page size of that call. */
export const EQUITY_ARTICLES_PAGE = 15
/** Ours: the default page of the other member-article calls, and the member home's slides and notices. */
export const MEMBER_ARTICLES_PAGE = 10
export const MEMBER_SWIPER_SLIDES = 5
export const MEMBER_CHANCE_NOTICES = 3
/** spec 001 §7 /api/shop-columns/v3 (limit): ours, when no limit is given, and the most taken. */
export const SHOP_COLUMNS_DEFAULT = 10
export const SHOP_COLUMNS_MAX = 50

/**
 * The 黑金 industry-revival series (/black-gold/industry-revival): the columns on industries, by name
 * (the seed keeps their ids in config 'industryRevival'). Ours.
 */
export const INDUSTRY_REVIVAL = {
  title: '产业复兴',
  summary: '会员专享的产业系列：从人工智能、芯片到电动车、创新药与消费，沿着产业链寻找下一轮成长。',
  columnNames: ['AI产业链观察', '芯片周期论', '电动车周报', '创新药观察', '消费品牌研究'],
} as const
