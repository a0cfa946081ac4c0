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

/** spec 000 §7: the stocks strip above the results */
const STOCK_STRIP_COUNT = 6
export const SUBJECT_STRIP_COUNT = 4

export function searchApi(http: HttpPort) {
  return {
    relatedStocks: async (keyword: string) => (await http.call(searchStock, { query: { keyword, count: STOCK_STRIP_COUNT } })).list,
    relatedSubjects: async (keyword: string) => (await http.call(subjectSearch, { query: { keyword, count: SUBJECT_STRIP_COUNT } })).list,
    relatedPortfolios: async (keyword: string) => (await http.call(searchPortfolios, { query: { keyword, count: SUBJECT_STRIP_COUNT } })).list,
    /** One page of one results tab (spec 000 §9: pages of 10). */
    resultPage: async (type: SearchResultType, keyword: string, page: number) =>
      resultTab(await http.call(searchByType, { params: { type }, query: { keyword, page, count: SEARCH_PAGE_SIZE } }), type),
  }
}

export const useSearchApi = () => useApi(searchApi)
