// The membership feature's calls (issue 13): views get them here, never from the port directly.
// The attestation and member-area contracts are imported on demand (only their lazy pages call them).
import { fromPromise } from 'xstate'
import type { HttpPort } from '../../core/api/http-port'
import * as order from '../../core/api/order'
import type { AnswerSubmission, AssetAllocation, QuestionSet, RealNameBody, RealNameOutcome, RiskResult } from '../../core/api/attestation'
import type { CoreAssetDetail, CoreAssetStock } from '../../core/api/market'
import type { Column } from '../../core/api/reading-columns'
import type { ArticleSummary, Channel } from '../../core/api/content'
import type { Album, AlbumContent, ArticleEquity, IndustryRevival, MemberArticle, ShopColumn, VipEquity, VipTier, VipWebHome } from '../../core/api/member-area'
import type { AttestationStatus } from '../../core/attestation/attestation.machine'
import { SHOP_COLUMNS_MAX } from '../../core/membership/member-content'
import { useApi } from '../common/use-api'
import type { Read } from '../common/use-read'

const attestationContract = () => import('../../core/api/attestation')
const marketContract = () => import('../../core/api/market')
const columnsContract = () => import('../../core/api/reading-columns')
const contentContract = () => import('../../core/api/content')
const memberAreaContract = () => import('../../core/api/member-area')

/** spec 001 §3 'Real-name status result' and 'Risk result': what the attestation opens with. */
async function loadStatus(http: HttpPort): Promise<AttestationStatus> {
  const c = await attestationContract()
  const [status, riskResult] = await Promise.all([
    http.call(c.realNameStatus),
    http.call(c.questionnaireInfo, { params: { id: c.QUESTIONNAIRE_ID } }),
  ])
  return { realNameStatus: status.status, riskResult }
}

/**
 * The attestation machine's actors (core/attestation/attestation.machine.ts) from the port. A real-name
 * submission the server refuses rejects with its message (the machine shows it under 温馨提示).
 */
export function attestationActors(http: HttpPort) {
  return {
    loadStatus: fromPromise<AttestationStatus, void>(() => loadStatus(http)),
    submitRealName: fromPromise<RealNameOutcome, RealNameBody>(async ({ input }) => {
      const result = await http.call((await attestationContract()).submitRealName, { body: input })
      return { result, message: '' }
    }),
    loadQuestions: fromPromise<QuestionSet, { id: number }>(async ({ input }) => http.call((await attestationContract()).questionnaire, { params: { id: input.id } })),
    submitAnswers: fromPromise<RiskResult, { id: number; answers: AnswerSubmission }>(async ({ input }) =>
      http.call((await attestationContract()).submitAnswers, { params: { id: input.id }, body: input.answers }),
    ),
  }
}

export interface MembershipApi {
  purchased(): Promise<readonly order.PurchasedItem[]>
  coupons(): Promise<readonly order.Coupon[]>
  /** GET /api/user-coupons/exchange (cdKey): the coupon a cd-key gives */
  exchangeCoupon(cdKey: string): Promise<order.Coupon>
  attestationActors: ReturnType<typeof attestationActors>
  /** GET /api/asset-allocation/{id}/v1 for the risk result's id (spec 001 §4: attestationSuccess carries it) */
  assetAllocation(id: number): Promise<AssetAllocation>
  /** the membership goods (spec 001 §3 'Order goods by type'): /api/purchase/goods-list/v7 */
  memberGoods(): Promise<order.OrderGoods | null>
  /** the goods of one spec (its siblings included), for /member/payment */
  goodsOf(specsId: number): Promise<order.OrderGoods | null>
  coreAssetStocks(): Promise<readonly CoreAssetStock[]>
  coreAssetStock(id: string): Promise<CoreAssetDetail>
  columns(): Promise<readonly Column[]>
  /** the article categories of /member/type (the channels) */
  channels(): Promise<readonly Channel[]>
  /**
   * The member articles of a channel ('home': all). The spec's /api/vips/articles/v3 is not served:
   * the channel's feed is read page by page (at most VIP_SCAN_PAGES) and its VIP articles kept.
   */
  vipArticles(channel: string): Promise<readonly ArticleSummary[]>
  /** the member home of the web (/api/vips/web/v5): slides, 机会提醒, equities */
  vipWeb(): Promise<VipWebHome>
  /** the tiers on sale (/api/vips/v5) and the privileges (/api/vips-equity/v2) */
  vipTiers(): Promise<readonly VipTier[]>
  vipEquities(): Promise<readonly VipEquity[]>
  articleEquities(): Promise<readonly ArticleEquity[]>
  /** one equity's member articles (null: every equity's, /article-equities/articles/v1) */
  equityArticles(equityId: number | null): Promise<readonly MemberArticle[]>
  album(id: number): Promise<Album>
  albumContent(id: number): Promise<readonly AlbumContent[]>
  albumTrial(id: number): Promise<readonly AlbumContent[]>
  industryRevival(): Promise<IndustryRevival>
  /** the columns on sale, read as albums on /album (GET /api/shop-columns/v3, as many as it gives): read with useRead */
  shopColumns(): Read<readonly ShopColumn[]>
}

const firstGoods = (g: order.GoodsByType): order.OrderGoods | null => Object.values(g).find((x) => x !== undefined) ?? null

/** The goods of one spec (its siblings included), or null when nothing is on sale: /member/payment and the order dialog. */
export const goodsOfSpec = async (http: HttpPort, specsId: number): Promise<order.OrderGoods | null> =>
  firstGoods(await http.call(order.goodsList, { query: { specsId } }))

/** spec 001 §2 /member/coreCapital: the list shown (ours: 30, by market value). */
const CORE_ASSET_COUNT = 30
/** /member/column: the columns on the page (ours). */
const COLUMN_COUNT = 20
/** /member/articles: feed pages read for VIP articles, and the page size (ours) */
const VIP_SCAN_PAGES = 5
const VIP_PAGE_SIZE = 50
/** the member articles of an equity and an album's articles shown on one page (ours) */
const MEMBER_LIST_COUNT = 50

async function vipArticlesOf(http: HttpPort, channel: string): Promise<ArticleSummary[]> {
  const { channelArticles } = await contentContract()
  const found: ArticleSummary[] = []
  let last: ArticleSummary | undefined
  let loaded = 0
  for (let i = 0; i < VIP_SCAN_PAGES; i++) {
    const page = await http.call(channelArticles, { params: { type: channel }, query: { count: VIP_PAGE_SIZE, ...(last ? { timestamp: last.createTimestamp, loaded } : {}) } })
    found.push(...page.list.filter((a) => a.isVip))
    loaded += page.list.length
    last = page.list[page.list.length - 1]
    if (!page.hasMore || !last) break
  }
  return found
}

const make = (http: HttpPort): MembershipApi => ({
  purchased: () => http.call(order.userPurchased, {}),
  coupons: () => http.call(order.userCoupons, { query: {} }),
  exchangeCoupon: (cdKey) => http.call(order.exchangeCoupon, { query: { cdKey } }),
  attestationActors: attestationActors(http),
  assetAllocation: async (id) => http.call((await attestationContract()).assetAllocation, { params: { id } }),
  memberGoods: async () => (await http.call(order.goodsList, { query: {} })).vip ?? null,
  goodsOf: (specsId) => goodsOfSpec(http, specsId),
  coreAssetStocks: async () => (await http.call((await marketContract()).coreAssetStocks, { query: { sort: 'marketCap', order: 'desc', limit: CORE_ASSET_COUNT } })).list,
  coreAssetStock: async (id) => http.call((await marketContract()).coreAssetStock, { params: { id } }),
  columns: async () => (await http.call((await columnsContract()).columnRecommend, { query: { count: COLUMN_COUNT } })).list,
  channels: async () => http.call((await contentContract()).listChannels),
  vipArticles: (channel) => vipArticlesOf(http, channel),
  vipWeb: async () => http.call((await memberAreaContract()).vipsWeb),
  vipTiers: async () => http.call((await memberAreaContract()).vips),
  vipEquities: async () => http.call((await memberAreaContract()).vipsEquity),
  articleEquities: async () => http.call((await memberAreaContract()).articleEquities),
  equityArticles: async (equityId) => {
    const c = await memberAreaContract()
    return equityId === null
      ? (await http.call(c.allEquityArticles, { query: {} })).list
      : (await http.call(c.equityArticles, { params: { id: equityId }, query: { count: MEMBER_LIST_COUNT } })).list
  },
  album: async (id) => http.call((await memberAreaContract()).album, { params: { id } }),
  albumContent: async (id) => (await http.call((await memberAreaContract()).albumAllContent, { params: { id }, query: { count: MEMBER_LIST_COUNT } })).list,
  albumTrial: async (id) => http.call((await memberAreaContract()).albumTrialContent, { params: { id } }),
  industryRevival: async () => http.call((await memberAreaContract()).industryRevival),
  shopColumns: () => ({
    key: { endpoint: 'shopColumns.list', query: { limit: SHOP_COLUMNS_MAX } },
    load: async (signal) => http.call((await memberAreaContract()).shopColumns, { query: { limit: SHOP_COLUMNS_MAX } }, { signal }),
  }),
})

export const useMembershipApi = (): MembershipApi => useApi(make)
