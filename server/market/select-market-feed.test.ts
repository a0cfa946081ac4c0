// Which market feed runs (issue 24): production refuses to start without a feed and names the settings,
// unless the operator declares a demo; a named feed without its key refuses in either mode.
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { PORT_ENV } from '../accounts/ports'
import { CHAT_PRODUCTION_NEEDS } from '../chat/config'
import { PAY_ENV } from '../membership/pay-port'
import { S3_SETTINGS } from '../storage/select-storage'
import { WECOM_ENV } from '../wecom/select-wecom'
import { marketFeedChoice, marketFeedRefusal, showsSimulatedPrices } from './select-market-feed'
import { TENCENT_LIVE_ENV } from '../streaming/select-streaming'

const PROD = { NODE_ENV: 'production' }

describe('market feed selection', () => {
  it('production without a feed refuses and names the settings', () => {
    const line = marketFeedRefusal(PROD)
    expect(line).toMatch(/^production mode needs a market-data feed; missing: MARKET_FEED=twelvedata, TWELVEDATA_API_KEY/)
    expect(line).toContain('MARKET_DEMO=1')
    expect(marketFeedRefusal({ ...PROD, MARKET_DEMO: '0' })).not.toBeNull()
    expect(marketFeedRefusal({ ...PROD, MARKET_DEMO: 'yes please' })).not.toBeNull()
  })

  it('production with the demo flag starts on the simulator and says so', () => {
    for (const flag of ['1', 'true', ' TRUE ']) {
      const env = { ...PROD, MARKET_DEMO: flag }
      expect(marketFeedRefusal(env)).toBeNull()
      expect(marketFeedChoice(env)).toEqual({ kind: 'simulator' })
      expect(showsSimulatedPrices(env)).toBe(true)
    }
  })

  it('production with Twelve Data starts on it, and shows no demo banner', () => {
    const env = { ...PROD, MARKET_FEED: 'twelvedata', TWELVEDATA_API_KEY: ' k1 ', MARKET_DEMO: '1', MARKET_FEED_POLL_SECONDS: '30', TWELVEDATA_WS_URL: '' }
    expect(marketFeedRefusal(env)).toBeNull()
    expect(marketFeedChoice(env)).toEqual({ kind: 'twelvedata', apiKey: 'k1', pollSeconds: 30, wsUrl: '' })
    expect(showsSimulatedPrices(env)).toBe(false)
  })

  it('a feed named without its key, or an unknown feed, refuses in either mode', () => {
    for (const mode of [{}, PROD]) {
      expect(marketFeedRefusal({ ...mode, MARKET_FEED: 'twelvedata' })).toBe('MARKET_FEED=twelvedata needs TWELVEDATA_API_KEY')
      expect(marketFeedRefusal({ ...mode, MARKET_FEED: 'twelvedata', TWELVEDATA_API_KEY: '  ', MARKET_DEMO: '1' })).toBe('MARKET_FEED=twelvedata needs TWELVEDATA_API_KEY')
      expect(marketFeedRefusal({ ...mode, MARKET_FEED: 'bloomberg', MARKET_DEMO: '1' })).toMatch(/^MARKET_FEED must be one of simulator, twelvedata/)
    }
  })

  it('local mode runs the simulator without a flag and without a banner', () => {
    expect(marketFeedRefusal({})).toBeNull()
    expect(marketFeedChoice({})).toEqual({ kind: 'simulator' })
    expect(showsSimulatedPrices({})).toBe(false)
    expect(showsSimulatedPrices({ MARKET_DEMO: '1' })).toBe(true)
  })
})

describe('server/main.ts in production', () => {
  // every other service configured (placeholders: main refuses before it opens anything), no market feed
  const others = Object.fromEntries([...Object.values({ ...PORT_ENV, ...CHAT_PRODUCTION_NEEDS, ...PAY_ENV }).flat(), ...S3_SETTINGS, ...WECOM_ENV, ...TENCENT_LIVE_ENV].map((n) => [n, 'set']))
  const start = (extra: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0', DATA_DIR: '/nonexistent/gmh-never-opened', DATABASE_URL: '', ...others, ...extra },
      encoding: 'utf8',
      // tsx compiles main's imports first: seconds on a quiet machine, far more on a loaded one
      timeout: 90_000,
    })
  it('refuses to start without a market feed, naming the settings in one line', () => {
    const run = start({})
    expect(run.status).toBe(1)
    expect(run.stderr.trim()).toBe(marketFeedRefusal({ NODE_ENV: 'production' }))
    expect(run.stdout).not.toContain('listening on')
  }, 100_000)
})
