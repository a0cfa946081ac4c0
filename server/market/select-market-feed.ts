// Which market-data adapter runs, from the environment (issue 24):
//  - MARKET_FEED=twelvedata with TWELVEDATA_API_KEY → Twelve Data (twelve-data.ts); TWELVEDATA_API_URL and
//    TWELVEDATA_WS_URL may point elsewhere (a proxy), MARKET_FEED_POLL_SECONDS sets the quote poll;
//  - otherwise the simulator, the local default.
// Production (server/main.ts) refuses to start on the simulator UNLESS the operator says it is a demo
// with MARKET_DEMO=1; then the site config says so (simulatedPrices) and every page shows 行情为模拟数据，
// 仅供演示. A feed named but not configured refuses in either mode (never a silent fall back to the walk).
import { modeOf, type Env } from '../mode'

export const MARKET_FEEDS = ['simulator', 'twelvedata'] as const
export type MarketFeedKind = (typeof MARKET_FEEDS)[number]
/** The settings of each real feed. */
export const MARKET_FEED_SETTINGS = { twelvedata: ['TWELVEDATA_API_KEY'] } as const

export type FeedChoice =
  | { kind: 'simulator' }
  | { kind: 'twelvedata'; apiKey: string; baseUrl?: string; wsUrl?: string; pollSeconds?: number }

const set = (env: Env, name: string) => (env[name] ?? '').trim() !== ''
const feedName = (env: Env) => (env.MARKET_FEED ?? '').trim().toLowerCase()

/** MARKET_DEMO=1 (or true): the operator runs on simulated prices on purpose. */
export const isMarketDemo = (env: Env): boolean => ['1', 'true'].includes((env.MARKET_DEMO ?? '').trim().toLowerCase())

/** null when this environment may start; else the one line to print before exiting (names the settings). */
export function marketFeedRefusal(env: Env): string | null {
  const name = feedName(env)
  if (name !== '' && !(MARKET_FEEDS as readonly string[]).includes(name)) return `MARKET_FEED must be one of ${MARKET_FEEDS.join(', ')}; got ${env.MARKET_FEED}`
  if (name === 'twelvedata') {
    const missing = MARKET_FEED_SETTINGS.twelvedata.filter((n) => !set(env, n))
    return missing.length ? `MARKET_FEED=twelvedata needs ${missing.join(', ')}` : null
  }
  if (modeOf(env) === 'production' && !isMarketDemo(env)) {
    return `production mode needs a market-data feed; missing: MARKET_FEED=twelvedata, ${MARKET_FEED_SETTINGS.twelvedata.join(', ')} (or set MARKET_DEMO=1 to run on simulated prices, shown as such on every page)`
  }
  return null
}

/** The feed this environment runs (after marketFeedRefusal let it start). */
export function marketFeedChoice(env: Env): FeedChoice {
  if (feedName(env) !== 'twelvedata' || !set(env, 'TWELVEDATA_API_KEY')) return { kind: 'simulator' }
  const poll = Number(env.MARKET_FEED_POLL_SECONDS)
  return {
    kind: 'twelvedata',
    apiKey: (env.TWELVEDATA_API_KEY as string).trim(),
    ...(set(env, 'TWELVEDATA_API_URL') ? { baseUrl: (env.TWELVEDATA_API_URL as string).trim() } : {}),
    ...(env.TWELVEDATA_WS_URL !== undefined ? { wsUrl: env.TWELVEDATA_WS_URL.trim() } : {}),
    ...(Number.isFinite(poll) && poll >= 5 ? { pollSeconds: poll } : {}),
  }
}

/** Whether pages must say the prices are simulated: a declared demo on the simulator. */
export const showsSimulatedPrices = (env: Env): boolean => marketFeedChoice(env).kind === 'simulator' && isMarketDemo(env)
