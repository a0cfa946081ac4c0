// The market feature's API module: the calls its views and machines make, built from the HTTP port
// (design.md 'App state and the API layer'). Views take them through useMarketApi().
import type { HttpPort } from '../../core/api/http-port'
import { isApiError } from '../../core/api/api-error'
import { addUserStock, deleteUserStock, isUserStock } from '../../core/api/market'
import type { SaveOutput } from '../../core/toggle/toggle.machine'
import { useApi } from '../common/use-api'

export function marketApi(http: HttpPort) {
  return {
    isWatched: async (stockId: string) => (await http.call(isUserStock, { query: { stockCode: stockId } })).isUserStock,
    /** the watch toggle's save: POST /api/userstock to add, DELETE to remove */
    watch: async (stockId: string, market: 'hk' | 'us', on: boolean): Promise<SaveOutput> => {
      try {
        if (on) await http.call(addUserStock, { body: { stockCode: stockId, stockType: market } })
        else await http.call(deleteUserStock, { body: { stockCodes: [stockId] } })
        return { on }
      } catch (e) {
        // already there (a second tab added it): it is watched, which is what the reader wanted
        if (on && isApiError(e) && e.statusCode === 400) return { on: true }
        throw e
      }
    },
  }
}

export const useMarketApi = () => useApi(marketApi)
