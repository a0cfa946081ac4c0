// Server entry (issue 11): the first screen of a reading page rendered to HTML with React's
// streaming renderer, from the same components and the same inlined data as the browser, which
// then hydrates it (ui/main.tsx). Built by `vite build --ssr` into dist/server/ and loaded by the
// server (server/seo/ssr.ts). Pages that need a session render their guest frame.
import { AsyncLocalStorage } from 'node:async_hooks'
import { PassThrough } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import { Router } from 'wouter'
import i18next, { type i18n as I18n } from 'i18next'
import type { Lang } from '../core/locale/lang'
import type { HttpPort } from '../core/api/http-port'
import type { InitialData } from '../core/api/initial-data'
import { createMemoryStore } from '../core/storage/memory-store'
import { ApiError } from '../core/api/api-error'
import { initI18n, setI18nSource } from './i18n/i18n'
import { ServicesProvider, type Services } from './services'
import { SessionProvider } from './accounts/session'
import { startSession } from './accounts/api'
import { App } from './app'
import { globals } from './styles/global'

void globals

/** One i18next instance per script, made once; each render reads the one of its request. */
const instances = new Map<Lang, Promise<I18n>>()
function instanceFor(lang: Lang): Promise<I18n> {
  let found = instances.get(lang)
  if (!found) {
    const instance = i18next.createInstance()
    found = initI18n(lang, instance).then(() => instance)
    instances.set(lang, found)
  }
  return found
}
const requestI18n = new AsyncLocalStorage<I18n>()
setI18nSource(() => requestI18n.getStore() ?? i18next)

/** The server renders from inlined data only: a call to the API during render is a bug, not a fetch. */
const noHttp: HttpPort = {
  call: () => Promise.reject(new ApiError({ statusCode: 0, message: 'no API call while rendering on the server' })),
}

/** Longest a render may take before the page is sent without its first screen (the browser draws it). */
export const RENDER_TIMEOUT_MS = 2_000

/** The HTML inside <div id="root"> for `url` (path and query), or null when rendering failed. */
export async function render(url: string, initial: InitialData, lang: Lang): Promise<string | null> {
  const i18n = await instanceFor(lang)
  const services: Services = {
    http: noHttp,
    store: createMemoryStore(),
    lang,
    config: initial.config,
    initial: { home: initial.home, news: initial.news },
    now: () => Date.now(),
    setLangCookie: () => undefined,
    reload: () => undefined,
  }
  const session = startSession(noHttp, { hinted: false })
  const [path, search = ''] = url.split('?')
  return requestI18n.run(i18n, () => new Promise<string | null>((resolve) => {
    let failed = false
    const chunks: Buffer[] = []
    const sink = new PassThrough()
    sink.on('data', (c: Buffer) => chunks.push(c))
    sink.on('end', () => resolve(failed ? null : Buffer.concat(chunks).toString('utf8')))
    const stream = renderToPipeableStream(
      <Router ssrPath={path} ssrSearch={search}>
        <ServicesProvider value={services}>
          <SessionProvider actor={session}>
            <App />
          </SessionProvider>
        </ServicesProvider>
      </Router>,
      {
        // the whole first screen, lazy pages included, so crawlers without JavaScript read it
        onAllReady: () => stream.pipe(sink),
        onShellError: () => {
          failed = true
          resolve(null)
        },
        onError: (error) => {
          failed = true
          console.error('server render failed:', error)
        },
      },
    )
    setTimeout(() => {
      stream.abort()
      session.stop()
    }, RENDER_TIMEOUT_MS).unref()
  }))
}
