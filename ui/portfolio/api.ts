// The portfolio feature's API module (design.md 'App state and the API layer'): every call its views and
// the edit form's machine make, from the HTTP port. Views take it through usePortfolioApi().
import type { HttpPort } from '../../core/api/http-port'
import { ApiError } from '../../core/api/api-error'
import * as api from '../../core/api/portfolio'
import { searchStock } from '../../core/api/search'
import type { SaveOutput } from '../../core/toggle/toggle.machine'
import type { LoadedConfig, Preview, SaveInput } from '../../core/portfolio/edit-form.machine'
import { useApi } from '../common/use-api'
import { endpointRead, forReader, type PagedRead } from '../common/use-read'
import type { ResultOf } from '../../core/api/endpoint'

const targetsOf = (rows: SaveInput['rows']) => rows.filter((r) => r.weight > 0).map((r) => ({ stockCode: r.stockId, weight: r.weight }))

export function portfolioApi(http: HttpPort) {
  const config = async (code: string): Promise<LoadedConfig> => {
    const c = await http.call(api.stockConfig, { query: { portfolioCode: code } })
    return { name: c.name, market: c.market, rows: c.positions.map((p) => ({ stockId: p.stockCode, name: p.name, weight: p.weight })) }
  }
  return {
    // reads (ui/common/use-read.ts): a portfolio's head says whether the reader owns or follows it, so it is keyed by the reader
    head: (code: string, userId: number | null) => forReader(endpointRead(http, api.detail, { params: { code } }), userId),
    netValues: (code: string, period: api.NetValuePeriod) => endpointRead(http, api.netValues, { query: { portfolioCode: code, period } }),
    drawdown: (code: string) => endpointRead(http, api.drawdown, { query: { portfolioCode: code } }),
    positions: (code: string) => endpointRead(http, api.positionDetail, { query: { portfolioCode: code } }),
    history: (code: string, page: number) => endpointRead(http, api.adjustHistory, { query: { portfolioCode: code, page, count: 10 } }),
    dynamics: (code: string) => endpointRead(http, api.dynamics, { params: { code }, query: {} }),
    /** a portfolio's followers, 20 a page */
    followers: (code: string): PagedRead<ResultOf<typeof api.followers>['list'][number], ResultOf<typeof api.followers>> => {
      const input = (page: number) => ({ query: { portfolioCode: code, page, count: 20 } })
      return { key: endpointRead(http, api.followers, input(1)).key, keyOf: (u) => u.id, loadPage: ({ page }, signal) => http.call(api.followers, input(page), { signal }) }
    },
    monthProfit: (code: string) => endpointRead(http, api.monthProfit, { query: { portfolioCode: code } }),
    ofUser: (userId: number) => endpointRead(http, api.listByUser, { query: { userId } }),
    followedBy: (userId: number) => endpointRead(http, api.followList, { params: { code: userId } }),
    /** the follow button's save */
    follow: async (code: string, on: boolean): Promise<SaveOutput> => {
      const r = on
        ? await http.call(api.follow, { body: { portfolioCodeList: [code] } })
        : await http.call(api.unfollow, { query: { portfolioCodeList: code } })
      return { on: r.followed.includes(code) }
    },
    close: (code: string) => http.call(api.close, { params: { code } }),
    // the rename form's actors (core/portfolio/rename.machine.ts)
    detectName: ({ name }: { name: string }) => http.call(api.detectChars, { body: { name } }),
    rename: ({ portfolioCode, name }: { portfolioCode: string; name: string }) => http.call(api.edit, { params: { code: portfolioCode }, body: { name } }),
    share: (code: string) => http.call(api.share, { body: { portfolioCode: code } }),
    searchStocks: (keyword: string) => endpointRead(http, searchStock, { query: { keyword, count: 8 } }),
    // the edit form's actors (core/portfolio/edit-form.machine.ts)
    loadConfig: async ({ mode, portfolioCode }: { mode: 'create' | 'edit'; portfolioCode: string | null }): Promise<LoadedConfig> => {
      if (portfolioCode === null) return { name: '', market: 'hk', rows: [] }
      const c = await config(portfolioCode)
      // /portfolio/create/{type}/{code}: a new portfolio starting from another one's allocation
      return mode === 'edit' ? c : { ...c, name: '' }
    },
    loadPreview: async (input: SaveInput): Promise<Preview> => {
      const rows = targetsOf(input.rows)
      if (input.mode === 'create' || input.portfolioCode === null) {
        // the server's name rules (forbidden words) before the reader sees the preview
        const check = await http.call(api.detectChars, { body: { name: input.name.trim() } })
        if (!check.pass) throw new ApiError({ statusCode: 400, message: check.message })
        const used = rows.reduce((s, r) => s + Math.round(r.weight * 100), 0)
        // a new portfolio has nothing held yet: the server prices the first allocation when it creates it
        return { items: input.rows.filter((r) => r.weight > 0).map((r) => ({ stockCode: r.stockId, name: r.name, fromWeight: 0, toWeight: r.weight, price: 0 })), cashWeight: (10_000 - used) / 100 }
      }
      return http.call(api.preAdjust, {
        query: { portfolioCode: input.portfolioCode, stockCodes: rows.map((r) => r.stockCode).join(',') || undefined, weights: rows.map((r) => String(r.weight)).join(',') || undefined },
      })
    },
    save: async (input: SaveInput): Promise<{ portfolioCode: string }> => {
      if (input.mode === 'create') return http.call(api.add, { body: { name: input.name.trim(), market: input.market, positions: targetsOf(input.rows) } })
      const code = input.portfolioCode ?? ''
      await http.call(api.adjust, { body: { portfolioCode: code, positions: targetsOf(input.rows) } })
      return { portfolioCode: code }
    },
  }
}

export type PortfolioApi = ReturnType<typeof portfolioApi>
export const usePortfolioApi = (): PortfolioApi => useApi(portfolioApi)
