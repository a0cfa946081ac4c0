// Rules of the stock chart's periods and rights types (spec 000 §7: periods 分时/日K/周K/月K/1分钟 with kline
// types hours → min1, daily → day, weekly → week, monthly → month; rightsType 0 不复权, 1 前复权, 2 后复权).
import type { ChartPeriod, RightsType } from './kline'
import type { MarketStatus } from './sessions'

/** Only day, week and month klines take a rights type; 分时 and 1分钟 are always raw prices. */
export function hasRights(period: ChartPeriod): boolean {
  return period === 'daily' || period === 'weekly' || period === 'monthly'
}

/** The rights type actually requested for a period (0 for the minute line and 1-minute klines). */
export function effectiveRights(period: ChartPeriod, rights: RightsType): RightsType {
  return hasRights(period) ? rights : 0
}

/**
 * THE LIVE-TICK RULE. A pushed quote may update (or append to) the chart only when
 *  1. the chart is showing loaded data (not loading, not failed) — the machine's `ready` state;
 *  2. the quote comes from a live session (status 'trading'): outside sessions prices stand still and a
 *     pushed quote carries nothing new for the last bar;
 *  3. the rights type shown does not rewrite the price of the live bar:
 *     - 不复权 (0): bars are raw prices, a tick is a raw price — applied as is;
 *     - 前复权 (1): adjustment scales only bars BEFORE each ex-day, the latest bar stays real — applied as is;
 *     - 后复权 (2): every bar from an ex-day on is scaled by the cumulative factor, the live bar included, so a raw
 *       tick would be off by that factor. It is applied only when the factor is known, multiplied by it
 *       (`scaleForRights`); without the factor it is ignored and the chart waits for the next reload.
 *  分时 and 1分钟 are raw (rule 3 reads the effective rights type, always 0 for them).
 */
export function liveTickAllowed(period: ChartPeriod, rights: RightsType, backwardFactor: number | null, status: MarketStatus): boolean {
  if (status !== 'trading') return false
  return effectiveRights(period, rights) !== 2 || (backwardFactor !== null && backwardFactor > 0)
}

/** The price a raw tick is drawn at under the rights type shown (cents, rounded; see liveTickAllowed). */
export function scaleForRights(priceCents: number, period: ChartPeriod, rights: RightsType, backwardFactor: number | null): number {
  if (effectiveRights(period, rights) !== 2 || backwardFactor === null) return priceCents
  return Math.max(1, Math.round(priceCents * backwardFactor))
}

/**
 * The 后复权 factor of the live bar: its adjusted close over its raw close (1 when no ex-day has passed in
 * the loaded range). null when either close is missing or not positive.
 */
export function backwardFactorOf(adjustedClose: number | undefined, rawClose: number | undefined): number | null {
  if (adjustedClose === undefined || rawClose === undefined || adjustedClose <= 0 || rawClose <= 0) return null
  return adjustedClose / rawClose
}
