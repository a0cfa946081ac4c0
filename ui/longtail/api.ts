// The long tail's API module (design.md 'App state and the API layer'): the spec's calls its pages make.
import type { HttpPort } from '../../core/api/http-port'
import * as portfolio from '../../core/api/portfolio'
import { listUserStocksV2 } from '../../core/api/market'
import { onlineCustomer } from '../../core/api/order'
import { useApi } from '../common/use-api'
import { endpointRead, forReader, type Read } from '../common/use-read'

export function longtailApi(http: HttpPort) {
  return {
    /** spec 001 §7 GET /api/portfolio/{code}/detail/v1: the activity portfolio (80) or a contest entry */
    portfolio: (code: string) => endpointRead(http, portfolio.detail, { params: { code } }),
    /** spec 000 §7 GET /api/online-customer/v1 (5 s): where the customer-service link goes */
    onlineCustomer: (): Read<string> => {
      const read = endpointRead(http, onlineCustomer)
      return {
        key: { ...read.key, as: 'url' },
        load: async (signal) => {
          const r = (await read.load(signal)) as { url?: unknown } | null
          return r && typeof r.url === 'string' ? r.url : '/terms/contact'
        },
      }
    },
    /** spec 000 §7 GET /api/userstock/v2: the reader's watchlist, funds among it */
    watchlist: (userId: number) => forReader(endpointRead(http, listUserStocksV2), userId),
  }
}

export const useLongtailApi = () => useApi(longtailApi)
