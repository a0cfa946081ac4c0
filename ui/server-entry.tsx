// Server entry (issue 11): the first screen of a reading page rendered to HTML with React's
// streaming renderer, from the same components and the same inlined data as the browser, which
// then hydrates it (ui/main.tsx). Built by `vite build --ssr` into dist/server/ and loaded by the
// server (server/seo/ssr.ts). Pages that need a session render their guest frame.
// The edge build, not the Node one: react-dom/server's Node build runs every render inside an
// AsyncLocalStorage, whose first run() turns on Node's promise hooks for every promise the process makes
// from then on — after one rendered page the API answered at two thirds of its speed, for good (issue 31).
// The edge build uses one only where the runtime offers a global AsyncLocalStorage (Node does not).
import { renderToReadableStream } from 'react-dom/server.edge'
import { Router } from 'wouter'
import i18next, { type i18n as I18n } from 'i18next'
import type { Lang } from '../core/locale/lang'
import type { HttpPort } from '../core/api/http-port'
import type { InitialData } from '../core/api/initial-data'
import { createMemoryStore } from '../core/storage/memory-store'
import { ApiError } from '../core/api/api-error'
import { initI18n, setI18nSource } from './i18n/i18n'
import { zhCn } from './i18n/zh-cn'
import { ServicesProvider, type Services } from './services'
import { createPriceColours } from './styles/price-colours'
import { SessionProvider } from './accounts/session'
import { startSession } from './accounts/session-api'
import { App } from './app'

/** The server asks which paths are pages (a 404 status for the rest): server/seo/ssr.ts loadPageMatcher. */
export { isKnownPage } from './app'
import { globals } from './styles/global'

void globals

/** One i18next instance per script, made once; each render reads the one of its request. */
const instances = new Map<Lang, Promise<I18n>>()
function instanceFor(lang: Lang): Promise<I18n> {
  let found = instances.get(lang)
  if (!found) {
    const instance = i18next.createInstance()
    found = initI18n(lang, instance, zhCn).then(() => instance)
    instances.set(lang, found)
  }
  return found
}
/**
 * Where a render finds its request's i18next instance across the renderer's async steps: the
 * server passes an AsyncLocalStorage (ui/ stays free of Node APIs).
 */
export interface RequestScope {
  run<R>(store: unknown, fn: () => R): R
  getStore(): unknown
}
let scope: RequestScope | null = null
setI18nSource(() => (scope?.getStore() as I18n | undefined) ?? i18next)

/** The server renders from inlined data only: a call to the API during render is a bug, not a fetch. */
const noHttp: HttpPort = {
  call: () => Promise.reject(new ApiError({ statusCode: 0, message: 'no API call while rendering on the server' })),
  upload: () => Promise.reject(new ApiError({ statusCode: 0, message: 'no API call while rendering on the server' })),
}

/** Longest a render may take before the page is sent without its first screen (the browser draws it). */
export const RENDER_TIMEOUT_MS = 2_000

/** The HTML inside <div id="root"> for `url` (path and query), or null when rendering failed. */
export async function render(url: string, initial: InitialData, lang: Lang, requestScope: RequestScope): Promise<string | null> {
  const i18n = await instanceFor(lang)
  const services: Services = {
    http: noHttp,
    store: createMemoryStore(),
    lang,
    config: initial.config,
    initial: { path: url.split('?')[0] ?? '/', answers: initial.answers, servedAt: initial.servedAt },
    now: () => Date.now(),
    setLangCookie: () => undefined,
    // nothing the server renders depends on the scheme: prices are coloured by CSS variables that the
    // page's data-price-colours attribute sets (server/http/static.ts); the charts draw in the browser
    priceColours: createPriceColours('redUp'),
    reload: () => undefined,
  }
  const session = startSession(noHttp, { hinted: false })
  const [path, search = ''] = url.split('?')
  scope = requestScope
  return requestScope.run(i18n, async () => {
    const abort = new AbortController()
    const timer = setTimeout(() => abort.abort(), RENDER_TIMEOUT_MS)
    let failed = false
    try {
      const stream = await renderToReadableStream(
        <Router ssrPath={path} ssrSearch={search}>
          <ServicesProvider value={services}>
            <SessionProvider actor={session}>
              <App />
            </SessionProvider>
          </ServicesProvider>
        </Router>,
        {
          signal: abort.signal,
          // the whole page inline, in order: React outlines a finished boundary larger than this
          // (12.8 kB by default) behind its fallback and swaps it in with an inline script, which our
          // Content-Security-Policy (no inline scripts) blocks — the browser then renders it anew
          progressiveChunkSize: Number.MAX_SAFE_INTEGER,
          onError: (error) => {
            failed = true
            console.error('server render failed:', error)
          },
        },
      )
      // the whole first screen, lazy pages included, so crawlers without JavaScript read it
      await stream.allReady
      const html = await new Response(stream).text()
      return failed ? null : html
    } catch {
      return null
    } finally {
      clearTimeout(timer)
      session.stop()
    }
  })
}
