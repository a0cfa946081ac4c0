// Columns, albums, subjects and hotspots (issue 5): browse /column and its tabs, the columnists, a column
// page, its album, /subject, a subject (a guest gets the login dialog on follow; a signed-in reader
// follows and unfollows), and a hotspot — with a screenshot of each. spec 000 §2, §4, §7.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { signUp as signUpVia, shot, type RunningServer, visit, expectNoPageProblems } from './harness'
import { journey } from './journey'

const UI = 20_000
let server: RunningServer
let page: Page

journey((j) => ({ server, page } = j))

const go = (path: string) => visit(page, server, path)
const expectNoProblems = (where: string) => expectNoPageProblems(page, where)

const signUp = (phone: string) => signUpVia(server, phone)

describe('columns', () => {
  it('/column shows recommended columns, hot columns and selected articles', async () => {
    await go('/column')
    await page.getByTestId('column-card').first().waitFor({ timeout: UI })
    expect(await page.getByTestId('column-card').count()).toBeGreaterThanOrEqual(10)
    await shot(page, 'columns-recommend')
    await page.getByRole('tab', { name: '热门专栏' }).click()
    await page.getByRole('tab', { name: '热门专栏', selected: true }).waitFor({ timeout: UI })
    await page.getByRole('tab', { name: '精选文章' }).click()
    await page.getByRole('list', { name: '精选文章' }).getByRole('listitem').first().waitFor({ timeout: UI })
    await shot(page, 'columns-selected')
    expectNoProblems('/column')
  })

  it('/column/columnist lists the columnists', async () => {
    await go('/column/columnist')
    await page.getByTestId('columnist').first().waitFor({ timeout: UI })
    await shot(page, 'columns-columnists')
    expectNoProblems('/column/columnist')
  })

  it('a column page, then its album from the link (the id is the last path segment)', async () => {
    await go('/column')
    const card = page.getByTestId('column-card').first()
    await card.waitFor({ timeout: UI })
    const name = (await card.getByRole('heading').textContent())!
    await card.getByRole('heading').getByRole('link').click()
    await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: UI })
    await page.getByRole('list', { name }).getByRole('listitem').first().waitFor({ timeout: UI })
    await shot(page, 'columns-column-page')
    const id = /\/column\/page\/(\d+)$/.exec(page.url())![1]
    await page.getByRole('link', { name: '按专辑阅读' }).click()
    await page.waitForURL(`**/album/${id}`, { timeout: UI })
    await page.getByText('第 1 篇').waitFor({ timeout: UI })
    await shot(page, 'columns-album')
    expectNoProblems('column and album')
  })

  it('a paid column offers 订阅专栏; a guest who presses it is asked to log in', async () => {
    await go('/column/page/1')
    await page.getByRole('button', { name: '订阅专栏' }).click()
    await page.getByRole('dialog').waitFor({ timeout: UI })
    await shot(page, 'columns-paid-buy-guest')
    expectNoProblems('/column/page/1 buy')
  })

  it('a signed-in reader without membership is offered the gold month with the column at 9 折, and can take it off again', async () => {
    await page.context().addCookies((await signUp('13512340001')).map((c) => ({ ...c, url: server.url })))
    await go('/column/page/1')
    await page.getByRole('button', { name: '订阅专栏' }).click()
    const dialog = page.getByTestId('order-dialog')
    await dialog.waitFor({ timeout: UI })
    const total = dialog.getByTestId('order-total')
    // ¥199.00 less the welcome coupon every new reader has (新人立减10元)
    await expect.poll(() => total.innerText(), { timeout: UI }).toBe('¥189.00')
    const offer = dialog.getByTestId('member-add-on')
    expect(await offer.innerText()).toContain('开通黄金会员，本单立享9折')
    await offer.getByRole('button', { name: '加购黄金会员月卡' }).click()
    // 199.00 × 0.9 − 10.00 + 99.00
    await expect.poll(() => total.innerText(), { timeout: UI }).toBe('¥268.10')
    expect(await dialog.getByTestId('order-breakdown').getByRole('listitem').allInnerTexts()).toEqual([expect.stringMatching(/全年订阅\s+¥179\.10$/), expect.stringMatching(/黄金会员·月卡\s+¥99\.00$/)])
    await shot(page, 'columns-paid-buy-add-on')
    await offer.getByRole('button').click()
    await expect.poll(() => total.innerText(), { timeout: UI }).toBe('¥189.00')
    await dialog.getByTestId('order-close').click()
    await page.context().clearCookies()
    expectNoProblems('/column/page/1 add-on')
  })
})

describe('subjects and hotspots', () => {
  it('/subject lists the subjects; a subject shows its contents and the picks', async () => {
    await go('/subject')
    await page.getByTestId('subject-card').first().waitFor({ timeout: UI })
    expect(await page.getByTestId('subject-card').count()).toBeGreaterThanOrEqual(12)
    await shot(page, 'columns-subjects')
    await page.getByRole('link', { name: '美联储议息' }).click()
    await page.getByRole('heading', { level: 1, name: '美联储议息' }).waitFor({ timeout: UI })
    await page.getByRole('list', { name: '美联储议息' }).getByRole('listitem').first().waitFor({ timeout: UI })
    await shot(page, 'columns-subject')
    await page.getByRole('tab', { name: '精选', exact: true }).click()
    await page.getByRole('tab', { name: '精选', selected: true }).waitFor({ timeout: UI })
    expectNoProblems('/subject')
  })

  it('a guest who follows gets the login dialog', async () => {
    await page.getByTestId('subject-follow').click()
    await page.getByRole('dialog').waitFor({ timeout: UI })
    await shot(page, 'columns-subject-follow-guest')
  })

  it('a signed-in reader follows and unfollows; the follow shows on /subject', async () => {
    await page.context().addCookies((await signUp('13700001111')).map((c) => ({ ...c, url: server.url })))
    await go('/subject/2')
    await page.getByTestId('header-nick').waitFor({ timeout: UI })
    const button = page.getByTestId('subject-follow')
    await expect.poll(() => button.textContent(), { timeout: UI }).toBe('关注')
    await button.click()
    await expect.poll(() => button.textContent(), { timeout: UI }).toBe('已关注')
    // the button turns at once (optimistic toggle); the count is the server's answer, so it follows a moment later
    await expect.poll(() => page.getByTestId('subject-follow-count').textContent(), { timeout: UI }).toBe('1 人关注')
    await shot(page, 'columns-subject-followed')
    await go('/subject')
    await page.getByRole('list', { name: '我关注的专题' }).getByRole('link', { name: '美联储议息' }).waitFor({ timeout: UI })
    await shot(page, 'columns-subjects-followed')
    await go('/subject/2')
    await expect.poll(() => page.getByTestId('subject-follow').textContent(), { timeout: UI }).toBe('已关注')
    await page.getByTestId('subject-follow').click()
    await expect.poll(() => page.getByTestId('subject-follow').textContent(), { timeout: UI }).toBe('关注')
    expectNoProblems('follow')
  })

  it('/hotspot/{id} shows the hotspot, its items and the popular hotspots', async () => {
    await go('/hotspot/1')
    await page.getByRole('heading', { level: 1, name: '英伟达股价大幅波动' }).waitFor({ timeout: UI })
    await page.getByRole('list', { name: '英伟达股价大幅波动' }).getByRole('listitem').first().waitFor({ timeout: UI })
    await page.getByRole('list', { name: '热门热点' }).getByRole('link').nth(1).click()
    await page.waitForURL(/\/hotspot\/(?!1$)\d+$/, { timeout: UI })
    await page.getByRole('list', { name: '热门热点' }).locator('[aria-current=page]').waitFor({ timeout: UI })
    await go('/hotspot/1')
    await page.getByRole('heading', { level: 1, name: '英伟达股价大幅波动' }).waitFor({ timeout: UI })
    await shot(page, 'columns-hotspot')
    await go('/hotspot/999')
    await page.getByText('热点不存在').waitFor({ timeout: UI })
  })
})
