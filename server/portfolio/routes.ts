// Routes of portfolios (issue 15; spec 001 §7 'Portfolios'), registered by server/app.ts. Thin: the
// reader (or 401 请先登录; a guest following gets spec 001 §8's 403 请先登录再进行操作！), then one service call.
import type { Context } from 'hono'
import * as api from '../../core/api/portfolio'
import type { RegisterFeature } from '../feature'
import { route } from '../http/route'
import { ApiError } from '../http/api-error'
import { currentUser, requireUser } from '../accounts/session'
import { marketClock, sharedMarket } from '../market/market-data'
import { DEFAULT_MARKET_SEED } from '../market/routes'
import { localModeration, type ModerationPort } from '../posting/moderation'
import { publishDiscussion } from '../posting/posts'
import { tokensToPlainText, type RichToken } from '../../core/posting/rich-text'
import { PORTFOLIO_MESSAGES as M } from '../../core/portfolio/rules'
import * as svc from './service'
import { searchPortfoliosByName, searchPortfoliosByStock } from './search'
import { portfolioOrThrow } from './service'

const PAGE_SIZE = 20
const DYNAMICS_COUNT = 10

/** `a,b` + `1,2` → rows; a count mismatch or a weight that is not a number is a 400. */
function targetsFromQuery(stockCodes: string | undefined, weights: string | undefined): api.TargetRow[] {
  if (!stockCodes && !weights) return []
  const codes = (stockCodes ?? '').split(',')
  const ws = (weights ?? '').split(',')
  if (codes.length !== ws.length) throw new ApiError(400, '股票与仓位的数量不一致')
  return codes.map((stockCode, i) => {
    const weight = Number(ws[i])
    if (!/^(hk|us)[A-Za-z0-9.]{1,10}$/.test(stockCode)) throw new ApiError(400, `${M.unknownStock}：${stockCode.slice(0, 16)}`)
    if (ws[i] === '' || !Number.isFinite(weight)) throw new ApiError(400, M.weightRange)
    return { stockCode, weight }
  })
}

export function registerPortfolioWith(moderation: ModerationPort): RegisterFeature {
  return (app, { db, clock, env }) => {
    const now = marketClock(env, clock)
    const market = () => sharedMarket(db, env, clock, DEFAULT_MARKET_SEED)
    const ctx: svc.Ctx = { db, market, moderation, now }
    const readerId = async (c: Context) => (await currentUser(c, db))?.id ?? null
    const signedIn = async (c: Context) => (await requireUser(c, db)).id
    /** spec 001 §8: the 403 guard for a guest who follows */
    const followerId = async (c: Context) => {
      const u = await currentUser(c, db)
      if (!u) throw new ApiError(403, M.loginFirst)
      return u.id
    }
    const at = (q: { page?: number | undefined; count?: number | undefined }) => ({ page: q.page ?? 1, count: q.count ?? PAGE_SIZE })

    // --- reads: anyone
    route(app, api.profitRank, ({ query }) => svc.profitRank(ctx, query.market, at(query).page, at(query).count))
    route(app, api.listByUser, ({ query }) => svc.listByUser(ctx, query.userId))
    route(app, api.followList, ({ params }) => svc.followListOf(ctx, params.code))
    route(app, api.monthProfit, ({ query }) => svc.monthProfitOf(ctx, query.portfolioCode))
    route(app, api.detail, async ({ params, c, lang }) => svc.head(ctx, params.code, await readerId(c), lang))
    route(app, api.head, async ({ query, c, lang }) => svc.head(ctx, query.portfolioCode, await readerId(c), lang))
    route(app, api.stockConfig, ({ query, lang }) => svc.stockConfigOf(ctx, query.portfolioCode, lang))
    route(app, api.preAdjust, ({ query, lang }) => svc.preAdjust(ctx, query.portfolioCode, targetsFromQuery(query.stockCodes, query.weights), lang))
    route(app, api.netValues, ({ query, lang }) => svc.netValuesOf(ctx, query.portfolioCode, query.period ?? 'all', lang))
    route(app, api.drawdown, ({ query }) => svc.drawdownOf(ctx, query.portfolioCode))
    route(app, api.adjustHistory, ({ query, lang }) => svc.adjustHistoryOf(ctx, query.portfolioCode, at(query).page, at(query).count, lang))
    route(app, api.positionDetail, ({ query, lang }) => svc.positionsOf(ctx, query.portfolioCode, lang))
    route(app, api.dynamics, ({ params, query, lang }) =>
      svc.dynamicsOf(ctx, params.code, { userId: query.userId, before: query.timestamp, count: query.count ?? DYNAMICS_COUNT }, lang),
    )
    route(app, api.followers, ({ query }) => svc.followersOf(db, query.portfolioCode, at(query).page, at(query).count))
    route(app, api.searchByName, ({ query }) => searchPortfoliosByName(db, query.keyword, at(query)))
    route(app, api.searchByStock, ({ query }) => searchPortfoliosByStock(db, query.keyword, at(query)))

    // --- writes: signed in; edits only by the owner (service)
    route(app, api.follow, async ({ body, c }) => svc.setFollow(db, await followerId(c), body.portfolioCodeList, true, Math.floor(clock() / 1000)))
    route(app, api.unfollow, async ({ query, body, c }) => {
      // the spec's client sends the list in the body, ours in the query: either, not neither
      // who asks is decided first: a guest hears 请先登录 whatever the request holds
      const me = await followerId(c)
      const codes = body.portfolioCodeList ?? query.portfolioCodeList?.split(',')
      if (!codes) throw new ApiError(400, M.codeListMissing)
      return svc.setFollow(db, me, codes, false, Math.floor(clock() / 1000))
    })
    route(app, api.detectChars, async ({ body, c }) => {
      await signedIn(c)
      const problem = await svc.nameProblem(moderation, body.name)
      return { pass: problem === null, message: problem ?? '' }
    })
    route(app, api.add, async ({ body, c }) => svc.createPortfolio(ctx, await signedIn(c), body))
    route(app, api.edit, async ({ params, body, c }) => svc.rename(ctx, await signedIn(c), params.code, body.name))
    route(app, api.close, async ({ params, c }) => svc.closePortfolio(ctx, await signedIn(c), params.code))
    route(app, api.addStock, async ({ body, c, lang }) => svc.addStock(ctx, await signedIn(c), body, lang))
    route(app, api.adjust, async ({ body, c, lang }) => svc.adjustTo(ctx, await signedIn(c), body.portfolioCode, body.positions, lang))
    route(app, api.batchQueryAdjust, async ({ body, c, lang }) => {
      await signedIn(c)
      return svc.latestAdjustments(ctx, body.portfolioCodeList, lang)
    })
    route(app, api.share, async ({ body, c }) => {
      const userId = await signedIn(c)
      const p = await portfolioOrThrow(db, Number(body.portfolioCode))
      // spec 000 §3: the portfolio goes in as a link token, shown as a link to /portfolio/{id}
      const said = (body.content ?? '').trim()
      const tokens: RichToken[] = [
        { type: 'text', text: `${said ? `${said}\n` : ''}分享组合「` },
        { type: 'portfolio', code: String(p.id), name: p.name },
        { type: 'text', text: '」' },
      ]
      const post = await publishDiscussion({ db, moderation, nowMs: clock() }, userId, { content: tokensToPlainText(tokens), refContents: [`portfolio:${p.id}`] }, tokens)
      return { postId: post.id }
    })
  }
}

export const registerPortfolio: RegisterFeature = (app, deps) => registerPortfolioWith(localModeration(deps.env))(app, deps)
