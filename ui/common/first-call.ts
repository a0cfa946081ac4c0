// A feature's api.ts asks for a page's first page with the call of core/api/first-screen.ts, so the
// answer the server inlined under that call's key is the answer this call would get.
import type { Endpoint, ResultOf } from '../../core/api/endpoint'
import type { CallInput, HttpPort } from '../../core/api/http-port'
import type { FirstCall } from '../../core/api/first-screen'

export function callFirst<E extends Endpoint>(http: HttpPort, endpoint: E, call: FirstCall): Promise<ResultOf<E>> {
  if (endpoint.name !== call.endpoint) return Promise.reject(new Error(`first call ${call.endpoint} made to ${endpoint.name}`))
  return http.call(endpoint, { params: call.params, query: call.query } as CallInput<E>)
}
