// Market journey (issue 6): the server's market clock is pinned inside a Hong Kong session (MARKET_TIME);
// open /market, open 腾讯控股 (/stock/hk00700), switch through every chart period and the rights types,
// see the price tick live, add it to the watchlist after logging in through the dialog, see it on
// /my/stock, remove it; an invalid code gets a clear page — with screenshots of each.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { visit, problems, shot, type RunningServer, outboxCode, advanceServerClock } from './harness'
import { journey } from './journey'
import { localDay, type MarketId } from '../core/market/sessions'
import { priceColour } from '../core/market/price-colour'
import { marketCalendar } from '../server/market/calendar'
import { market as marketTexts } from '../ui/i18n/zh-cn-market'

const UI = 20_000
let server: RunningServer
let page: Page

/** 11:00 in Hong Kong on the last HK trading day before today: a live morning session. */
function hkSessionTime(): string {
  const today = localDay('hk', Date.now() / 1000)
  const day = marketCalendar.previousTradingDay('hk', today)
  expect(marketCalendar.isTradingDay('hk', day)).toBe(true)
  return new Date((day + 3 * 3600) * 1000).toISOString()
}

const PINNED = hkSessionTime()
/** when the server started: the market clock runs from PINNED at the real pace from about then (server/market/market-data.ts marketClock) */
let startedAt = 0

journey(
  async (j) => {
    ;({ server, page } = j)
    startedAt = Date.now()
    await page.setViewportSize({ width: 1280, height: 900 })
  },
  { serverEnv: { MARKET_TIME: PINNED } },
)

const codeFor = (phone: string) => outboxCode(server, phone)

describe('market', () => {
  it('/market shows indices, rankings that sort and page, HK boards', async () => {
    problems(page).clear()
    await visit(page, server, '/market')
    await page.getByTestId('indices').getByText('恒生指数').waitFor({ timeout: UI })
    const rankings = page.getByTestId('rankings')
    await rankings.locator('tbody tr').first().waitFor({ timeout: UI })
    expect(await rankings.locator('tbody tr').count()).toBe(20)
    // sort by price ascending: two clicks (desc, then asc)
    await rankings.getByRole('button', { name: /最新价/ }).click()
    await expect.poll(() => rankings.getByRole('button', { name: /最新价 ↓/ }).count(), { timeout: UI }).toBe(1)
    await rankings.getByRole('button', { name: /最新价/ }).click()
    await expect.poll(() => rankings.getByRole('button', { name: /最新价 ↑/ }).count(), { timeout: UI }).toBe(1)
    const prices = async () => (await rankings.locator('tbody tr td:nth-child(2)').allTextContents()).map((s) => Number(s.replace(/,/g, '')))
    await expect.poll(async () => { const p = await prices(); return p.length === 20 && p.every((x, i) => i === 0 || x >= p[i - 1]!) }, { timeout: UI }).toBe(true)
    await page.getByRole('button', { name: '下一页' }).first().click()
    await page.getByText('第 2 页').waitFor({ timeout: UI })
    await page.getByTestId('boards').locator('tbody tr').first().waitFor({ timeout: UI })
    await shot(page, 'market-overview')
    expect(problems(page).list(), problems(page).describe()).toEqual([])
  })

  it('/stock/hk00700: every chart period, rights types, crosshair, live price', async () => {
    problems(page).clear()
    await visit(page, server, '/stock/hk00700')
    await page.getByRole('heading', { name: /腾讯控股/ }).waitFor({ timeout: UI })
    expect(await page.getByTestId('market-status').textContent()).toBe('交易中')
    const chart = page.getByTestId('stock-chart')
    for (const [label, period] of [['日K', 'daily'], ['周K', 'weekly'], ['月K', 'monthly'], ['1分钟', 'hours'], ['分时', 'minute']] as const) {
      await chart.getByRole('tab', { name: label, exact: true }).click()
      await expect.poll(async () => `${await chart.getAttribute('data-period')}/${await chart.getAttribute('data-status')}`, { timeout: UI }).toBe(`${period}/ready`)
      await chart.locator('canvas').first().waitFor({ timeout: UI })
      if (period === 'daily') {
        for (const r of ['不复权', '后复权', '前复权']) {
          await chart.getByRole('tab', { name: r }).click()
          await expect.poll(() => chart.getAttribute('data-status'), { timeout: UI }).toBe('ready')
        }
        const box = (await chart.locator('.u-over').boundingBox())!
        await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5)
        await expect.poll(() => page.getByTestId('chart-readout').textContent(), { timeout: UI }).toMatch(/今开.*最高.*最低.*收盘/)
        await shot(page, 'stock-daily-kline')
      }
    }
    const before = await page.getByTestId('stock-price').textContent()
    await expect.poll(() => page.getByTestId('stock-price').textContent(), { timeout: 30_000, message: 'the price ticks' }).not.toBe(before)
    await shot(page, 'stock-minute-live')
    for (const tab of ['公告', '讨论', '公司资料', '估值指标', '财务数据', '沽空数据', '新闻']) {
      await page.getByRole('tab', { name: tab }).click()
      await page.getByRole('tabpanel').locator('li, dd, td').first().waitFor({ timeout: UI })
    }
    expect(problems(page).list(), problems(page).describe()).toEqual([])
  })

  it('an invalid code gets a clear page', async () => {
    await visit(page, server, '/stock/x')
    await page.getByTestId('invalid-stock').getByText('股票代码无效').waitFor({ timeout: UI })
    await visit(page, server, '/stock/hk99999')
    await page.getByTestId('invalid-stock').getByText('没有找到这只股票').waitFor({ timeout: UI })
    await shot(page, 'stock-unknown')
  })

  it('a guest adds to the watchlist through the login dialog, sees it on /my/stock, removes it', async () => {
    await visit(page, server, '/stock/hk00700')
    await page.getByTestId('watch-button').click()
    const dialog = page.getByRole('dialog')
    const phone = '13811112222'
    await dialog.locator('input[name=phone]').fill(phone)
    await dialog.getByTestId('send-code').click()
    await expect.poll(() => dialog.getByTestId('send-code').textContent(), { timeout: UI }).toMatch(/秒后重发/)
    await dialog.locator('input[name=code]').fill(await codeFor(phone))
    await dialog.getByTestId('agree').check()
    await dialog.getByTestId('login-submit').click()
    await expect.poll(() => page.getByTestId('watch-button').getAttribute('aria-pressed'), { timeout: UI }).toBe('true')
    await visit(page, server, '/my/stock')
    const row = page.getByTestId('watchlist').locator('tr[data-stock=hk00700]')
    await row.waitFor({ timeout: UI })
    await shot(page, 'my-stock')
    await row.getByRole('button', { name: /删除/ }).click()
    await page.getByText('还没有自选股').waitFor({ timeout: UI })
  })

  it('issue 24: a zh-hk reader chooses green-up; the status and as-of time on a half day, a holiday and in US pre-market', async () => {
    // green-up, chosen in /my/setting by the reader signed in above; the server then sends it on <html>
    await visit(page, server, '/my/setting')
    await page.getByTestId('price-colours-greenUp').click()
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-price-colours')), { timeout: UI }).toBe('greenUp')
    expect(await page.getByRole('radio', { name: /绿涨红跌/ }).isChecked()).toBe(true)
    await shot(page, 'my-setting-price-colours')
    await page.context().addCookies([{ name: 'lang', value: 'zh-hk', url: server.url }])
    const sent = await (await page.request.get(`${server.url}/stock/hk00700`, { headers: { Accept: 'text/html' } })).text()
    expect(sent).toMatch(/<html lang="zh-HK" data-price-colours="greenUp">/)
    await visit(page, server, '/stock/hk00700')
    await page.getByRole('heading', { name: /騰訊控股/ }).waitFor({ timeout: UI })
    expect(await page.getByTestId('quote-as-of').textContent()).toMatch(/^\d\d-\d\d \d\d:\d\d 香港時間$/)
    // the price is drawn in core's hex for its direction under green-up (a rise green, a fall red)
    const drawn = await page.getByTestId('stock-price').evaluate((el) => ({ colour: getComputedStyle(el).color, change: el.nextElementSibling?.textContent ?? '' }))
    const sign = drawn.change.startsWith('+') ? 1 : drawn.change.startsWith('-') ? -1 : 0
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`
    expect(drawn.colour).toBe(sign === 0 ? drawn.colour : rgb(priceColour(sign, 'greenUp')))
    await page.getByTestId('stock-chart').locator('canvas').first().waitFor({ timeout: UI })
    await shot(page, 'stock-zh-hk-green-up')

    // the same server, its market clock moved forward to each moment (zh-cn, a guest, red-up again)
    await page.context().clearCookies()
    let advanced = 0
    const marketNow = () => Date.parse(PINNED) / 1000 + (Date.now() - startedAt + advanced) / 1000
    /** the first moment after now where `holds` stays true for two hours: its middle, so a few seconds of drift never matter */
    const firstWindow = (holds: (t: number) => boolean) => {
      const from = Math.ceil(marketNow() / 1800) * 1800
      for (let t = from; t < from + 400 * 86_400; t += 1800) if (holds(t) && holds(t + 3600) && holds(t + 7200)) return t + 3600
      throw new Error('no such moment within 400 days')
    }
    const first = (holds: (m: MarketId, t: number) => boolean) =>
      (['hk', 'us'] as const).map((m) => ({ market: m, at: firstWindow((t) => holds(m, t)) })).sort((a, b) => a.at - b.at)[0]!
    const status = (m: MarketId, t: number) => marketCalendar.statusAt(m, t)
    const moments = [
      { name: 'stock-us-pre-market', market: 'us' as MarketId, at: firstWindow((t) => status('us', t).status === 'preMarket') },
      { name: 'stock-half-day', ...first((m, t) => status(m, t).status === 'trading' && status(m, t).halfDay !== undefined) },
      { name: 'stock-holiday', ...first((m, t) => status(m, t).status === 'closed' && status(m, t).holiday !== undefined) },
    ].sort((a, b) => a.at - b.at)
    const zone = (m: MarketId) => marketTexts.zone[m]
    for (const { name, market, at } of moments) {
      const info = status(market, at)
      const ms = Math.round((at - marketNow()) * 1000)
      for (let left = ms; left > 0; left -= 86_400_000) await advanceServerClock(server, Math.min(left, 86_400_000))
      advanced += Math.max(0, ms)
      await visit(page, server, market === 'hk' ? '/stock/hk00700' : '/stock/usAAPL', { axe: false })
      await page.getByTestId('stock-chart').locator('canvas').first().waitFor({ timeout: UI })
      // a half day names its early close whatever the status (US pre-market on the day after Thanksgiving: 盘前 · 半日市 …)
      const expected = info.holiday
        ? `休市 · ${marketTexts.holiday[info.holiday]}`
        : info.halfDay
          ? `${marketTexts.status[info.status]} · 半日市 ${market === 'hk' ? '12:00' : '13:00'} 收盘（${zone(market)}）`
          : marketTexts.status[info.status]
      expect(info.status).toBe(name === 'stock-us-pre-market' ? 'preMarket' : name === 'stock-half-day' ? 'trading' : 'closed')
      expect(await page.getByTestId('market-status').textContent(), `${name} at ${new Date(at * 1000).toISOString()}`).toBe(expected)
      expect(await page.getByTestId('quote-as-of').textContent()).toMatch(new RegExp(`^\\d\\d-\\d\\d \\d\\d:\\d\\d ${zone(market)}$`))
      await shot(page, name)
      if (name === 'stock-holiday') {
        // the index cards on /market say it too, each in its market's zone
        await visit(page, server, '/market', { axe: false })
        await expect.poll(() => page.getByTestId('index-status').count(), { timeout: UI }).toBe(6)
        await shot(page, 'market-index-status-holiday')
      }
    }
    expect(problems(page).list(), problems(page).describe()).toEqual([])
  })
})
