// Routes of the market feature (spec 000 §7 'Market data' and 'Watchlist'), registered by server/app.ts
// before the static client. Every route decodes its input with the core/api/market.ts schemas.
import type { Hono } from 'hono'
import type { RegisterFeature } from '../feature'
import { route } from '../http/route'
import { requireUser } from '../accounts/session'
import { ApiError } from '../http/api-error'
import * as api from '../../core/api/market'
import {
  announcementsFor, baseOf, capitalFlowFor, companyInfoFor, discussionFor, financeFor, hkBoardsFor, hotRangesFor, isShortSellingFor,
  klineFor, knownStocks, leaderboardFor, sharedMarket, minuteLineFor, netChangeFor, paged, quoteInfoFor, rankFor,
  ratiosFor, shortDataFor, shortPositionsFor, stockByMarketCode, stockNewsFor, stockOf, stockQuoteFor, type Market,
} from './market-data'
import { addUserStock, deleteUserStocks, isUserStock, userStocks } from './watchlist'
import { registerQuoteStream } from './quote-stream'
import { coreAssetDetailFor, coreAssetStocksFor } from './core-asset'
import { flowEntranceFor, homePageDataFor } from './home-data'
import { sortBy } from '../../core/market/sort-rows'
import type { FixtureStock } from '../../fixtures/types'

/**
 * A stock whose bars a page is about to read, fetched first by a real feed (the simulator has them
 * all): its minute bars (charts, capital flow) or its day bars (k-lines, 52-week range, short data).
 */
async function withBars(m: Market, s: FixtureStock, bars: 'minute' | 'days'): Promise<FixtureStock> {
  await m.feed.prepare({ [bars]: [s.id] })
  return s
}

/** spec: the same seed gives the same history on every start; MARKET_SEED may choose another series. */
export const DEFAULT_MARKET_SEED = 'ganmeihui-market'
const DEFAULT_PAGE_SIZE = 20

export const registerMarket: RegisterFeature = (app: Hono, { db, clock, env }) => {
  const market = () => sharedMarket(db, env, clock, DEFAULT_MARKET_SEED)

  // --- quotes
  route(app, api.netChange, async ({ query, lang }) => {
    const m = await market()
    return knownStocks(m, query.stockCodes).map((s) => netChangeFor(m, s, lang))
  })
  route(app, api.quoteBaseData, async ({ query, lang }) => {
    const m = await market()
    return knownStocks(m, query.stockCodes).map((s) => baseOf(s, lang))
  })
  route(app, api.hqBaseData, async ({ query, lang }) => {
    const m = await market()
    return knownStocks(m, query.stockCodes).map((s) => stockQuoteFor(m, s, lang))
  })
  route(app, api.quoteInfo, async ({ params, lang }) => {
    const m = await market()
    return quoteInfoFor(m, await withBars(m, stockByMarketCode(m, params.market, params.code), 'days'), lang)
  })
  route(app, api.stockCurrency, async ({ query }) => {
    const m = await market()
    const stocks = query.stockCodes ? knownStocks(m, query.stockCodes) : []
    return {
      // indicative rates for display (the simulator keeps them fixed)
      rates: [
        { currency: 'HKD', name: '港元', rateToCny: 0.9135, rateToHkd: 1 },
        { currency: 'USD', name: '美元', rateToCny: 7.1120, rateToHkd: 7.7850 },
        { currency: 'CNY', name: '人民币', rateToCny: 1, rateToHkd: 1.0947 },
      ],
      stocks: stocks.map((s) => ({ stockCode: s.id, currency: s.currency })),
    }
  })

  // --- charts
  route(app, api.minuteLine, async ({ params }) => {
    const m = await market()
    return minuteLineFor(m, await withBars(m, stockByMarketCode(m, params.market, params.code), 'minute'), 1)
  })
  route(app, api.minuteLineV3, async ({ params, query }) => {
    const m = await market()
    return minuteLineFor(m, await withBars(m, stockByMarketCode(m, params.market, params.code), 'minute'), query.days ?? 1)
  })
  for (const ep of [api.kline, api.klineV4]) {
    route(app, ep, async ({ params, query }) => {
      const m = await market()
      return klineFor(m, await withBars(m, stockByMarketCode(m, params.market, params.code), params.type === 'min1' ? 'minute' : 'days'), params.type, query)
    })
  }

  // --- boards and rankings
  route(app, api.hkBoards, async ({ query, lang }) => hkBoardsFor(await market(), lang, query.sort ?? 'changePercent', query.order ?? 'desc'))
  route(app, api.rankDetail, async ({ params, query, lang }) => {
    const all = rankFor(await market(), params.market, lang, query.sort ?? 'changePercent', query.order ?? 'desc')
    return paged(all, query.page ?? 1, query.limit ?? DEFAULT_PAGE_SIZE)
  })
  route(app, api.leaderboard, async ({ query, lang }) => leaderboardFor(await market(), lang, query.market, query.count ?? DEFAULT_PAGE_SIZE))
  route(app, api.hotRange, async ({ query, lang }) => {
    const all = hotRangesFor(await market(), lang, { sortType: query.sortType ?? 'changePercent', order: query.order ?? 'desc', ...(query.market ? { market: query.market } : {}) })
    return paged(all, query.page ?? 1, query.count ?? DEFAULT_PAGE_SIZE)
  })

  // --- short selling
  route(app, api.shortPositionTable, async ({ params }) => {
    const m = await market()
    return { stockCode: params.code, list: shortPositionsFor(m, await withBars(m, stockOf(m, params.code), 'days'), params.type) }
  })
  route(app, api.shortDataList, async ({ params }) => {
    const m = await market()
    return { stockCode: params.code, list: shortDataFor(m, await withBars(m, stockOf(m, params.code), 'days'), params.months, params.type) }
  })
  route(app, api.isShortSelling, async ({ params }) => {
    const m = await market()
    return { stockCode: params.code, isShortSelling: isShortSellingFor(stockOf(m, params.code)) }
  })

  // --- company data
  route(app, api.companyInfo, async ({ params, lang }) => {
    const m = await market()
    return companyInfoFor(stockByMarketCode(m, params.market, params.code), lang)
  })
  route(app, api.ratios, async ({ params }) => {
    const m = await market()
    return ratiosFor(m, await withBars(m, stockByMarketCode(m, params.market, params.code), 'days'))
  })
  route(app, api.f10Finance, async ({ params }) => {
    const m = await market()
    return financeFor(m, stockByMarketCode(m, params.market, params.code))
  })
  route(app, api.coreCapital, async ({ query }) => {
    const m = await market()
    return capitalFlowFor(m, await withBars(m, stockOf(m, query.stockCode), 'minute')).summary
  })
  route(app, api.coreCapitalDetail, async ({ query }) => {
    const m = await market()
    return capitalFlowFor(m, await withBars(m, stockOf(m, query.stockCode), 'minute')).detail
  })

  // --- news, announcements, discussion
  route(app, api.stockNews, async ({ query }) => {
    const m = await market()
    return stockNewsFor(db, stockOf(m, query.stockCode), query.timestamp, query.count ?? DEFAULT_PAGE_SIZE)
  })
  route(app, api.stockAnnouncements, async ({ query }) => {
    const m = await market()
    return announcementsFor(m, stockOf(m, query.stockCode), query.page ?? 1, query.limit ?? DEFAULT_PAGE_SIZE)
  })
  route(app, api.stockDiscussion, async ({ query }) => {
    const m = await market()
    return discussionFor(m, stockOf(m, query.stockCode), query.timestamp, query.count ?? DEFAULT_PAGE_SIZE)
  })

  // --- core assets (/data/api/rss/detail is the reading feature's)
  route(app, api.coreAssetStocks, async ({ query, lang }) => {
    const all = sortBy(coreAssetStocksFor(await market(), lang, query.market), query.sort ?? 'marketCap', query.order ?? 'desc')
    return paged(all, query.page ?? 1, query.limit ?? DEFAULT_PAGE_SIZE)
  })
  route(app, api.coreAssetStock, async ({ params, lang }) => coreAssetDetailFor(await market(), params.id, lang))
  // GET /api/asset-allocation/{id}/v1 takes a reader's risk result id: server/membership/routes.ts

  // --- the home page's market strip and capital-flow entrance (spec 000 §7 'Home and content')
  route(app, api.homePageData, async ({ lang }) => homePageDataFor(await market(), lang))
  route(app, api.flowEntrance, async ({ lang }) => flowEntranceFor(await market(), lang))

  // --- live quotes
  registerQuoteStream(app, market)

  // --- watchlist
  route(app, api.isUserStock, async ({ query, c }) => {
    const user = await requireUser(c, db)
    return { isUserStock: await isUserStock(db, user.id, query.stockCode) }
  })
  route(app, api.addUserStock, async ({ body, c }) => {
    const user = await requireUser(c, db)
    return addUserStock(db, await market(), user.id, body.stockCode, body.stockType, Math.floor(clock() / 1000))
  })
  route(app, api.deleteUserStock, async ({ body, c }) => {
    const user = await requireUser(c, db)
    return deleteUserStocks(db, user.id, body.stockCodes)
  })
  route(app, api.listUserStocks, async ({ query, lang, c }) => {
    const user = await requireUser(c, db)
    if (query.userId !== undefined && query.userId !== user.id) throw new ApiError(403, api.MARKET_MESSAGES.notOthers)
    return paged(await userStocks(db, await market(), user.id, lang), query.page ?? 1, query.limit ?? DEFAULT_PAGE_SIZE)
  })
  route(app, api.listUserStocksV2, async ({ lang, c }) => {
    const user = await requireUser(c, db)
    return userStocks(db, await market(), user.id, lang)
  })
}
