// The header search box's actors (spec 000 §4), built from the HTTP port. The search contract is
// imported when the box first searches, not with the page (the box is on every page).
import { fromPromise } from 'xstate'
import type { HttpPort } from '../../core/api/http-port'
import type { HotStock, SearchBoxAnswer } from '../../core/search/quick-results'
import type { SearchInput } from '../../core/search/search-box.machine'

export function searchBoxActors(http: HttpPort) {
  return {
    search: fromPromise<SearchBoxAnswer, SearchInput>(async ({ input, signal }) => {
      const api = await import('../../core/api/search')
      return http.call(api.searchBox, { query: { keyword: input.keyword, count: input.count } }, { signal })
    }),
    loadHotStocks: fromPromise<readonly HotStock[], void>(async ({ signal }) => {
      const api = await import('../../core/api/search')
      return (await http.call(api.searchFeatured, {}, { signal })).hotStocks
    }),
  }
}
