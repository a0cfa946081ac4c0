// Browser entry: the reader's script, i18n, the HTTP port and storage, then the app.
import { createRoot } from 'react-dom/client'
import { createLazyHttp } from '../adapters/http/lazy-http'
import { createLocalStorageStore } from '../adapters/storage/local-storage'
import { readCookie, writeCookie } from '../adapters/storage/cookies'
import { htmlLang, LANG_COOKIE, LANG_COOKIE_DAYS, parseLang, stripZhHkPrefix, type Lang } from '../core/locale/lang'
import { INITIAL_DATA_ELEMENT_ID, parseInitialData } from '../core/api/initial-data'
import { initI18n, t } from './i18n/i18n'
import { ServicesProvider, type Services } from './services'
import { App } from './app'
import { globals } from './styles/global'

void globals

const setLangCookie = (lang: Lang) => writeCookie(LANG_COOKIE, lang, { maxAgeDays: LANG_COOKIE_DAYS })

// spec 000 §2: the /zh-hk prefix marks the traditional variant; it is stripped by redirect, keeping the query
const redirect = stripZhHkPrefix(location.pathname, location.search, location.hash)
if (redirect) {
  setLangCookie(redirect.lang)
  history.replaceState(null, '', redirect.to)
}

const lang = parseLang(readCookie(LANG_COOKIE))
document.documentElement.lang = htmlLang(lang)

async function start() {
  await initI18n(lang)
  document.title = t('site.title')
  const http = createLazyHttp({ getLang: () => lang })
  const inlined = parseInitialData(document.getElementById(INITIAL_DATA_ELEMENT_ID)?.textContent)
  const root = createRoot(document.getElementById('root')!)
  const services: Services = {
    http,
    store: createLocalStorageStore(),
    lang,
    config: inlined?.config ?? null,
    initial: { home: inlined?.home },
    now: () => Date.now(),
    setLangCookie,
    reload: () => location.reload(),
  }
  const render = () =>
    root.render(
      <ServicesProvider value={services}>
        <App />
      </ServicesProvider>,
    )
  render()
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

void start()
