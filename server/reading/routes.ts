// Routes of the reading feature, registered by server/app.ts before the static client.
import * as search from '../../core/api/search'
import type { RegisterFeature } from '../feature'
import { registerReadingColumns } from './columns/routes'
import { registerReadingCommunity } from './community/routes'
import { registerReadingDocs } from './docs/routes'
import { route } from '../http/route'
import type { ContentLang } from '../i18n/to-hk'
import type { Db } from '../db/db'
import { hotStocks, searchArticles, searchFlashes, searchStocks, searchUsers } from './search'
import { numberedPage } from '../../core/api/page'
import { searchCircleHits } from '../circle-extras/search'
import { siteConfig } from '../content/site'
import { searchPortfoliosByName } from '../portfolio/search'
import { parseTrendingKeywords } from '../../core/search/trending-keywords'

/** spec 000 §9: search quick results 3 per type */
const QUICK_COUNT = 3
const STOCK_COUNT = 10
const HOT_STOCKS = 10

/** One part of the search results: stocks are not paged, so they come as one list. */
async function searchPart(db: Db, type: search.SearchPart, keyword: string, page: number, count: number, lang: ContentLang): Promise<search.SearchResults> {
  switch (type) {
    case 'post':
      return { searchPost: await searchArticles(db, keyword, { page, count }) }
    case 'live':
      return { searchLive: await searchFlashes(db, keyword, { page, count }) }
    case 'stock': {
      const all = await searchStocks(db, keyword, { count: Math.min(100, page * count + 1) }, lang)
      const list = all.slice((page - 1) * count, page * count)
      return { searchStock: numberedPage(list, { page, count, total: all.length }) }
    }
    case 'user':
      return { searchUser: await searchUsers(db, keyword, { page, count }) }
    case 'portfolio':
      return { searchPortfolio: await searchPortfoliosByName(db, keyword, { page, count }) }
    // wealth circles (spec 001 §7 circle search): server/circle-extras/search.ts
    case 'financeCircle':
      return { searchFinancialCircle: await searchCircleHits(db, keyword, { page, count }) }
  }
}

export const registerReading: RegisterFeature = (app, deps) => {
  registerReadingColumns(app, deps)
  registerReadingCommunity(app, deps)
  registerReadingDocs(app, deps)
  registerSearch(app, deps)
}

const registerSearch: RegisterFeature = (app, { db }) => {
  route(app, search.searchBox, async ({ query, lang }) => {
    const count = query.count ?? QUICK_COUNT
    const page = query.page ?? 1
    const parts = await Promise.all(search.SEARCH_PARTS.map((type) => searchPart(db, type, query.keyword, page, count, lang)))
    return Object.assign({}, ...parts) as search.SearchResults
  })
  route(app, search.searchNews, ({ query }) =>
    searchArticles(db, query.keyword, { page: query.page ?? 1, count: query.count ?? search.NEWS_SEARCH_COUNT }),
  )
  route(app, search.searchStock, async ({ query, lang }) => ({
    list: await searchStocks(db, query.keyword, { count: query.count ?? STOCK_COUNT }, lang),
  }))
  route(app, search.searchStockV2, async ({ query, lang }) => ({
    list: await searchStocks(db, query.keyword, { count: query.count ?? STOCK_COUNT, ...(query.market ? { markets: [query.market] } : {}) }, lang),
  }))
  // 沪深 (sh, sz) and Hong Kong
  route(app, search.searchStockForLUAndHK, async ({ query, lang }) => ({
    list: await searchStocks(db, query.keyword, { count: query.count ?? STOCK_COUNT, markets: ['hk', 'sh', 'sz'] }, lang),
  }))
  route(app, search.searchFeatured, async ({ lang }) => ({
    hotStocks: await hotStocks(db, HOT_STOCKS, lang),
    keywords: parseTrendingKeywords((await siteConfig(db)).trendingSearchKeywords),
  }))
  route(app, search.postSearch, ({ query }) =>
    searchArticles(db, query.keyword, {
      page: query.page ?? 1,
      count: query.count ?? search.SEARCH_PAGE_SIZE,
      vipOnly: query.isVipArticle === true,
      titleOnly: query.searchArea === 'title',
    }),
  )
  route(app, search.liveSearch, ({ query }) =>
    searchFlashes(db, query.keyword, {
      page: query.page ?? 1,
      count: query.count ?? search.SEARCH_PAGE_SIZE,
      ...(query.startTimestamp !== undefined ? { from: query.startTimestamp } : {}),
      ...(query.endTimestamp !== undefined ? { to: query.endTimestamp } : {}),
    }),
  )
  // after /api/search/news and /api/search/stock, which the pattern would catch
  route(app, search.searchByType, ({ params, query, lang }) =>
    searchPart(db, params.type, query.keyword, query.page ?? 1, query.count ?? search.SEARCH_PAGE_SIZE, lang),
  )
}
