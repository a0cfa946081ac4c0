// Accounts journey (issue 4): register by phone code read from the dev outbox, set a password, change
// the nick and see it in the header, log out, log in by password, sign in by the simulated WeChat scan,
// bind a phone that already has an account and merge — with screenshots.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { advanceServerClock, apiClient, expectAccessible, visit, sendPhoneCode, shot, signUp, type LaunchedBrowser, type RunningServer, outboxCode } from './harness'
import { journey } from './journey'
import { describeNativeControls, nativeControls } from './native-controls'

const UI = 20_000
let server: RunningServer
let browser: LaunchedBrowser
let page: Page

journey((j) => ({ server, browser, page } = j))

const codeFor = (phone: string) => outboxCode(server, phone)

const phoneA = '13912345678'
const phoneB = '13987654321'

describe('accounts', () => {
  it('an account exists on phone B (made through the API, as another person)', async () => {
    const { headers } = await apiClient(server)
    expect(await sendPhoneCode(server, headers, phoneB)).toBe(200)
    const login = await fetch(`${server.url}/api/v2/user/session/v2`, { method: 'POST', headers, body: JSON.stringify({ phone: phoneB, countryCode: '86', phoneCode: await codeFor(phoneB) }) })
    expect(((await login.json()) as { statusCode: number }).statusCode).toBe(200)
  })

  it('registers by phone code from the outbox', async () => {
    await visit(page, server, '/')
    await page.getByTestId('header-sign-in').click()
    const dialog = page.getByRole('dialog')
    await dialog.locator('input[name=phone]').fill(phoneA)
    await dialog.getByTestId('send-code').click()
    await expect.poll(() => dialog.getByTestId('send-code').textContent(), { timeout: UI }).toMatch(/秒后重发/)
    await dialog.locator('input[name=code]').fill(await codeFor(phoneA))
    await dialog.getByTestId('login-submit').click()
    await expect.poll(() => dialog.getByRole('tooltip').textContent(), { timeout: UI }).toContain('请先阅读并勾选同意用户协议')
    await shot(page, 'accounts-login-agreement-tooltip')
    await dialog.getByTestId('agree').check()
    await dialog.getByTestId('login-submit').click()
    await page.getByTestId('header-nick').waitFor({ timeout: UI })
    expect(await page.getByTestId('header-nick').textContent()).toBe(`港美汇用户${phoneA.slice(-4)}`)
    await shot(page, 'accounts-registered-header')
  })

  it('sets a password and changes the nick; the header shows it', async () => {
    await page.getByTestId('header-user').hover()
    await page.getByRole('menuitem', { name: '账号设置' }).click()
    await page.locator('#nick').waitFor({ timeout: UI })
    await page.locator('#nick').fill('价值投资者小王')
    await page.getByTestId('save-profile').click()
    await expect.poll(() => page.getByTestId('header-nick').textContent(), { timeout: UI }).toBe('价值投资者小王')
    await page.getByPlaceholder('新密码（6-16位）').fill('wang1234')
    await page.getByPlaceholder('确认密码').fill('wang1234')
    await page.getByRole('button', { name: '保存' }).nth(1).click()
    await page.getByText('密码已修改').waitFor({ timeout: UI })
    await shot(page, 'accounts-setting')
  })

  it('logs out and logs in by password', async () => {
    await page.getByTestId('header-user').hover()
    await page.getByTestId('menu-logout').click()
    await page.getByTestId('header-sign-in').waitFor({ timeout: UI })
    await page.getByTestId('header-sign-in').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('tab', { name: '密码登录' }).click()
    await dialog.locator('input[name=account]').fill(phoneA)
    await dialog.locator('input[name=password]').fill('wang1234')
    await dialog.getByTestId('agree').check()
    await expectAccessible(page, 'login dialog, password tab')
    await shot(page, 'accounts-password-tab')
    await dialog.getByTestId('login-submit').click()
    await expect.poll(() => page.getByTestId('header-nick').textContent(), { timeout: UI }).toBe('价值投资者小王')
    await page.getByTestId('header-user').hover()
    await page.getByTestId('menu-logout').click()
    await page.getByTestId('header-sign-in').waitFor({ timeout: UI })
  })

  it('guards: a guest on /chiefChatroom lands on /chiefCircle; /my/setting shows the not-logged-in panel', async () => {
    await visit(page, server, '/chiefChatroom')
    await expect.poll(() => new URL(page.url()).pathname, { timeout: UI }).toBe('/chiefCircle')
    await visit(page, server, '/my/setting')
    await page.getByTestId('not-logged-in').waitFor({ timeout: UI })
    await shot(page, 'accounts-guest-my-setting')
    await visit(page, server, '/')
  })

  it('signs in by the simulated WeChat scan, binds phone B and merges into it', async () => {
    await page.getByTestId('header-sign-in').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByTestId('agree').check()
    await dialog.getByTestId('wechat-open').click()
    const qr = dialog.getByTestId('wechat-qr')
    await qr.waitFor({ timeout: UI })
    await shot(page, 'accounts-wechat-qr')
    const url = (await qr.getAttribute('data-url'))!
    const phone = await browser.newPage()
    await phone.goto(url, { waitUntil: 'load' })
    // no axe check here: this page is the local WeChat sandbox (server/accounts/pages.ts), standing in for
    // WeChat's own app on the reader's phone, not a page of the site
    await phone.locator('#nick').fill('微信老李')
    await shot(phone, 'accounts-wechat-scan-page')
    await phone.getByRole('button', { name: '确认登录' }).click()
    await phone.getByText('已确认登录').waitFor({ timeout: UI })
    await phone.close()
    // the desktop page comes back with wxcode and opens the phone-binding page
    const bind = page.getByRole('dialog')
    await bind.getByTestId('bind-submit').waitFor({ timeout: UI })
    await shot(page, 'accounts-bindphone')
    await bind.locator('input[name=phone]').fill(phoneB)
    // one code per minute per phone (spec 000 §9), and phone B had one just now: the server's clock
    // moves on a minute (the local mode's clock sandbox) instead of the journey waiting 61 s
    await advanceServerClock(server, 61_000)
    await bind.getByTestId('send-code').click()
    await expect.poll(() => bind.getByTestId('send-code').textContent(), { timeout: UI }).toMatch(/秒后重发/)
    await bind.locator('input[name=code]').fill(await codeFor(phoneB))
    await bind.getByTestId('bind-submit').click()
    await bind.getByTestId('merge-next').waitFor({ timeout: UI })
    await shot(page, 'accounts-merge-choose')
    await bind.getByTestId('merge-next').click()
    await bind.getByTestId('merge-confirm').click()
    await expect.poll(() => bind.getByTestId('merge-result').textContent(), { timeout: UI }).toContain('合并成功')
    await shot(page, 'accounts-merge-result')
    await bind.getByRole('button', { name: '完成' }).click()
    await expect.poll(() => page.getByTestId('header-nick').textContent(), { timeout: UI }).toBe(`港美汇用户${phoneB.slice(-4)}`)
    await shot(page, 'accounts-merged-header')
  }, 150_000)

  it('a signed-in reader stays on /chiefChatroom (no redirect after a reload)', async () => {
    await visit(page, server, '/chiefChatroom')
    await page.getByTestId('header-nick').waitFor({ timeout: UI })
    expect(new URL(page.url()).pathname).toBe('/chiefChatroom')
    await shot(page, 'accounts-member-chatroom')
  })

  it('issue 25: binds enterprise WeChat through its sandbox and sees the address book on /wecom/mine (zh-cn, zh-hk)', async () => {
    await visit(page, server, '/wecom/mine')
    await page.getByTestId('wecom-bind').waitFor({ timeout: UI })
    await page.getByTestId('wecom-sign-in').click()
    // the local sandbox stands in for WeCom's QR login page (server/wecom/sandbox-pages.ts): not a page of the site, no axe
    const liu = page.locator('button[data-userid="LiuMin"]')
    await liu.waitFor({ timeout: UI })
    await shot(page, 'wecom-sandbox-login')
    await liu.click()
    // WeCom's redirect → /oauth/wecom/callback → /wecom/mine?wwcode=…: the code is spent and leaves the address bar
    await page.getByTestId('wecom-client').first().waitFor({ timeout: UI })
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/wecom/mine')
    expect(await page.getByTestId('wecom-client').count()).toBe(6)
    expect(await page.getByTestId('wecom-member').textContent()).toContain('刘敏')
    await expectAccessible(page, '/wecom/mine')
    expect(describeNativeControls('/wecom/mine', await nativeControls(page))).toBe('')
    await shot(page, 'wecom-mine-clients')
    await page.getByRole('navigation', { name: '企业微信通讯录' }).getByRole('link', { name: '客户群' }).click()
    await page.getByTestId('wecom-group').first().getByRole('link').click()
    await page.getByTestId('wecom-group-member').first().waitFor({ timeout: UI })
    await shot(page, 'wecom-mine-group')
    await page.context().addCookies([{ name: 'lang', value: 'zh-hk', url: server.url }])
    await visit(page, server, '/wecom/mine/group')
    await page.getByTestId('wecom-group').first().waitFor({ timeout: UI })
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toBe('我的客戶羣')
    await shot(page, 'wecom-mine-groups-zh-hk')
    await page.context().addCookies([{ name: 'lang', value: 'zh-cn', url: server.url }])
  })

  it('issue 27: an adviser applies for the creator certification, the reviewer approves, the adviser sees 圈子管理 with NEW (zh-cn, zh-hk)', async () => {
    const context = page.context()
    const as = async (cookies: { name: string; value: string }[]) => {
      await context.clearCookies()
      await context.addCookies(cookies.map((c) => ({ ...c, url: server.url })))
    }
    const adviser = await signUp(server, '13955550027')
    // the local seed's reviewer (server/certification/seed.ts DEMO_REVIEWER_PHONE)
    const reviewer = await signUp(server, '13900000098')
    await as(adviser)
    await visit(page, server, '/chiefCircle/creator-certification/new')
    await page.locator('#cert-real-name').fill('陈港美')
    await page.locator('#cert-weixin').fill('chen_gangmei')
    await page.locator('#cert-siaqc').fill('S0260517090027')
    await page.locator('#cert-email').fill('chen@example.com')
    await page.locator('#cert-profile').fill('十年港股研究经验，专注科技与消费板块。')
    // an identity card drawn by the browser itself (a real PNG)
    const png = await page.evaluate(() => {
      const c = document.createElement('canvas')
      c.width = 360
      c.height = 228
      const g = c.getContext('2d')!
      g.fillStyle = '#dfe9f5'
      g.fillRect(0, 0, 360, 228)
      g.fillStyle = '#1f2329'
      g.font = '20px sans-serif'
      g.fillText('居民身份证（样例）', 24, 48)
      return c.toDataURL('image/png').split(',')[1]!
    })
    await page.locator('#cert-image').setInputFiles({ name: 'id-card.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') })
    await page.getByTestId('cert-image-done').waitFor({ timeout: UI })
    expect(describeNativeControls('/chiefCircle/creator-certification/new', await nativeControls(page))).toBe('')
    await shot(page, 'certification-form')
    await page.getByTestId('cert-next').click()
    await page.getByTestId('cert-submit').click()
    await expect.poll(() => page.getByTestId('certification-result').getAttribute('data-status'), { timeout: UI }).toBe('reviewing')
    expect(new URL(page.url()).pathname).toBe('/chiefCircle/creator-certification/result')
    await shot(page, 'certification-submitted')

    await as(reviewer)
    await visit(page, server, '/audit/reviewer')
    const item = page.getByTestId('review-item').filter({ hasText: '陈港美' })
    await item.waitFor({ timeout: UI })
    await shot(page, 'certification-reviewer')
    await item.getByTestId('review-approve').click()
    await item.waitFor({ state: 'detached', timeout: UI })

    await as(adviser)
    await visit(page, server, '/chiefCircle/creator-certification/result')
    await expect.poll(() => page.getByTestId('certification-result').getAttribute('data-status'), { timeout: UI }).toBe('success')
    await page.getByTestId('header-user').hover()
    const entry = page.getByRole('menuitem', { name: /圈子管理/ })
    await entry.waitFor({ timeout: UI })
    expect(await entry.textContent()).toBe('圈子管理NEW')
    await shot(page, 'certification-approved-menu')
    await context.addCookies([{ name: 'lang', value: 'zh-hk', url: server.url }])
    await visit(page, server, '/chiefCircle/creator-certification/result')
    await expect.poll(() => page.getByTestId('certification-result').textContent(), { timeout: UI }).toContain('恭喜，你已通過投顧認證')
    await page.getByTestId('header-user').hover()
    await page.getByRole('menuitem', { name: /圈子管理/ }).waitFor({ timeout: UI })
    await shot(page, 'certification-approved-menu-zh-hk')
    await context.addCookies([{ name: 'lang', value: 'zh-cn', url: server.url }])
  })
})
