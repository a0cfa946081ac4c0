// A simulator over the fixtures' stocks and history without a database (tests and benchmarks).
import { buildStocks } from '../../fixtures/stock-table'
import { generateDailyHistory } from '../../fixtures/daily-history'
import { PackedBars } from './packed-bars'
import { Simulator } from './simulator'

export const HISTORY_DAYS = 250

export function fixtureSimulator(seedNow: number, now: () => number, seed = 'ganmeihui'): Simulator {
  const stocks = buildStocks()
  const history = new Map<string, PackedBars>()
  for (const s of stocks) {
    history.set(
      s.id,
      PackedBars.from(
        generateDailyHistory(s, HISTORY_DAYS, seedNow).map((b) => ({
          time: b.day, openCents: b.openCents, highCents: b.highCents, lowCents: b.lowCents, closeCents: b.closeCents, volume: b.volume,
        })),
      ),
    )
  }
  return new Simulator({ seed, stocks, history, now })
}
