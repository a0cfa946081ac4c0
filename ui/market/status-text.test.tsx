// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeHttp, makeServices, renderUi } from '../testing/render'
import i18next from 'i18next'
import { StockPage } from './stock-page'
import { MarketPage } from './market-page'
import { asOfText, marketStatusText } from './status-text'
import { initI18n, setI18nSource } from '../i18n/i18n'
import { zhCn } from '../i18n/zh-cn'

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
  it('beside it, the quote\'s as-of time on its market\'s clock and the zone (issue 24)', async () => {
    const utc = (iso: string) => Date.parse(iso) / 1000
    expect(asOfText('hk', utc('2025-11-26T08:08:00Z'))).toBe('11-26 16:08 北京时间')
    expect(asOfText('us', utc('2025-11-26T13:30:00Z'))).toBe('11-26 08:30 美东时间')
    expect(asOfText('us', utc('2025-11-25T21:00:00Z'))).toBe('11-25 16:00 美东时间')
    // a Hong Kong reader: 香港時間 for HKEX quotes (the same UTC+8 under its Hong Kong name), 美東時間 for New York
    const hk = i18next.createInstance()
    await initI18n('zh-hk', hk, zhCn)
    setI18nSource(() => hk)
    try {
      expect(`${marketStatusText('hk', { status: 'closed' })} ${asOfText('hk', utc('2025-11-26T08:08:00Z'))}`).toBe('已收盤 11-26 16:08 香港時間')
      expect(`${marketStatusText('us', { status: 'preMarket' })} ${asOfText('us', utc('2025-11-26T13:30:00Z'))}`).toBe('盤前 11-26 08:30 美東時間')
      expect(marketStatusText('hk', { status: 'trading', halfDay: 'christmasEve' })).toBe('交易中 · 半日市 12:00 收盤（香港時間）')
    } finally {
      setI18nSource(() => i18next)
    }
  })
  it('the stock page\'s header shows it', async () => {
    const quote = {
      id: 'usAAPL', code: 'AAPL', codeDisp: 'AAPL', ipoStatus: 1, market: 'us', name: '苹果', nameDisp: '苹果', category: 'stock', currency: 'USD', lotSize: 1,
      stockCode: 'usAAPL', status: 'closed', holiday: 'thanksgiving', time: Date.parse('2025-11-26T21:00:00Z') / 1000, price: 20000, prevClose: 20000, change: 0, changePercent: 0, volume: 1, turnover: 1,
      open: 20000, high: 20000, low: 20000, marketCap: 1, bid: 1, ask: 2, bidVolume: 1, askVolume: 1, pe: null, eps: null, high52w: 1, low52w: 1, amplitude: 0, turnoverRate: 0, sharesOutstanding: 1,
    }
    renderUi(<StockPage id="usAAPL" />, { services: makeServices({ http: fakeHttp({ 'market.quoteInfo': quote }) }) })
    expect((await screen.findByTestId('market-status')).textContent).toBe('休市 · 感恩节')
    // Thanksgiving 2025: the last tick is Wednesday's close, 16:00 in New York
    const asOf = screen.getByTestId('quote-as-of')
    expect(asOf.textContent).toBe('11-26 16:00 美东时间')
    expect(asOf.getAttribute('datetime')).toBe('2025-11-26T21:00:00.000Z')
  })
  it('each index card on /market shows its market\'s status and the as-of time', async () => {
    const index = (id: string, name: string, market: 'hk' | 'us', status: string, time: number, holiday?: string) => ({
      id, code: id.slice(2), codeDisp: id.slice(2), ipoStatus: 1, market, name, nameDisp: name, category: 'index', currency: market === 'hk' ? 'HKD' : 'USD', lotSize: 1,
      stockCode: id, status, ...(holiday ? { holiday } : {}), time, price: 100, prevClose: 100, change: 0, changePercent: 0, volume: 1, turnover: 1, open: 100, high: 100, low: 100, marketCap: 0,
    })
    const http = fakeHttp({
      'market.hqBaseData': [index('hkHSI', '恒生指数', 'hk', 'closed', Date.parse('2025-11-26T08:08:00Z') / 1000), index('usDJI', '道琼斯', 'us', 'closed', Date.parse('2025-11-26T21:00:00Z') / 1000, 'thanksgiving')],
    })
    renderUi(<MarketPage />, { services: makeServices({ http }) })
    const cards = await screen.findAllByTestId('index-status')
    expect(cards.map((c) => c.textContent)).toEqual(['已收盘11-26 16:08 北京时间', '休市 · 感恩节11-26 16:00 美东时间'])
  })
})
