// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeHttp, makeServices, renderUi } from '../testing/render'
import { StockPage } from './stock-page'
import { marketStatusText } from './status-text'

afterEach(cleanup)
vi.hoisted(() => {
  const g = globalThis as unknown as { matchMedia?: unknown }
  g.matchMedia ??= () => ({ matches: false, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} })
})

describe('the market status in words (issue 24)', () => {
  it('a holiday names itself; a half day says when it closes; extended hours are 盘前 / 盘后', () => {
    expect(marketStatusText('us', { status: 'closed', holiday: 'thanksgiving' })).toBe('休市 · 感恩节')
    expect(marketStatusText('hk', { status: 'closed', holiday: 'lunarNewYear' })).toBe('休市 · 农历新年')
    expect(marketStatusText('hk', { status: 'closed', holiday: 'christmas' })).toBe('休市 · 圣诞节')
    expect(marketStatusText('hk', { status: 'trading', halfDay: 'christmasEve' })).toBe('交易中 · 半日市 12:00 收盘（北京时间）')
    expect(marketStatusText('us', { status: 'afterHours', halfDay: 'dayAfterThanksgiving' })).toBe('盘后 · 半日市 13:00 收盘（美东时间）')
    expect(marketStatusText('us', { status: 'preMarket' })).toBe('盘前')
    expect(marketStatusText('us', { status: 'closed' })).toBe('已收盘')
  })
  it('the stock page\'s header shows it', async () => {
    const quote = {
      id: 'usAAPL', code: 'AAPL', codeDisp: 'AAPL', ipoStatus: 1, market: 'us', name: '苹果', nameDisp: '苹果', category: 'stock', currency: 'USD', lotSize: 1,
      stockCode: 'usAAPL', status: 'closed', holiday: 'thanksgiving', time: 1, price: 20000, prevClose: 20000, change: 0, changePercent: 0, volume: 1, turnover: 1,
      open: 20000, high: 20000, low: 20000, marketCap: 1, bid: 1, ask: 2, bidVolume: 1, askVolume: 1, pe: null, eps: null, high52w: 1, low52w: 1, amplitude: 0, turnoverRate: 0, sharesOutstanding: 1,
    }
    renderUi(<StockPage id="usAAPL" />, { services: makeServices({ http: fakeHttp({ 'market.quoteInfo': quote }) }) })
    expect((await screen.findByTestId('market-status')).textContent).toBe('休市 · 感恩节')
  })
})
