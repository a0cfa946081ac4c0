// The HTTP port, loaded on first use. The fetch adapter and the Effect Schemas it decodes with are
// ~26 KB (gzip) that the home page does not need for its first paint: the server inlines the home
// page's first data into the HTML, so the schemas load only when the reader asks for more.
import type { HttpPort } from '../../core/api/http-port'
import type { FetchHttpOptions } from './fetch-http'

export function createLazyHttp(options: FetchHttpOptions, load = () => import('./fetch-http')): HttpPort & { ready: () => Promise<HttpPort> } {
  let port: Promise<HttpPort> | null = null
  const ready = () => (port ??= load().then((m) => m.createFetchHttp(options)))
  return {
    ready,
    call: (endpoint, input, callOptions) => ready().then((http) => http.call(endpoint, input, callOptions)),
    upload: (endpoint, input, uploadOptions) => ready().then((http) => http.upload(endpoint, input, uploadOptions)),
  }
}
