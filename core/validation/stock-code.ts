// spec 000 §5: stock code parsing: the first 2 characters are the market (lower-case), the rest
// the code; fewer than 3 characters is invalid. Used by /stock/{id} (id is market prefix plus code).

export interface StockCode {
  readonly market: string
  readonly code: string
}

/** The markets this site quotes (HK and US stocks, spec 000 §1). */
export const KNOWN_MARKETS = ['hk', 'us'] as const
export type KnownMarket = (typeof KNOWN_MARKETS)[number]

export function isKnownMarket(market: string): market is KnownMarket {
  return (KNOWN_MARKETS as readonly string[]).includes(market)
}

/**
 * 'hk00700' → { market: 'hk', code: '00700' }; 'USaapl' → { market: 'us', code: 'aapl' }.
 * The market must be two ASCII letters (lower-cased here); the code, the rest, keeps its case and
 * must be letters, digits, '.', '_' or '-' (e.g. 'usBRK.B'), so a parsed code is safe in a path.
 * Fewer than 3 characters, or other characters, → null. The market need not be known: see isKnownMarket.
 */
export function parseStockCode(id: string): StockCode | null {
  const m = /^([A-Za-z]{2})([A-Za-z0-9._-]+)$/.exec(id)
  if (m === null || m[1] === undefined || m[2] === undefined) return null
  return { market: m[1].toLowerCase(), code: m[2] }
}

/** The inverse of parseStockCode: market prefix plus code. */
export function formatStockCode({ market, code }: StockCode): string {
  return market.toLowerCase() + code
}
