// The API server (spec 000 §7): every route comes from a core endpoint through route().
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import * as content from '../core/api/content'
import type { Db } from './db/db'
import { failure, MESSAGES } from './http/api-error'
import { route } from './http/route'
import { registerPictures, registerStatic } from './http/static'
import { articleDetail, channelArticles, DEFAULT_COUNT, listChannels, listNewsTypes, newsByCursor, newsByPage } from './content/articles'
import { allLives, DEFAULT_LIMIT, liveDetail } from './content/lives'
import { siteConfig, storeLogs } from './content/site'

export interface AppOptions {
  db: Db
  /** milliseconds since the epoch; tests pass a fixed clock */
  clock?: () => number
  /** the built client; default ./dist */
  staticDir?: string
}

export const MAX_BODY_BYTES = 1024 * 1024

/** A Vite-built React app with no inline scripts. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'"

export function createApp({ db, clock = Date.now, staticDir = './dist' }: AppOptions): Hono {
  const app = new Hono()
  const nowSeconds = () => Math.floor(clock() / 1000)

  app.use('*', async (c, next) => {
    await next()
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin')
    c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
  })
  app.use(
    '*',
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json(failure(413, MESSAGES.tooLarge), 413) }),
  )

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
  route(app, content.newsDetail, ({ params, lang }) => articleDetail(db, params.id, lang))
  route(app, content.allLives, ({ query, lang }) =>
    allLives(
      db,
      { onlyImportant: query.onlyShowImportant ?? false, limit: query.limit ?? DEFAULT_LIMIT, liveId: query.liveId, after: query.timestamp },
      lang,
    ),
  )
  route(app, content.liveDetail, ({ params, lang }) => liveDetail(db, params.id, lang))
  route(app, content.siteConfig, () => siteConfig(db))
  route(app, content.sendLogs, async ({ body, c }) => {
    await storeLogs(db, body, c.req.header('User-Agent') ?? '', nowSeconds())
    return 'well done' // spec 000 §7: the client expects the text 'well done'
  })

  // --- pictures and the client -----------------------------------------------------------
  registerPictures(app)
  registerStatic(app, staticDir)

  app.notFound((c) => {
    if (c.req.path.startsWith('/api/') || c.req.path === '/api') return c.json(failure(404, MESSAGES.apiNotFound), 404)
    return c.text('Not Found', 404)
  })
  app.onError((error, c) => {
    console.error(`${c.req.method} ${c.req.path} failed:`, error)
    return c.json(failure(500, MESSAGES.serverError), 500)
  })
  return app
}
