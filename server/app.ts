// The API server (spec 000 §7): every route comes from a core endpoint through route().
import { forgetLoginInfos } from './accounts/login-info-cache'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import * as content from '../core/api/content'
import { codec, DEFAULT_MAX_BODY_BYTES } from '../core/api/endpoint'
import type { Db } from './db/db'
import { failure, MESSAGES } from './http/api-error'
import { bodyLimitOf, messageFor, route } from './http/route'
import { contentLang, localiseToHk } from './i18n/to-hk'
import { registerPictures, registerStatic } from './http/static'
import { registerHealth } from './http/health'
import { fastPublicAnswers, type FastPath } from './http/fast-path'
import { securityHeaders } from './http/security-headers'
import { RETRY_AFTER_SECONDS, throttledLog, UNAVAILABLE_MESSAGES, unavailableReason } from './http/unavailable'
import { articleDetail, channelArticles, DEFAULT_COUNT, listChannels, listNewsTypes, newsByCursor, newsByPage } from './content/articles'
import { allLives, DEFAULT_LIMIT, liveDetail } from './content/lives'
import { LOG_RATE, siteConfig, storeLogs } from './content/site'
import { registerContent } from './content/routes'
import { fromThisSite } from './http/same-origin'
import { clientIp, overLimit, recordEvent } from './accounts/http'
import { ACCOUNT_MESSAGES } from '../core/accounts/limits'
import { getCookie } from 'hono/cookie'
import type { Context } from 'hono'
import * as Schema from 'effect/Schema'
import { INITIAL_DATA_ELEMENT_ID, parseInitialData, serialiseInitialData, type InitialData } from '../core/api/initial-data'
import { LANG_COOKIE, parseLang, stripZhHkPrefix } from '../core/locale/lang'
import { MicroCache } from './http/micro-cache'
import { compressAnswers } from './http/compression'
import { firstScreenAnswers } from './seo/first-screen'
import { firstScreenCalls } from '../core/api/first-screen'
import { registerAccounts } from './accounts/routes'
import { registerReading } from './reading/routes'
import { registerMarket } from './market/routes'
import { applyHead, pageHead, type PageHead } from './seo/page-head'
import { originOf, registerFeeds } from './seo/feeds'
import { registerPosting } from './posting/routes'
import { registerMessages } from './messages/routes'
import { registerInteraction } from './interaction/routes'
import { registerPortfolio } from './portfolio/routes'
import { registerUploads, STREAMED_UPLOAD_PATHS } from './uploads/routes'
import { registerChat } from './chat/routes'
import { loadPageMatcher, loadRenderer, sheetsOf, withRoot } from './seo/ssr'
import { viewerOf } from './membership/paywall'
import { registerMembership } from './membership/routes'
import { registerClockSandbox, type ClockControl } from './clock-sandbox'
import { WRITE_LIMITS, type WriteLimitTable } from '../core/limits/write-limits'
import { registerWriteLimits } from './http/write-limit'
import { sandboxAllowed } from './mode'
import { DEV_MACHINES_PATH, DEV_TOOLS_META } from '../core/shell/dev-tools'
import { registerWecom } from './wecom/routes'
import { registerCircles } from './circles/routes'
import { registerCircleAdminCircles } from './circle-admin/circles/routes'
import { registerCourses } from './courses/routes'
import { registerCircleExtras } from './circle-extras/routes'
import { registerCertification } from './certification/routes'
import { registerLive } from './live/routes'
import { registerCircleAdminData } from './circle-admin/data/routes'
import { registerCircleAdminLive } from './circle-admin/live/routes'
import { registerStreaming } from './streaming/routes'
import { registerCommunityAdmin } from './circle-admin/communities/routes'
import { registerCircleAdminCourses } from './circle-admin/courses/routes'
import { streamingFromEnv } from './streaming/select-streaming'
import { TENCENT_VOD_ORIGINS } from './streaming/tencent'

export interface AppOptions {
  db: Db
  /** milliseconds since the epoch; tests pass a fixed clock */
  clock?: () => number
  /** the built client; default ./dist */
  staticDir?: string
  /** local mode only (server/main.ts): the clock sandbox that moves `clock` (server/clock-sandbox.ts) */
  clockControl?: ClockControl
  /**
   * The write limits (core/limits/write-limits.ts); the real ones unless given. A test that is not
   * about limits but makes many writes from one account may pass a generous table.
   */
  writeLimits?: WriteLimitTable
  /** whether the process is stopping (server/main.ts: after SIGTERM /readyz answers 503 draining) */
  draining?: () => boolean
}

const fastPaths = new WeakMap<Hono, FastPath>()
/** The fast path for fresh public answers of an app createApp made (server/http/fast-path.ts). */
export const fastPathOf = (app: Hono): FastPath | undefined => fastPaths.get(app)

/** The default body limit; an endpoint may name a larger one (Endpoint.maxBodyBytes, route.ts bodyLimitOf). */
export const MAX_BODY_BYTES = DEFAULT_MAX_BODY_BYTES

/**
 * A Vite-built React app with no inline scripts. WeChat avatars (qlogo) may be shown; blob: images are
 * the previews of the reader's own picked images before they upload (the discussion dialog).
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; img-src 'self' data: blob: https://thirdwx.qlogo.cn https://wx.qlogo.cn; style-src 'self' 'unsafe-inline'; connect-src 'self'; media-src 'self' blob:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"

/** With the real GeeTest captcha configured, its widget's scripts, images and calls are allowed too. */
export function contentSecurityPolicy(env: Record<string, string | undefined>): string {
  // hls.js plays through MediaSource (blob: media, in the constant); in production Tencent's play domain
  // serves the live rooms' streams and Tencent VOD their recordings (server/streaming/tencent.ts)
  const play = env.TENCENT_LIVE_PLAY_DOMAIN?.trim()
  const media = play && /^[a-z0-9.-]+(:\d+)?$/i.test(play) ? ` https://${play} ${TENCENT_VOD_ORIGINS}` : ''
  const policy = CONTENT_SECURITY_POLICY.replace("connect-src 'self'", `connect-src 'self'${media}`).replace("media-src 'self' blob:", `media-src 'self' blob:${media}`)
  if (!env.GEETEST_ID) return policy
  const geetest = 'https://static.geetest.com https://api.geetest.com'
  return policy.replace("default-src 'self';", `default-src 'self'; script-src 'self' ${geetest};`)
    .replace('img-src', `img-src ${geetest}`)
    .replace("connect-src 'self'", `connect-src 'self' ${geetest}`)
}

export function createApp({ db, clock = Date.now, staticDir = './dist', clockControl, writeLimits = WRITE_LIMITS, draining }: AppOptions): Hono {
  const app = new Hono()
  const csp = contentSecurityPolicy(process.env)
  const security = securityHeaders(csp)
  // fresh public answers straight from node:http (server/http/fast-path.ts); server/main.ts listens with it
  fastPaths.set(app, fastPublicAnswers(app, csp, process.env))
  const nowSeconds = () => Math.floor(clock() / 1000)
  // first, before every middleware: a balancer's probes cost nothing and touch no session (server/http/health.ts)
  registerHealth(app, db, { draining })

  app.use('*', async (c, next) => {
    await next()
    // set on the answer's own headers: c.header() after the answer is made copies it through its body,
    // which makes @hono/node-server build a whole fetch Response for every request (issue 11 throughput)
    let headers = c.res.headers
    try {
      headers.set('X-Content-Type-Options', security['X-Content-Type-Options'])
    } catch {
      // an answer with immutable headers (a fetched one): copied once, as c.header() would
      c.header('X-Content-Type-Options', security['X-Content-Type-Options'])
      headers = c.res.headers
    }
    headers.set('Referrer-Policy', security['Referrer-Policy'])
    // a route may set a stricter policy of its own (stored uploads: server/uploads/routes.ts)
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', security['Content-Security-Policy'])
  })
  app.use('*', compressAnswers()) // JSON and HTML ≥ 1 KB gzip-compressed; see server/http/compression.ts
  // After a 413 the rest of the body is still on the socket. We do not drain it (that would read up
  // to whatever an abuser sends); `Connection: close` tells the client to open a new connection for
  // its next request, and Node closes this one once the answer is out (issue 9).
  const tooLarge = (c: Context) => c.json(failure(413, inReaderScript(c, MESSAGES.tooLarge)), 413, { Connection: 'close' })
  // GET and HEAD carry no body (Node's Request gives them none), so they skip the body checks: touching
  // `c.req.raw.body` makes @hono/node-server build a whole fetch Request (abort signal, body stream) —
  // on the home feed that was most of the framework's cost per request (issue 11 throughput).
  const mayHaveBody = (c: Context) => c.req.method !== 'GET' && c.req.method !== 'HEAD'
  app.use('*', (c, next) => (mayHaveBody(c) ? bodyLimit({ maxSize: bodyLimitOf(app, c.req.method, c.req.path), onError: tooLarge })(c, next) : next()))
  // A form body (multipart or urlencoded) that does not parse is the client's fault: 400 here, before
  // any route's parseBody() throws it as a 500. A copy is parsed; the route still reads the original.
  // And once a state-changing request has run, every reader's kept login info may be out of date (a
  // follow, a like's message, a purchase: server/accounts/login-info-cache.ts). One middleware for both,
  // which a GET or HEAD passes straight through.
  app.use('*', async (c, next) => {
    if (!mayHaveBody(c)) return next()
    try {
      const type = c.req.header('Content-Type') ?? ''
      // an upload route streams its own multipart body (server/uploads/receive.ts) and answers 400 itself
      if (/^\s*(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type) && !STREAMED_UPLOAD_PATHS.has(c.req.path) && c.req.raw.body) {
        try {
          await c.req.raw.clone().formData()
        } catch {
          return c.json(failure(400, inReaderScript(c, MESSAGES.badForm)), 400)
        }
      }
      await next()
    } finally {
      forgetLoginInfos(db)
    }
  })

  // --- content ---------------------------------------------------------------------------
  route(app, content.listChannels, () => listChannels(db))
  route(app, content.channelArticles, ({ params, query, lang }) =>
    channelArticles(db, params.type, { before: query.timestamp, count: query.count ?? DEFAULT_COUNT }, lang),
  )
  route(app, content.newsFilterLabels, () => listNewsTypes(db))
  route(app, content.newsListPage, ({ query, lang }) =>
    newsByPage(db, { page: query.page ?? 1, limit: query.limit ?? DEFAULT_COUNT, type: query.type }, lang),
  )
  route(app, content.newsList, ({ query, lang }) =>
    newsByCursor(db, query.type, { before: query.timestamp, count: query.count ?? DEFAULT_COUNT }, lang),
  )
  route(app, content.newsDetail, async ({ params, lang, c }) => articleDetail(db, params.id, lang, await viewerOf(c, db, clock())))
  route(app, content.allLives, ({ query, lang }) =>
    allLives(
      db,
      { onlyImportant: query.onlyShowImportant ?? false, limit: query.limit ?? DEFAULT_LIMIT, liveId: query.liveId, after: query.timestamp },
      lang,
    ),
  )
  route(app, content.liveDetail, ({ params, lang }) => liveDetail(db, params.id, lang))
  route(app, content.siteConfig, () => siteConfig(db))
  // a guest may send logs, but only from the site's own pages, at a bounded rate per address
  app.on(content.sendLogs.method, content.sendLogs.path, async (c, next) => {
    const say = (message: string) => messageFor(contentLang(c.req.header('Client-Lang')), message)
    if (!fromThisSite(c)) return c.json(failure(403, say(ACCOUNT_MESSAGES.csrf)), 403)
    const key = `logs:${clientIp(c, process.env)}`
    if (await overLimit(db, key, LOG_RATE, clock())) return c.json(failure(429, say(MESSAGES.tooMany)), 429)
    await recordEvent(db, key, clock())
    await next()
  })
  route(app, content.sendLogs, async ({ body, c }) => {
    await storeLogs(db, body, c.req.header('User-Agent') ?? '', nowSeconds())
    return 'well done' // spec 000 §7: the client expects the text 'well done'
  })

  // --- features --------------------------------------------------------------------------
  const deps = { db, clock, env: process.env }
  // every write a person makes is limited per account and per address (issue 23), checked right after the CSRF check
  registerAccounts(app, { ...deps, afterCsrf: (a) => registerWriteLimits(a, { ...deps, limits: writeLimits }) })
  if (clockControl) registerClockSandbox(app, clockControl, process.env) // after the CSRF check accounts registers
  registerReading(app, deps)
  // one channel, live channels, NCP, reminders: after all/lives above and after the reading routes'
  // /api/channels/subChannels/v1, which /api/channels/{id}/v1 would otherwise take (Hono answers in registration order)
  registerContent(app, { db, clock, env: process.env })
  registerMarket(app, deps)
  registerPosting(app, deps)
  registerPortfolio(app, deps)
  registerUploads(app, deps)
  registerChat(app, deps)
  registerMembership(app, deps)
  registerMessages(app, deps)
  registerInteraction(app, deps)
  registerWecom(app, deps) // enterprise WeChat sign-in and address book (server/wecom/)
  registerCircles(app, deps) // financial circles: moments, questions, pin and essence, joining (server/circles/)
  registerCircleAdminCircles(app, deps) // the circle-admin console's circles: list, create, edit, admins, rights, sort, review (server/circle-admin/circles/)
  registerCourses(app, deps) // a COURSE circle's chapters, progress and videos with byte ranges (server/courses/)
  registerCircleExtras(app, deps) // live columns and the circle chatroom (server/circle-extras/)
  registerCertification(app, deps) // creator certification and its review (server/certification/)
  const streaming = streamingFromEnv(process.env, { db, clock })
  registerStreaming(app, { ...deps, streaming }) // the streaming port's media and callback (server/streaming/)
  registerLive(app, { ...deps, streaming: streaming.port }) // live rooms, comments, online counts, roadshows (server/live/)
  registerCircleAdminData(app, deps) // the circle-admin console's orders, refunds, sales and members (server/circle-admin/data/)
  registerCircleAdminLive(app, { ...deps, streaming: streaming.port }) // the circle-admin console's live tabs (server/circle-admin/live/)
  registerCommunityAdmin(app, deps) // the circle-admin console's communities (server/circle-admin/communities/)
  registerCircleAdminCourses(app, deps) // the circle-admin console's course chapters and videos (server/circle-admin/courses/)

  // --- pictures and the client -----------------------------------------------------------
  registerPictures(app)
  registerFeeds(app, db)
  registerStatic(app, staticDir, async (c, html) => {
    const [inline, head, renderer] = await Promise.all([initialDataScript(c, app, db, clock()), pageHeadOf(c, db), loadRenderer(staticDir)])
    let page = applyHead(html, head).replace('</head>', () => `${inline.script}</head>`)
    // the state-machine visualiser (ui/dev/inspector.ts): local mode on a loopback socket only, never production
    if (sandboxAllowed(c, process.env)) page = page.replace('</head>', () => `<meta name="${DEV_TOOLS_META}" content="local"></head>`)
    if (renderer && inline.rendered) {
      const rendered = await renderer(pageRequestOf(c).path, inline.data, inline.lang)
      if (rendered !== null) page = withRoot(page, rendered, sheetsOf(staticDir, html))
    }
    return page
  }, async (path, c) => {
    if (path === DEV_MACHINES_PATH) return sandboxAllowed(c, process.env)
    // the build's own route table (ui/app.tsx): a path no page draws answers 404 with the 404 page
    // (the /zh-hk prefix is the client's to strip: spec 000 §2)
    const matcher = await loadPageMatcher(staticDir)
    return matcher === null || matcher(stripZhHkPrefix(path, '')?.to ?? path)
  })

  app.notFound((c) => {
    if (c.req.path.startsWith('/api/') || c.req.path === '/api') return c.json(failure(404, MESSAGES.apiNotFound), 404)
    return c.text('Not Found', 404)
  })
  // a database that is away for a moment or a full disk: 503 with a Chinese message, never a 500 (server/http/unavailable.ts)
  const logUnavailable = throttledLog()
  app.onError((error, c) => {
    const away = unavailableReason(error)
    if (away) {
      logUnavailable(away, errorLine(c.req.method, c.req.routePath || c.req.path, error))
      return c.json(failure(503, inReaderScript(c, UNAVAILABLE_MESSAGES[away])), 503, { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' })
    }
    console.error(errorLine(c.req.method, c.req.routePath || c.req.path, error))
    return c.json(failure(500, inReaderScript(c, MESSAGES.serverError)), 500)
  })
  return app
}

/**
 * The one log line of an unexpected failure: method, route pattern (`/api/news/:id/v3`, not the
 * requested path) and the error's name, code and message, with quoted values masked and no stack, SQL
 * parameters or `detail` — a database error must not copy the reader's data into the log.
 */
export function errorLine(method: string, route: string, error: unknown): string {
  const e = error instanceof Error ? error : new Error(String(error))
  const code = (e as { code?: unknown }).code
  const message = e.message
    .replace(/"[^"]*"|'[^']*'|\([^)]*\)=\([^)]*\)/g, '…')
    .replace(/\s+/g, ' ')
    .slice(0, 200)
  return `${method} ${route} failed: ${e.name}${typeof code === 'string' ? ` [${code}]` : ''}: ${message}`
}

/** A message answered outside route(), in the reader's script (Client-Lang), as route() answers its own. */
const inReaderScript = (c: Context, message: string): string => messageFor(contentLang(c.req.header('Client-Lang')), message)

// --- data inlined into the HTML (core/api/initial-data.ts) ------------------------------------

const encodeConfig = Schema.encodeUnknownSync(codec(content.siteConfig.result))
// Per process (issue 30): the first screen's inlined data is at most 1 s older than another process's write (docs/deploy.md)
const inlineCache = new WeakMap<Db, MicroCache<string>>()

/**
 * The site config on every page; on a server-rendered page also its first screen's answers, which
 * the server takes from its own API as a guest (server/seo/first-screen.ts).
 */
export async function initialData(app: Hono, db: Db, path: string, lang: 'zh-cn' | 'zh-hk', now: number): Promise<InitialData> {
  const [config, answers] = await Promise.all([siteConfig(db), firstScreenAnswers(app, path, lang)])
  // in the reader's script, as GET /api/config answers it (the hot words under the search box: issue 24)
  return { config: encodeConfig(lang === 'zh-hk' ? localiseToHk(config) : config) as InitialData['config'], ...(answers ? { answers, servedAt: now } : {}) }
}

// Per process (issue 30): a page's title and Open Graph tags at most 5 s older than another process's edit
const headCache = new WeakMap<Db, MicroCache<PageHead>>()

/**
 * The page a request asks for and the script it is read in. Spec 000 §2: /zh-hk/… is the traditional
 * variant of … whatever the cookie says (the client strips the prefix), so a shared /zh-hk link opened
 * in a fresh browser gets its head, inlined data and first screen in traditional, as its <html lang> says.
 */
function pageRequestOf(c: Context): { lang: 'zh-cn' | 'zh-hk'; path: string } {
  const prefixed = stripZhHkPrefix(c.req.path, '')
  return { lang: prefixed ? prefixed.lang : parseLang(getCookie(c, LANG_COOKIE)), path: (prefixed?.to ?? c.req.path).slice(0, 200) }
}

/** The page's title, description, canonical URL and Open Graph tags (server/seo/page-head.ts). */
async function pageHeadOf(c: Context, db: Db): Promise<PageHead> {
  const { lang, path } = pageRequestOf(c)
  const origin = originOf(c)
  let cache = headCache.get(db)
  if (!cache) headCache.set(db, (cache = new MicroCache<PageHead>()))
  return cache.get(`${lang} ${origin} ${path}`, 5_000, () => pageHead(db, path, lang, origin))
}

async function initialDataScript(c: Context, app: Hono, db: Db, now: number): Promise<{ script: string; data: InitialData; lang: 'zh-cn' | 'zh-hk'; rendered: boolean }> {
  const { lang, path } = pageRequestOf(c)
  let cache = inlineCache.get(db)
  if (!cache) inlineCache.set(db, (cache = new MicroCache<string>()))
  const rendered = firstScreenCalls(path) !== null
  const key = `${lang} ${rendered ? path : '*'}`
  const json = await cache.get(key, 1_000, async () => serialiseInitialData(await initialData(app, db, path, lang, now)))
  const script = `<script id="${INITIAL_DATA_ELEMENT_ID}" type="application/json">${json}</script>`
  // the server renderer reads exactly what the browser will read
  return { script, lang, rendered, get data() { return parseInitialData(json)! } }
}
