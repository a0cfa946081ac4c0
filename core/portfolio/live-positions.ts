// Positions at live prices (issue 15: /portfolio/{id} 'positions with live prices'). The page loads the
// holdings once (GET /api/portfolio/positionDetail/v1, weights at the server's prices) and then takes the
// quotes the server pushes (GET /hq/stocks/stream): each pushed price replaces its row's price, change
// and profit, and the weights drift with the prices as they do between adjustments — a holding's value
// moves with its price, cash does not — so rows and cash still make 100 %.
import { roundPercent } from './net-value'

export interface HeldPosition {
  readonly stockCode: string
  /** percent of the portfolio, 2 decimals */
  readonly weight: number
  /** cents */
  readonly price: number
  /** today, percent */
  readonly changePercent: number
  /** average buy price, cents */
  readonly costPrice: number
  /** percent against the cost, 2 decimals */
  readonly profitPercent: number
}

export interface LiveQuote {
  /** cents */
  readonly price: number
  readonly changePercent: number
}

/** The loaded positions with the latest pushed quotes applied; the same object when no quote concerns them. */
export function withLiveQuotes<P extends HeldPosition>(
  positions: { readonly list: readonly P[]; readonly cashWeight: number },
  quotes: ReadonlyMap<string, LiveQuote>,
): { readonly list: readonly P[]; readonly cashWeight: number } {
  const pushed = positions.list.map((p) => {
    const q = quotes.get(p.stockCode)
    return q && q.price > 0 && p.price > 0 ? q : null
  })
  if (!pushed.some((q) => q !== null)) return positions
  // each holding's value in "percent of the portfolio as loaded", moved by its price
  const values = positions.list.map((p, i) => {
    const q = pushed[i]
    return q ? (p.weight * q.price) / p.price : p.weight
  })
  const total = values.reduce((s, v) => s + v, 0) + positions.cashWeight
  if (!(total > 0)) return positions
  return {
    list: positions.list.map((p, i) => {
      const q = pushed[i]
      const weight = roundPercent((100 * (values[i] as number)) / total)
      if (!q) return { ...p, weight }
      const profitPercent = p.costPrice > 0 ? roundPercent((q.price / p.costPrice - 1) * 100) : p.profitPercent
      return { ...p, weight, price: q.price, changePercent: q.changePercent, profitPercent }
    }),
    cashWeight: roundPercent((100 * positions.cashWeight) / total),
  }
}
