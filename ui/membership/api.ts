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
import { endpointRead, forReader, lazyRead, type Read } from '../common/use-read'
import type { Endpoint, ResultOf } from '../../core/api/endpoint'
import type { FirstCall } from '../../core/api/first-screen'

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

/**
 * The membership feature's calls. Views read through `Read`s (ui/common/use-read.ts: keyed by endpoint
 * and input); a read whose answer depends on who reads it (what they bought, their coupons, an album's
 * locked articles) takes the reader's id and is keyed by it too.
 */
export interface MembershipApi {
  purchased(userId: number | null): Read<readonly order.PurchasedItem[]>
  coupons(userId: number | null): Read<readonly order.Coupon[]>
  /** GET /api/user-coupons/exchange (cdKey): the coupon a cd-key gives */
  exchangeCoupon(cdKey: string): Promise<order.Coupon>
  attestationActors: ReturnType<typeof attestationActors>
  /** GET /api/asset-allocation/{id}/v1 for the risk result's id (spec 001 §4: attestationSuccess carries it) */
  assetAllocation(id: number): Read<AssetAllocation>
  /** the membership goods (spec 001 §3 'Order goods by type'): /api/purchase/goods-list/v7 */
  memberGoods(userId: number | null): Read<order.OrderGoods | null>
  /** the goods of one spec (its siblings included), for /member/payment */
  goods(specsId: number, userId: number | null): Read<order.OrderGoods | null>
  coreAssetStocks(): Read<readonly CoreAssetStock[]>
  coreAssetStock(id: string): Read<CoreAssetDetail>
  columns(): Read<readonly Column[]>
  /** the article categories of /member/type (the channels) */
  channels(): Read<readonly Channel[]>
  /**
   * The member articles of a channel ('home': all). The spec's /api/vips/articles/v3 is not served:
   * the channel's feed is read page by page (at most VIP_SCAN_PAGES) and its VIP articles kept.
   */
  vipArticles(channel: string): Read<readonly ArticleSummary[]>
  /** the member home of the web (/api/vips/web/v5): slides, 机会提醒, equities */
  vipWeb(userId: number | null): Read<VipWebHome>
  /** the tiers on sale (/api/vips/v5) and the privileges (/api/vips-equity/v2) */
  vipTiers(): Read<readonly VipTier[]>
  vipEquities(): Read<readonly VipEquity[]>
  articleEquities(): Read<readonly ArticleEquity[]>
  /** one equity's member articles (null: every equity's, /article-equities/articles/v1) */
  equityArticles(equityId: number | null, userId: number | null): Read<readonly MemberArticle[]>
  album(id: number, userId: number | null): Read<Album>
  albumContent(id: number, userId: number | null): Read<readonly AlbumContent[]>
  albumTrial(id: number, userId: number | null): Read<readonly AlbumContent[]>
  industryRevival(): Read<IndustryRevival>
  /** the columns on sale, read as albums on /album (GET /api/shop-columns/v3, as many as it gives) */
  shopColumns(): Read<readonly ShopColumn[]>
}

/** A read of an endpoint imported on demand: keyed by its contract name and input; `pick` reshapes the answer (named by `as`). */
function lazy<E extends Endpoint, T = ResultOf<E>>(http: HttpPort, endpoint: () => Promise<E>, call: FirstCall, pick?: { as: string; from: (answer: ResultOf<E>) => T }): Read<T> {
  const read = lazyRead(http, endpoint, call)
  if (!pick) return read as Read<T>
  return { key: { ...call, as: pick.as }, load: async (signal) => pick.from(await read.load(signal)) }
}
const listOf = <X>(answer: { readonly list: readonly X[] }): readonly X[] => answer.list

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

async function vipArticlesOf(http: HttpPort, channel: string, signal: AbortSignal): Promise<ArticleSummary[]> {
  const { channelArticles } = await contentContract()
  const found: ArticleSummary[] = []
  let last: ArticleSummary | undefined
  let loaded = 0
  for (let i = 0; i < VIP_SCAN_PAGES; i++) {
    const page = await http.call(channelArticles, { params: { type: channel }, query: { count: VIP_PAGE_SIZE, ...(last ? { timestamp: last.createTimestamp, loaded } : {}) } }, { signal })
    found.push(...page.list.filter((a) => a.isVip))
    loaded += page.list.length
    last = page.list[page.list.length - 1]
    if (!page.hasMore || !last) break
  }
  return found
}

const make = (http: HttpPort): MembershipApi => {
  const area = <E extends Endpoint>(pick: (c: Awaited<ReturnType<typeof memberAreaContract>>) => E) => () => memberAreaContract().then(pick)
  return {
    purchased: (userId) => forReader(endpointRead(http, order.userPurchased), userId),
    coupons: (userId) => forReader(endpointRead(http, order.userCoupons, { query: {} }), userId),
    exchangeCoupon: (cdKey) => http.call(order.exchangeCoupon, { query: { cdKey } }),
    attestationActors: attestationActors(http),
    assetAllocation: (id) => lazy(http, () => attestationContract().then((c) => c.assetAllocation), { endpoint: 'assetAllocation.detail', params: { id } }),
    memberGoods: (userId) => {
      const read = endpointRead(http, order.goodsList, { query: {} })
      return forReader({ key: { ...read.key, as: 'vip' }, load: async (signal) => (await read.load(signal)).vip ?? null }, userId)
    },
    goods: (specsId, userId) => {
      const read = endpointRead(http, order.goodsList, { query: { specsId } })
      return forReader({ key: { ...read.key, as: 'first' }, load: async (signal) => firstGoods(await read.load(signal)) }, userId)
    },
    coreAssetStocks: () =>
      lazy(http, () => marketContract().then((c) => c.coreAssetStocks), { endpoint: 'market.coreAssetStocks', query: { sort: 'marketCap', order: 'desc', limit: CORE_ASSET_COUNT } }, { as: 'list', from: listOf }),
    coreAssetStock: (id) => lazy(http, () => marketContract().then((c) => c.coreAssetStock), { endpoint: 'market.coreAssetStock', params: { id } }),
    columns: () => lazy(http, () => columnsContract().then((c) => c.columnRecommend), { endpoint: 'column.recommend', query: { count: COLUMN_COUNT } }, { as: 'list', from: listOf }),
    channels: () => lazy(http, () => contentContract().then((c) => c.listChannels), { endpoint: 'channels.list' }),
    vipArticles: (channel) => ({ key: { endpoint: 'channels.articles', params: { type: channel }, as: 'vip' }, load: (signal) => vipArticlesOf(http, channel, signal) }),
    vipWeb: (userId) => forReader(lazy(http, area((c) => c.vipsWeb), { endpoint: 'vips.web' }), userId),
    vipTiers: () => lazy(http, area((c) => c.vips), { endpoint: 'vips.tiers' }),
    vipEquities: () => lazy(http, area((c) => c.vipsEquity), { endpoint: 'vipsEquity.list' }),
    articleEquities: () => lazy(http, area((c) => c.articleEquities), { endpoint: 'vipsEquity.articleEquities' }),
    equityArticles: (equityId, userId) =>
      forReader(
        equityId === null
          ? lazy(http, area((c) => c.allEquityArticles), { endpoint: 'vipsEquity.allArticles', query: {} }, { as: 'list', from: listOf })
          : lazy(http, area((c) => c.equityArticles), { endpoint: 'vipsEquity.equityArticles', params: { id: equityId }, query: { count: MEMBER_LIST_COUNT } }, { as: 'list', from: listOf }),
        userId,
      ),
    album: (id, userId) => forReader(lazy(http, area((c) => c.album), { endpoint: 'albums.detail', params: { id } }), userId),
    albumContent: (id, userId) =>
      forReader(lazy(http, area((c) => c.albumAllContent), { endpoint: 'albums.allContent', params: { id }, query: { count: MEMBER_LIST_COUNT } }, { as: 'list', from: listOf }), userId),
    albumTrial: (id, userId) => forReader(lazy(http, area((c) => c.albumTrialContent), { endpoint: 'albums.trialContent', params: { id } }), userId),
    industryRevival: () => lazy(http, area((c) => c.industryRevival), { endpoint: 'blackGold.industryRevival' }),
    shopColumns: () => ({
      key: { endpoint: 'shopColumns.list', query: { limit: SHOP_COLUMNS_MAX } },
      load: async (signal) => http.call((await memberAreaContract()).shopColumns, { query: { limit: SHOP_COLUMNS_MAX } }, { signal }),
    }),
  }
}

export const useMembershipApi = (): MembershipApi => useApi(make)
