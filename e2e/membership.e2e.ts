// Membership and purchase journey (issue 13; spec 001 §2 'Order dialog', §4 'Order flow', §5, §8, §9): a guest
// pressing the buy prompt of a VIP article is asked to log in; a new reader presses buy, is sent from the
// dialog to attestation (real-name, questionnaire, result) and back, buys gold membership by the WeChat Pay
// sandbox with a coupon — the QR's pay page opened in a second tab of the same browser — sees the member
// state and the whole VIP article; short of gurucoin, tops up in the dialog (去充值, an amount, the QR paid in the
// sandbox) and buys a paid column with it; sees the purchases in /my/purchase and exchanges a cd-key on
// /my/coupon. Screenshots of every dialog page: artifacts/screenshots/order-*.png.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { generateFixtures } from '../fixtures/generate'
import { PAID_COLUMNS } from '../fixtures/membership/goods'
import { expectNoPageProblems, shot, signUp, visit, type RunningServer } from './harness'
import { fillRealNameForm, journey, visibleOn } from './journey'

const UI = 20_000
let server: RunningServer
let page: Page

journey((j) => ({ server, page } = j), { failureShots: 'membership' })

const visible = (what: string, locator = page.getByText(what).first(), timeout = UI) => visibleOn(page, locator, what, timeout)
const dialog = () => page.getByTestId('order-dialog')
const onPage = (name: string) => visible(`order page ${name}`, page.getByTestId(`order-page-${name}`))

// the seeded articles (deterministic fixtures; server/membership/seed.ts sells the first columns by id)
const fixtures = generateFixtures()
const paidColumnIds = [...fixtures.columns].map((c) => c.id).sort((a, b) => a - b).slice(0, PAID_COLUMNS)
const vipArticle = fixtures.articles.find((a) => a.isVip && (a.columnId === null || !paidColumnIds.includes(a.columnId)))!
const columnArticle = fixtures.articles.find((a) => !a.isVip && a.columnId === paidColumnIds[0])!

/** Waits for the dialog's total to settle on a price (not the 计算中… of a reload). */
async function totalIs(text: string) {
  await expect.poll(() => page.getByTestId('order-total').innerText(), { timeout: UI }).toBe(text)
}

/** Pays a sandbox QR URL in a second tab of the same browser (as a phone that scanned it would). */
async function payInSecondTab(codeUrl: string, answer: 'pay' | 'refuse' = 'pay') {
  const phone = await page.context().newPage()
  await phone.goto(codeUrl)
  if (answer === 'pay') await shot(phone, 'order-sandbox-pay')
  await phone.getByRole('button', { name: answer === 'pay' ? /确认支付/ : '拒绝支付' }).click()
  await visibleOn(phone, phone.getByRole('status').getByText(answer === 'pay' ? '支付成功' : '已拒绝支付'), `the sandbox says ${answer === 'pay' ? 'paid' : 'refused'}`, UI)
  await phone.close()
}

describe('membership and purchase', () => {
  it('a guest pressing the buy prompt of a VIP article is asked to log in', async () => {
    expect(vipArticle, 'a VIP article outside the paid columns').toBeTruthy()
    await visit(page, server, `/news/${vipArticle.id}`, { axe: false })
    await visible('the buy prompt', page.getByTestId('locked-prompt'))
    await page.getByTestId('locked-prompt').getByRole('button').click()
    await visible('login dialog', page.getByRole('dialog', { name: '登录' }))
    expect(await dialog().count()).toBe(0)
  })

  it('a new reader is sent to attestation, comes back and buys gold membership by WeChat with a coupon', async () => {
    await page.context().addCookies((await signUp(server, '13700001313')).map((c) => ({ ...c, url: server.url })))
    await visit(page, server, `/news/${vipArticle.id}`, { axe: false })
    await page.getByTestId('buy-button').click()

    // the confirm page on the gold month (the spec the paywall offers), the first coupon chosen
    await onPage('index')
    await totalIs('¥89.00')
    await shot(page, 'order-index')

    // the state-machine visualiser (issue 26): served by the local server to a loopback reader, its button
    // above the open dialog; it opens on the order dialog's actor, its current state lit on the chart
    await page.getByRole('button', { name: 'machines', exact: true }).click()
    const machines = page.getByRole('dialog', { name: 'state machines' })
    await visible('the visualiser on the order dialog', machines.getByRole('heading', { level: 2, name: 'orderDialog' }))
    await visible("the dialog's state", machines.getByRole('button', { name: /^orderDialog( \d+)?: open\.index\.ready/ }))
    await visible('its state on the chart', machines.locator('[data-testid="state:open.index.ready"][data-active="true"]'))
    await shot(page, 'dev-machines-order-dialog')
    await page.getByRole('button', { name: 'close machines' }).click()
    await onPage('index')

    await page.getByTestId('order-submit').click()
    // not qualified yet: the tooltip, then the attestation page (spec 001 §8: after 2 s)
    await visible('tooltip', page.getByTestId('order-tooltip').getByText('请完成实名认证及合格投资者认证'))
    await shot(page, 'order-qualification-tooltip')
    await page.waitForURL(`**/member/attestation?step=0&redirect=%2Fnews%2F${vipArticle.id}`, { timeout: UI })
    expect(await dialog().count()).toBe(0)

    // attestation (the screens of ui/membership/attestation): real-name, questionnaire, result, back
    await page.getByRole('button', { name: '去认证' }).click()
    await fillRealNameForm(page, '李四', UI)
    await page.getByRole('button', { name: '提交认证' }).click()
    await page.getByRole('button', { name: '开始测评' }).click()
    for (let n = 1; n <= 6; n++) {
      await visible(`第 ${n} / 6 题`)
      const options = page.locator('section ol button')
      await options.nth(Math.min(2, (await options.count()) - 1)).click()
    }
    await visible('您的风险测评结果')
    await page.getByRole('button', { name: '查看资产配置建议' }).click()
    await page.getByRole('link', { name: '返回继续购买' }).click()
    await page.waitForURL(`**/news/${vipArticle.id}`, { timeout: UI })

    // buy again: qualified now, the agreements are shown
    await page.getByTestId('buy-button').click()
    await onPage('index')
    await totalIs('¥89.00')
    // the coupon page: choose the member 8.5 折 coupon (¥99.00 × 0.85 = ¥84.15)
    await page.getByTestId('coupon-open').click()
    await onPage('coupon')
    await shot(page, 'order-coupon')
    await page.getByRole('list', { name: '选择优惠券' }).getByText('会员8.5折券').click()
    await onPage('index')
    await totalIs('¥84.15')
    expect(await page.getByTestId('coupon-open').innerText()).toContain('会员8.5折券（8.5 折）')
    await page.getByTestId('order-submit').click()
    await visible('agreement tooltip', page.getByTestId('order-tooltip').getByText('请先勾选同意相关协议'))
    await page.getByTestId('order-agree').check()
    await shot(page, 'order-index-agreed')
    await page.getByTestId('order-submit').click()

    // the pre-purchase stack: the risk match, a document and back, the consent, the agreements
    await onPage('prePurchase')
    await visible('risk match', page.getByTestId('risk-match'))
    await shot(page, 'order-risk-match')
    await dialog().getByRole('button', { name: '风险等级说明' }).click()
    await visible('statement', dialog().getByRole('heading', { name: '风险等级说明' }))
    await shot(page, 'order-risk-statement')
    await page.getByTestId('order-back').click()
    await visible('risk match again', page.getByTestId('risk-match'))
    await page.getByTestId('risk-consent').check()
    await page.getByTestId('risk-confirm').click()
    await visible('agreement tabs', dialog().getByRole('tab').first())
    await shot(page, 'order-agreements')
    for (const tab of await dialog().getByRole('tab').all()) await tab.click()
    await page.getByTestId('agreement-sign').click()

    // the QR page; its pay page opened in a second tab pays the order; the 5 s poll moves on
    await onPage('pay')
    const qr = page.getByTestId('qr-code')
    await visible('QR code', qr)
    await expect.poll(() => page.getByTestId('qr-remaining').innerText(), { timeout: UI }).toMatch(/剩余 \d+ 秒/)
    await shot(page, 'order-qr')
    const refusedUrl = (await qr.getAttribute('data-code-url'))!
    expect(refusedUrl).toContain('/sandbox/pay/')
    // refused on the phone first: the next poll closes the code, and its refresh link makes a new one
    await payInSecondTab(refusedUrl, 'refuse')
    await visible('the closed code', page.getByTestId('qr-closed').getByText('支付未完成，订单已关闭'))
    await shot(page, 'order-qr-closed')
    await page.getByTestId('qr-refresh').click()
    await expect.poll(() => qr.getAttribute('data-code-url'), { timeout: UI }).not.toBe(refusedUrl)
    await visible('the countdown again', page.getByTestId('qr-remaining'))
    const codeUrl = (await qr.getAttribute('data-code-url'))!
    await payInSecondTab(codeUrl)
    await visible('success', page.getByTestId('order-success'))
    await shot(page, 'order-success')
    // the membership card's mailing address: the form's own rules first, then the area picker and a save
    await dialog().getByRole('button', { name: '填写会员卡邮寄地址' }).click()
    await dialog().getByRole('button', { name: '保存地址' }).click()
    await visible('the name rule', dialog().getByText('请填写正确的姓名格式（不能为空且小于20字符）'))
    await visible('the region rule', dialog().getByText('请选择所在地区'))
    await dialog().getByLabel('收件人').fill('张三')
    await dialog().getByLabel('手机号码').fill('13800138000')
    await dialog().getByLabel('省份').selectOption('广东省')
    await dialog().getByLabel('城市').selectOption('深圳市')
    await dialog().getByLabel('区县').selectOption('南山区')
    await dialog().getByLabel('详细地址').fill('科技园 1 号')
    // each message went as its field was filled
    expect(await dialog().locator('.error').count()).toBe(0)
    await shot(page, 'order-address')
    await dialog().getByRole('button', { name: '保存地址' }).click()
    await visible('back on success', page.getByTestId('order-success'))
    const saved = await page.evaluate(async () => ((await (await fetch('/api/user-address/v1')).json()) as { result: unknown }).result)
    expect(saved).toEqual({ name: '张三', countryCode: '86', phoneNum: '13800138000', country: '中国', state: '广东省', city: '深圳市 南山区', address: '科技园 1 号' })
    // closing on success reloads the page (spec 001 §4): the whole article, no prompt
    await page.getByTestId('order-done').click()
    await page.waitForLoadState('load')
    await visible('the last paragraph', page.getByText(vipArticle.paragraphs.at(-1)!).first())
    await expect.poll(() => page.getByTestId('locked-prompt').count(), { timeout: UI }).toBe(0)
    await visit(page, server, '/user/member', { axe: false })
    await visible('member state', page.getByTestId('user-member-state').getByText(/黄金会员/))
    await shot(page, 'order-member-state')
  })

  it('short of 格隆贝, tops up in the dialog through the sandbox and buys a paid column with it', async () => {
    expect(columnArticle, 'an article of a paid column').toBeTruthy()
    await visit(page, server, `/news/${columnArticle.id}`, { axe: false })
    await page.getByTestId('buy-button').click()
    await onPage('index')
    await expect.poll(() => page.getByTestId('order-total').innerText(), { timeout: UI }).toMatch(/^¥\d/)
    // 格隆贝 chosen with nothing in the wallet: 余额不足 and 去充值 (issue 25)
    await page.getByRole('radio', { name: /格隆贝支付（余额 0.00）/ }).check()
    await visible('余额不足', dialog().getByText('余额不足'))
    await page.getByTestId('recharge-open').click()
    await onPage('recharge')
    // the amount that covers the column (¥199.00 less a coupon) is chosen: 500 格隆贝
    await visible('the amounts', page.getByTestId('recharge-402'))
    expect(await page.getByTestId('recharge-402').getAttribute('aria-pressed')).toBe('true')
    expect(await page.getByTestId('recharge-balance').innerText()).toMatch(/当前余额\s*0.00 格隆贝[\s\S]*本单还差 ¥1\d\d\.00/)
    await shot(page, 'order-recharge')
    await page.getByTestId('recharge-submit').click()
    // the dialog's own QR page; its sandbox page paid in a second tab; the next 5 s poll of recharge-status moves on
    const qr = page.getByTestId('qr-code')
    await visible('the recharge QR code', qr)
    await shot(page, 'order-recharge-qr')
    await payInSecondTab((await qr.getAttribute('data-code-url'))!)
    await visible('recharged', page.getByTestId('recharge-success'))
    expect(await page.getByTestId('recharge-new-balance').innerText()).toBe('格隆贝余额 500.00')
    await shot(page, 'order-recharge-success')
    // back to the purchase: 格隆贝 chosen, with the new balance
    await page.getByTestId('recharge-done').click()
    await onPage('index')
    await expect.poll(() => page.getByRole('radio', { name: /格隆贝支付（余额 500.00）/ }).isChecked(), { timeout: UI }).toBe(true)
    expect(await dialog().getByText('余额不足').count()).toBe(0)
    await page.getByTestId('order-agree').check()
    await shot(page, 'order-gurucoin')
    await page.getByTestId('order-submit').click()
    await visible('risk match', page.getByTestId('risk-match'))
    await page.getByTestId('risk-consent').check()
    await page.getByTestId('risk-confirm').click()
    await visible('agreement tabs', dialog().getByRole('tab').first())
    await page.getByTestId('agreement-sign').click()
    await visible('success', page.getByTestId('order-success'))
    await shot(page, 'order-gurucoin-success')
    await page.getByTestId('order-done').click()
    await page.waitForLoadState('load')
    await visible('the last paragraph', page.getByText(columnArticle.paragraphs.at(-1)!).first())
    await expect.poll(() => page.getByTestId('locked-prompt').count(), { timeout: UI }).toBe(0)

    // both purchases in /my/purchase
    await visit(page, server, '/my/purchase', { axe: false })
    const list = page.getByRole('list', { name: '我的购买' })
    await visible('purchases', list)
    await visible('gold', list.getByText(/黄金会员/).first())
    await visible('by gurucoin', list.getByText(/格隆贝支付/).first())
    await visible('by WeChat', list.getByText(/微信支付/).first())
    await visible('the top-up', list.getByText('500 格隆贝'))
    await shot(page, 'order-my-purchase')

    // a cd-key on /my/coupon (issue 25): 兑换 adds its coupon to the list
    await visit(page, server, '/my/coupon', { axe: false })
    await visible('coupons', page.getByRole('list', { name: '我的优惠券' }))
    await page.getByLabel('兑换码').fill('GMH2026')
    await page.getByRole('button', { name: '兑换', exact: true }).click()
    await visible('exchanged', page.getByText('兑换成功，已获得「兑换券·立减20元」'))
    await visible('its coupon listed', page.getByRole('list', { name: '我的优惠券' }).getByText('兑换券·立减20元'))
    await shot(page, 'my-coupon-cd-key')
    expectNoPageProblems(page, 'membership journey')
  })

  it("the member area's other pages, as the gold member the reader now is (issue 25)", async () => {
    await visit(page, server, '/member/chanceNotice', { axe: false })
    await visible('机会提醒 unlocked for a member', page.getByRole('list', { name: '机会提醒' }).getByText('已解锁').first())
    await shot(page, 'member-chance-notice')
    await visit(page, server, '/member/infoSwiper', { axe: false })
    await visible('the slides', page.getByRole('navigation', { name: '会员资讯' }).getByRole('link').first())
    await shot(page, 'member-info-swiper')
    await visit(page, server, '/member/type/article-index?equity=1', { axe: false })
    await visible('the equity chosen', page.getByRole('link', { name: /^机会提醒/ }).and(page.locator('[aria-current="page"]')))
    await visible('its articles', page.getByRole('list', { name: '会员文章' }).getByRole('link').first())
    await shot(page, 'member-article-index')
    await visit(page, server, '/black-gold/promote', { axe: false })
    await visible('platinum on sale', page.getByRole('list', { name: '开通黑金会员' }).getByText('铂金会员'))
    await shot(page, 'black-gold-promote')
    await visit(page, server, '/black-gold/industry-revival/intro', { axe: false })
    await visible('the series', page.getByRole('list', { name: '产业复兴' }))
    await shot(page, 'black-gold-industry-revival-intro')
    await page.getByRole('list', { name: '产业复兴' }).getByRole('link').first().click()
    await visible('the album', page.getByRole('list', { name: '全部文章' }))
    await shot(page, 'black-gold-industry-revival-album')
    expectNoPageProblems(page, 'member area pages')
  })

  it('/album and the member home in the member layout: a banner across the window, zh-cn and zh-hk (issue 25)', async () => {
    /** the layout, and the banner's width against the window's (the member layout is full width) */
    const frame = () => page.evaluate(() => ({
      layout: document.querySelector('main')?.getAttribute('data-layout'),
      banner: Math.round(document.querySelector('[data-testid="member-banner"]')?.getBoundingClientRect().width ?? 0),
      window: document.documentElement.clientWidth,
    }))
    for (const lang of ['zh-cn', 'zh-hk'] as const) {
      await page.context().addCookies([{ name: 'lang', value: lang, url: server.url }])
      await visit(page, server, '/album', { axe: false })
      const albums = page.getByRole('list', { name: lang === 'zh-cn' ? '专栏合集' : '專欄合集' })
      await visible(`the albums on sale (${lang})`, albums)
      expect(await albums.getByRole('listitem').count()).toBeGreaterThan(0)
      expect(await albums.getByRole('link', { name: lang === 'zh-cn' ? /^订阅 / : /^訂閲 / }).first().getAttribute('href')).toMatch(/^\/member\/payment\?goodsId=\d+$/)
      expect(await frame()).toMatchObject({ layout: 'member' })
      const f = await frame()
      expect(f.banner).toBe(f.window)
      await shot(page, `album-${lang}`)
      // an album opens from it (the column read in order)
      const first = albums.getByRole('listitem').first().getByRole('link').first()
      const href = (await first.getAttribute('href'))!
      expect(href).toMatch(/^\/album\/\d+$/)
      await visit(page, server, '/member', { axe: false })
      await visible(`the member home (${lang})`, page.getByRole('heading', { level: 1, name: lang === 'zh-cn' ? '港美汇会员' : '港美匯會員' }))
      const m = await frame()
      expect(m).toMatchObject({ layout: 'member' })
      expect(m.banner).toBe(m.window)
      await shot(page, `member-home-${lang}`)
    }
    await visit(page, server, '/black-gold/promote', { axe: false })
    await visible('黑金 in the privilege layout', page.getByRole('heading', { level: 1, name: '黑金會員' }))
    expect(await frame()).toMatchObject({ layout: 'privilege' })
    await shot(page, 'black-gold-promote-zh-hk')
    await page.context().addCookies([{ name: 'lang', value: 'zh-cn', url: server.url }])
    expectNoPageProblems(page, 'album and member layout')
  })
})
