// Browser entry: the reader's script, i18n, the HTTP port and storage, then the app.
import { startTransition, type ReactNode } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { createLazyHttp } from '../adapters/http/lazy-http'
import { createLocalStorageStore } from '../adapters/storage/local-storage'
import { readCookie, writeCookie } from '../adapters/storage/cookies'
import { htmlLang, LANG_COOKIE, LANG_COOKIE_DAYS, parseLang, stripZhHkPrefix, type Lang } from '../core/locale/lang'
import { INITIAL_DATA_ELEMENT_ID, parseInitialData } from '../core/api/initial-data'
import { CHUNK_RELOAD_KEY, shouldReloadForChunkError } from '../core/shell/chunk-reload'
import { initI18n } from './i18n/i18n'
import { ServicesProvider, type Services } from './services'
import { App } from './app'
import { SessionProvider, sessionHinted } from './accounts/session'
import { startSession, withSessionExpiry } from './accounts/session-api'
import type { SessionActor } from './common/session'
import { globals } from './styles/global'
import { browserPriceColours } from './styles/price-colours'
import { devToolsEnabled } from './dev/inspector'
import { DEV_MACHINES_PATH } from '../core/shell/dev-tools'
import { afterFirstPaint, whenIdle } from './entry-timing'

void globals

const setLangCookie = (lang: Lang) => writeCookie(LANG_COOKIE, lang, { maxAgeDays: LANG_COOKIE_DAYS })

// spec 000 §2: the /zh-hk prefix marks the traditional variant; it is stripped by redirect, keeping the query
const redirect = stripZhHkPrefix(location.pathname, location.search, location.hash)
if (redirect) {
  setLangCookie(redirect.lang)
  history.replaceState(null, '', redirect.to)
}

// spec 000 §4: a chunk that fails to load (a deploy replaced it) reloads the page, at most once per 60 s
window.addEventListener('vite:preloadError', (event) => {
  const store = createLocalStorageStore()
  const now = Date.now()
  if (shouldReloadForChunkError(store.get(CHUNK_RELOAD_KEY), now)) {
    event.preventDefault()
    store.set(CHUNK_RELOAD_KEY, String(now))
    location.reload()
  }
})

const lang = parseLang(readCookie(LANG_COOKIE))
document.documentElement.lang = htmlLang(lang)

// the state-machine visualiser (ui/dev/): `npm run dev`, or `npm start` in local mode on loopback; never production
const devTools = devToolsEnabled()

async function start() {
  if (devTools && location.pathname === DEV_MACHINES_PATH) {
    ;(await import('./dev/dev-tools')).mountMachinesPage(document.getElementById('root')!)
    return
  }
  const container = document.getElementById('root')!
  // the server rendered the first screen (ui/server-entry.tsx): hydrate it instead of drawing anew
  const serverRendered = container.firstElementChild !== null
  // issue 31: the server's HTML paints first; hydrating (its route chunks, their styles, i18n) comes after
  if (serverRendered) await afterFirstPaint(window)
  await initI18n(lang)
  // a call answered 401 ends the session (the machine ignores it for a guest)
  let session: SessionActor | null = null
  const http = withSessionExpiry(createLazyHttp({ getLang: () => lang }), () => session)
  // the app state every feature reads: started once, here (core/session/session.machine.ts)
  session = startSession(http, { hinted: sessionHinted() })
  const inlined = parseInitialData(document.getElementById(INITIAL_DATA_ELEMENT_ID)?.textContent)
  const services: Services = {
    http,
    store: createLocalStorageStore(),
    lang,
    config: inlined?.config ?? null,
    initial: { path: location.pathname, answers: inlined?.answers, servedAt: inlined?.servedAt },
    now: () => Date.now(),
    setLangCookie,
    // issue 24: red-up or green-up, from the price_colours cookie
    priceColours: browserPriceColours(),
    reload: () => location.reload(),
  }
  const tree = () => (
    <ServicesProvider value={services}>
      <SessionProvider actor={session}>
        <App />
      </SessionProvider>
    </ServicesProvider>
  )
  const root = serverRendered ? hydrateInSlices(container, tree()) : createRoot(container)
  const render = () => root.render(tree())
  if (!serverRendered) render()
  // the dev tools' button: nobody needs it before the page is ready
  if (devTools) whenIdle(window, () => void import('./dev/dev-tools').then((m) => m.mountOverlay()))
  if (!inlined) {
    // served without inlined data (the Vite dev server): ask the API
    import('../core/api/content')
      .then((m) => http.call(m.siteConfig))
      .then(
        (config) => {
          services.config = config
          render()
        },
        () => undefined,
      )
  }
}

/**
 * Hydrates in a transition (as Remix's entry does): React works in slices of a few milliseconds and
 * yields between them, so no long task blocks the page while it hydrates (Lighthouse's TBT) and a tap
 * is answered. startTransition runs its callback at once.
 */
function hydrateInSlices(container: HTMLElement, children: ReactNode): Root {
  let root: Root | null = null
  startTransition(() => {
    root = hydrateRoot(container, children)
  })
  return root!
}

void start()
