// The core-asset view of individual stocks (spec 000 §7 'Market data': /api/core-asset/individual-stock/v1 and
// /{id}/v1) and asset-allocation advice (/api/asset-allocation/{id}/v1, fields of spec 001 §3). Deterministic:
// the same seed and stock table give the same answers on every start. (/data/api/rss/detail is the reading
// feature's: server/reading/docs/research.ts.)
import type { ContentLang } from '../i18n/to-hk'
import { ApiError } from '../http/api-error'
import { createRandom } from '../../fixtures/prng'
import type { FixtureStock } from '../../fixtures/types'
import { CORE_ASSET_MESSAGES, type CoreAssetDetail, type CoreAssetStock } from '../../core/api/market'
import type { AssetAllocation } from '../../core/api/attestation'
import { ratiosFor, stockOf, stockQuoteFor, type Market } from './market-data'

const round2 = (x: number) => Math.round(x * 100) / 100

// --- core assets ----------------------------------------------------------------------------

const HOLDER_NAMES = ['贝莱德集团', '先锋领航', '摩根大通', '富达国际', '道富环球', '挪威央行投资管理机构', '瑞银集团', '景顺投资', '施罗德投资', '东方汇理资产管理'] as const

function holdingsOf(s: FixtureStock) {
  const rnd = createRandom(`holders:${s.id}`)
  const institutionalOwnership = round2(rnd.float(s.market === 'us' ? 55 : 25, s.market === 'us' ? 85 : 65))
  const founder = { name: `${s.name}创始股东`, kind: 'insider' as const, percent: round2(rnd.float(3, 25)) }
  const funds = HOLDER_NAMES.slice(0, 9).map((name, i) => ({ name, kind: (i % 3 === 2 ? 'fund' : 'institution') as 'fund' | 'institution', percent: round2(rnd.float(0.6, 7.5) / (1 + i * 0.25)) }))
  const holders = [founder, ...funds]
    .sort((a, b) => b.percent - a.percent)
    .map((h) => {
      const shares = Math.round((s.sharesOutstanding * h.percent) / 100)
      return { ...h, shares, change: Math.round(shares * rnd.float(-0.08, 0.08)) }
    })
  const top10Concentration = round2(holders.reduce((sum, h) => sum + h.percent, 0))
  const quarters = Array.from({ length: 4 }, (_, i) => round2(Math.min(95, Math.max(1, institutionalOwnership + rnd.float(-3, 3) * (3 - i)))))
  return { institutionalOwnership, top10Concentration, institutionCount: rnd.int(s.market === 'us' ? 1800 : 300, s.market === 'us' ? 5200 : 1600), holders, quarters }
}

/** Quarter labels ending with the last full quarter before `seedNow`: 2025Q1 … */
function quarterLabels(seedNow: number): string[] {
  const d = new Date(seedNow * 1000)
  let q = d.getUTCFullYear() * 4 + Math.floor(d.getUTCMonth() / 3) - 1
  const out: string[] = []
  for (let i = 0; i < 4; i++, q--) out.unshift(`${Math.floor(q / 4)}Q${(q % 4) + 1}`)
  return out
}

export function coreAssetOf(m: Market, s: FixtureStock, lang: ContentLang): CoreAssetStock {
  const q = stockQuoteFor(m, s, lang)
  const r = ratiosFor(m, s)
  const h = holdingsOf(s)
  return {
    stockCode: s.id, name: q.name, market: s.market, currency: s.currency, price: q.price, changePercent: q.changePercent, marketCap: q.marketCap,
    institutionalOwnership: h.institutionalOwnership, top10Concentration: h.top10Concentration, institutionCount: h.institutionCount,
    pe: r.pe, pb: r.pb, roe: r.roe, dividendYield: r.dividendYield,
  }
}

export function coreAssetDetailFor(m: Market, id: string, lang: ContentLang): CoreAssetDetail {
  const s = stockOf(m, id)
  if (s.category !== 'stock') throw new ApiError(404, CORE_ASSET_MESSAGES.notIndividualStock)
  const h = holdingsOf(s)
  const labels = quarterLabels(m.seedNow)
  return {
    ...coreAssetOf(m, s, lang),
    holders: h.holders,
    ownershipHistory: labels.map((period, i) => ({ period, institutionalOwnership: h.quarters[i] as number })),
  }
}

/** Individual stocks only (no indices, no ETFs). */
export function coreAssetStocksFor(m: Market, lang: ContentLang, market: 'hk' | 'us' | undefined): CoreAssetStock[] {
  return m.order
    .map((id) => m.stocks.get(id))
    .filter((s): s is FixtureStock => !!s && s.category === 'stock' && (!market || s.market === market))
    .map((s) => coreAssetOf(m, s, lang))
}

// --- asset allocation (spec 001 §3 'Asset allocation': configurations[] (name, proportion percent)) ----------

/**
 * Advice by risk level, the id being the level of the risk result (1 保守型 … 5 激进型). The spec's pie has three
 * colours, so three configurations: equities (HK and US), bonds, cash; the proportions sum to 100.
 */
export const ALLOCATIONS: Record<number, readonly [number, number, number]> = {
  1: [10, 50, 40],
  2: [30, 50, 20],
  3: [50, 35, 15],
  4: [70, 20, 10],
  5: [85, 10, 5],
}
export const ALLOCATION_NAMES = ['港美股票', '债券', '现金'] as const

export function assetAllocationFor(id: number): AssetAllocation {
  const weights = ALLOCATIONS[id]
  if (!weights) throw new ApiError(404, CORE_ASSET_MESSAGES.unknownAllocation)
  return { configurations: weights.map((proportion, i) => ({ name: ALLOCATION_NAMES[i] as string, proportion })) }
}
