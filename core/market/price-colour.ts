// Up/down colours of prices. The Chinese convention is red for up and green for down; a reader may
// choose the other convention (configurable), and unchanged prices are neutral.

export type Direction = 'up' | 'down' | 'flat'
export type ColourScheme = 'redUp' | 'greenUp'

export const UP_RED = '#e93030'
export const DOWN_GREEN = '#14b143'
export const FLAT_GREY = '#666666'

export function directionOf(change: number): Direction {
  if (!Number.isFinite(change) || change === 0) return 'flat'
  return change > 0 ? 'up' : 'down'
}

export function priceColour(change: number, scheme: ColourScheme = 'redUp'): string {
  const d = directionOf(change)
  if (d === 'flat') return FLAT_GREY
  return (d === 'up') === (scheme === 'redUp') ? UP_RED : DOWN_GREEN
}

/** Net change and percent of a price against the previous close; percent is in percent (1.5 = 1.5 %). */
export function netChange(priceCents: number, prevCloseCents: number): { change: number; changePercent: number } {
  const change = priceCents - prevCloseCents
  const changePercent = prevCloseCents > 0 ? Math.round((change / prevCloseCents) * 10_000) / 100 : 0
  return { change, changePercent }
}
