// Keyboard-only journey (issue 16): skip link, sign in by password through the login dialog (focus moves
// in and is trapped; Esc closes it and focus returns), search a stock by pinyin in the header box, open
// it, switch chart periods with the arrow keys, add it to the watchlist — with page.keyboard only, never
// the mouse. Every page it visits is checked with axe (harness `visit`), and the open dialog too.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { expectAccessible, focused, registerWithPassword, shot, tabTo, visit, type RunningServer } from './harness'
import { journey } from './journey'

const UI = 20_000
const PHONE = '13655556666'
const PASSWORD = 'key12345'
let server: RunningServer
let page: Page

journey(async (j) => {
  ;({ server, page } = j)
  await registerWithPassword(server, PHONE, PASSWORD)
})

describe('keyboard only', () => {
  it('the first Tab reaches the skip link, which moves focus to the main content', async () => {
    await visit(page, server, '/')
    await page.keyboard.press('Tab')
    expect((await focused(page)).testId).toBe('skip-link')
    await shot(page, 'keyboard-skip-link')
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await focused(page)).tag, { timeout: UI }).toBe('main')
  })

  it('the login dialog takes focus, keeps it inside, closes on Esc and gives focus back', async () => {
    await tabTo(page, 'the sign-in button', (f) => f.testId === 'header-sign-in', { back: true })
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: '登录' })
    await dialog.waitFor({ timeout: UI })
    expect(await dialog.getAttribute('aria-modal')).toBe('true')
    await expect.poll(async () => (await focused(page)).inDialog, { timeout: UI }).toBe(true)
    // 30 Tabs go round the dialog's controls several times and never leave it
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab')
      expect((await focused(page)).inDialog, `Tab ${i + 1} stays in the dialog`).toBe(true)
    }
    await expectAccessible(page, 'login dialog')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached', timeout: UI })
    expect((await focused(page)).testId).toBe('header-sign-in')
  })

  it('signs in by password with the keyboard', async () => {
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: '登录' })
    await dialog.waitFor({ timeout: UI })
    await expect.poll(async () => (await focused(page)).role, { timeout: UI }).toBe('tab')
    // tabs move with the arrow keys: 手机验证码 → 密码登录
    await page.keyboard.press('ArrowRight')
    await expect.poll(async () => (await focused(page)).text, { timeout: UI }).toBe('密码登录')
    expect(await dialog.getByRole('tab', { name: '密码登录' }).getAttribute('aria-selected')).toBe('true')
    await tabTo(page, 'the account box', (f) => f.tag === 'input')
    await page.keyboard.type(PHONE)
    await page.keyboard.press('Tab')
    await page.keyboard.type(PASSWORD)
    await tabTo(page, 'the agreement box', (f) => f.testId === 'agree')
    await page.keyboard.press('Space')
    expect(await dialog.getByTestId('agree').isChecked()).toBe(true)
    await tabTo(page, 'the submit button', (f) => f.testId === 'login-submit', { back: true })
    await shot(page, 'keyboard-login-password')
    await page.keyboard.press('Enter')
    await page.getByTestId('header-nick').waitFor({ timeout: UI })
    await dialog.waitFor({ state: 'detached', timeout: UI })
  })

  it('searches 腾讯 by pinyin in the header box and opens it', async () => {
    await tabTo(page, 'the header search box', (f) => f.role === 'combobox', { max: 80 })
    await page.keyboard.type('tengxun')
    const link = page.getByTestId('search-popup').locator('a[href$="/stock/hk00700"]')
    await link.first().waitFor({ timeout: UI })
    await expectAccessible(page, 'search popup')
    await tabTo(page, 'the 腾讯控股 result', (f) => (f.href ?? '').endsWith('/stock/hk00700'))
    await shot(page, 'keyboard-search-pinyin')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: /腾讯控股/ }).waitFor({ timeout: UI })
    expect(new URL(page.url()).pathname).toBe('/stock/hk00700')
  })

  it('switches chart periods with the arrow keys; the chart says in text what it shows', async () => {
    const chart = page.getByTestId('stock-chart')
    await expect.poll(() => chart.getAttribute('data-status'), { timeout: UI }).toBe('ready')
    await tabTo(page, 'the chart periods', (f) => f.role === 'tab' && f.text === '分时', { max: 120 })
    await page.keyboard.press('ArrowRight')
    await expect.poll(async () => `${await chart.getAttribute('data-period')}/${await chart.getAttribute('data-status')}`, { timeout: UI }).toBe('daily/ready')
    expect((await focused(page)).text).toBe('日K')
    await page.keyboard.press('ArrowRight')
    await expect.poll(async () => `${await chart.getAttribute('data-period')}/${await chart.getAttribute('data-status')}`, { timeout: UI }).toBe('weekly/ready')
    await expect.poll(() => page.getByTestId('chart-summary').textContent(), { timeout: UI }).toMatch(/^周K 最新价 [\d,.]+ 涨跌 [-+]?[\d,.]+（[-+]?[\d.]+%）$/)
    expect(await page.getByTestId('chart-canvas').getAttribute('role')).toBe('img')
    expect(await page.getByTestId('chart-canvas').getAttribute('aria-label')).toBe('腾讯控股 周K走势图')
    await page.keyboard.press('End')
    await expect.poll(() => chart.getAttribute('data-period'), { timeout: UI }).toBe('hours')
    await page.keyboard.press('Home')
    await expect.poll(() => chart.getAttribute('data-period'), { timeout: UI }).toBe('minute')
    await shot(page, 'keyboard-chart-periods')
  })

  it('adds it to the watchlist with the keyboard and finds it on /my/stock', async () => {
    await tabTo(page, 'the watch button', (f) => f.testId === 'watch-button', { back: true })
    expect(await page.getByTestId('watch-button').getAttribute('aria-pressed')).toBe('false')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('watch-button').getAttribute('aria-pressed'), { timeout: UI }).toBe('true')
    await expectAccessible(page, '/stock/hk00700 signed in')
    await visit(page, server, '/my/stock')
    await page.getByTestId('watchlist').locator('tr[data-stock=hk00700]').waitFor({ timeout: UI })
    await shot(page, 'keyboard-my-stock')
  })
})
