// The search feature's API module (design.md 'App state and the API layer'): the calls of the
// results page and its strips, built from the HTTP port. The header's box has its own, lazy one
// (box-api.ts), so the shell does not load the search contract with every page.
import type { HttpPort } from '../../core/api/http-port'
import { subjectSearch } from '../../core/api/reading-docs'
import { searchByName as searchPortfolios } from '../../core/api/portfolio'
import { searchByType, searchStock, SEARCH_PAGE_SIZE } from '../../core/api/search'
import { resultTab } from '../../core/search/result-tab'
import type { SearchResultType } from '../../core/search/search-url'
import { useApi } from '../common/use-api'
import { endpointRead } from '../common/use-read'

/** spec 000 §7: the stocks strip above the results */
const STOCK_STRIP_COUNT = 6
export const SUBJECT_STRIP_COUNT = 4

export function searchApi(http: HttpPort) {
  return {
    relatedStocks: (keyword: string) => endpointRead(http, searchStock, { query: { keyword, count: STOCK_STRIP_COUNT } }),
    relatedSubjects: (keyword: string) => endpointRead(http, subjectSearch, { query: { keyword, count: SUBJECT_STRIP_COUNT } }),
    relatedPortfolios: (keyword: string) => endpointRead(http, searchPortfolios, { query: { keyword, count: SUBJECT_STRIP_COUNT } }),
    /** One page of one results tab (spec 000 §9: pages of 10). */
    resultPage: async (type: SearchResultType, keyword: string, page: number) =>
      resultTab(await http.call(searchByType, { params: { type }, query: { keyword, page, count: SEARCH_PAGE_SIZE } }), type),
  }
}

export const useSearchApi = () => useApi(searchApi)
