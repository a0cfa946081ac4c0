// @vitest-environment jsdom
// Issue 24: market tables show 萬 / 億 to a zh-hk reader (formatBigNumber with the reader's script
// through useBig), never the simplified 万 / 亿.
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeHttp, makeServices, renderUi } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { WatchlistPage } from './watchlist-page'

afterEach(cleanup)
vi.hoisted(() => {
  const g = globalThis as unknown as { matchMedia?: unknown }
  g.matchMedia ??= () => ({ matches: false, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} })
})

const quote = {
  id: 'hk00700', code: '00700', codeDisp: '00700', ipoStatus: 1, market: 'hk', name: '腾讯控股', nameDisp: '腾讯控股', category: 'stock', currency: 'HKD', lotSize: 100,
  stockCode: 'hk00700', status: 'trading', time: 1, price: 60000, prevClose: 60000, change: 0, changePercent: 0, volume: 123_456_789, turnover: 1.5e12,
  open: 60000, high: 60000, low: 60000, marketCap: 1, stockType: 'hk', createTimestamp: 1,
}

describe.each([
  ['zh-hk', ['1.23億', '1.50萬億'], /[万亿]/],
  ['zh-cn', ['1.23亿', '1.50万亿'], /[萬億]/],
] as const)('a %s reader’s watchlist', (lang, shown, never) => {
  it(`shows volume and turnover as ${shown.join(' and ')}`, async () => {
    renderUi(
      <WithSession actor={testSession({ id: 7 })}>
        <WatchlistPage />
      </WithSession>,
      { services: makeServices({ lang, http: fakeHttp({ 'userstock.listV2': [quote] }) }) },
    )
    const text = (await screen.findByTestId('watchlist')).textContent ?? ''
    for (const s of shown) expect(text).toContain(s)
    expect(text).not.toMatch(never)
  })
})
