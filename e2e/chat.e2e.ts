// Chat journey (issue 14): two browsers — the seeded demo adviser (a certified owner) and a new reader —
// on the local messaging relay. The owner creates a group and adds the reader; a group message arrives
// with an unread badge and the page title 您有1条未读消息, which clears on reading; one-to-one in both
// directions with an image; a revoke; a mute that stops the reader sending; a kick by the owner whose
// tip only admins see. Also: the reader pins the group and mutes its notifications (muted marker with a
// bracketed count), an @ mention, mute all, a mute for a chosen number of hours, the removal records,
// the owner setting (and taking back) an admin and the reader's private message from the member list,
// the chief chatroom in both browsers (no footer) and the guidance pages. Screenshots at each step
// (artifacts/screenshots/chat-*.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { launchBrowser, shot, signUp, startServer, type LaunchedBrowser, type RunningServer } from './harness'
import { describeNativeControls, nativeControls } from './native-controls'
import { BRAND_RED, LIGHT_GROUND, rgbPng } from './png'

const UI = 20_000
const ADVISER_PHONE = '13900000099' // server/chat/seed.ts
const READER_PHONE = '13911112222'
/** A w×h PNG of rising red bars (a picture one can see in the screenshot, not a 1 px dot). */
function barsPng(w: number, h: number): Buffer {
  return rgbPng(w, h, (x, y) => {
    const bar = Math.floor(x / 8)
    return x % 8 < 6 && h - y <= (bar + 1) * (h / (w / 8)) ? BRAND_RED : LIGHT_GROUND
  })
}
const PNG_WIDTH = 96
const PNG = barsPng(PNG_WIDTH, 64)

let server: RunningServer
let ownerBrowser: LaunchedBrowser
let readerBrowser: LaunchedBrowser
let owner: Page
let reader: Page
let ownerId = ''
let readerId = ''
let groupConversation = ''

async function signedIn(b: LaunchedBrowser, phone: string): Promise<Page> {
  const cookies = await signUp(server, phone)
  await b.context.addCookies(cookies.map((c) => ({ ...c, url: server.url })))
  return b.newPage()
}
/** The signed-in user's messaging id, from the server's userSig answer (as the page itself reads it). */
const myId = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/financial-circle/live-column/im/userSig/v1')).json()) as { result: { userId: string } }).result.userId)
/** A POST from the page with its own CSRF token, as the site's client sends it. */
const postFrom = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ({ path, body }) => {
      const csrf = /csrf_token=([^;]+)/.exec(document.cookie)?.[1] ?? ''
      const res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf }, body: JSON.stringify(body) })
      return (await res.json()) as { statusCode: number; message: string; result: unknown }
    },
    { path, body },
  )
const item = (page: Page, conversationId: string) => page.locator(`[data-testid=conversation-item][data-conversation="${conversationId}"]`)
const open = async (page: Page, conversationId: string) => {
  await page.goto(`${server.url}/chat/conversation/${encodeURIComponent(conversationId)}`)
  await page.locator(`[data-testid=conversation-view][data-conversation="${conversationId}"]`).waitFor({ timeout: UI })
}
const send = async (page: Page, text: string) => {
  await page.getByTestId('chat-input').fill(text)
  await page.getByTestId('chat-send').click()
}

beforeAll(async () => {
  server = await startServer()
  ownerBrowser = await launchBrowser()
  readerBrowser = await launchBrowser()
  owner = await signedIn(ownerBrowser, ADVISER_PHONE)
  reader = await signedIn(readerBrowser, READER_PHONE)
  await owner.goto(`${server.url}/chat`)
  await reader.goto(`${server.url}/chat`)
  ownerId = await myId(owner)
  readerId = await myId(reader)
}, 300_000)
afterAll(async () => {
  await ownerBrowser?.close()
  await readerBrowser?.close()
  await server?.stop()
})

describe('chat between two browsers', () => {
  it('the certified owner creates a group and adds the reader, who sees it appear', async () => {
    await owner.getByTestId('chat-page').waitFor({ timeout: UI })
    await owner.getByTestId('create-group').click()
    await owner.getByTestId('group-name').fill('港股夜谈')
    // the create-group form is drawn like the site, not with the browser's default controls
    expect(describeNativeControls('/chat create-group form', await nativeControls(owner))).toBe('')
    await shot(owner, 'chat-create-group-form')
    await owner.getByTestId('group-create-submit').click()
    await expect.poll(() => owner.url(), { timeout: UI }).toContain('/chat/conversation/GROUP')
    groupConversation = decodeURIComponent(owner.url().split('/chat/conversation/')[1]!)
    const added = await postFrom(owner, '/api/group-chat/join-by-userids/v1', { groupId: groupConversation.slice(5), userIds: [readerId] })
    expect(added.statusCode).toBe(200)
    await item(reader, groupConversation).waitFor({ timeout: UI })
    await expect.poll(() => owner.getByTestId('member').count(), { timeout: UI }).toBe(2)
    await shot(owner, 'chat-group-created')
  })

  it('the owner sets the reader as admin from the member list, both see it, and the owner takes it back', async () => {
    const readerRow = (page: Page) => page.locator(`[data-testid=member][data-user="${readerId}"]`)
    await open(reader, groupConversation)
    // a member sees no admin control; the owner sees 设为管理员 beside the reader and none beside themself
    expect(await reader.getByTestId('member-set-admin').count()).toBe(0)
    expect(await owner.locator(`[data-testid=member][data-user="${ownerId}"] [data-testid=member-set-admin]`).count()).toBe(0)
    await readerRow(owner).getByTestId('member-set-admin').click()
    await expect.poll(() => readerRow(owner).getByTestId('member-role').textContent(), { timeout: UI }).toBe('管理员')
    await expect.poll(() => readerRow(reader).getByTestId('member-role').textContent(), { timeout: UI }).toBe('管理员')
    await expect.poll(() => owner.getByTestId('group-tip').allTextContents(), { timeout: UI }).toEqual(expect.arrayContaining([expect.stringContaining('被设置为管理员')]))
    // the new admin's own tools: mute all and the mute duration
    await reader.getByTestId('group-mute-all').waitFor({ timeout: UI })
    await shot(owner, 'chat-set-admin')
    await shot(reader, 'chat-set-admin-reader')
    await readerRow(owner).getByTestId('member-unset-admin').click()
    await expect.poll(() => readerRow(owner).getByTestId('member-role').count(), { timeout: UI }).toBe(0)
    await expect.poll(() => reader.getByTestId('group-mute-all').count(), { timeout: UI }).toBe(0)
  })

  it('the reader, an ordinary member, messages the owner privately from the member list; the owner reads it', async () => {
    // 私聊 beside the owner (an Owner is on one side), none beside the reader themself
    expect(await reader.locator(`[data-testid=member][data-user="${readerId}"] [data-testid=member-private]`).count()).toBe(0)
    await reader.locator(`[data-testid=member][data-user="${ownerId}"]`).getByTestId('member-private').click()
    await reader.locator(`[data-testid=conversation-view][data-conversation="C2C${ownerId}"]`).waitFor({ timeout: UI })
    await send(reader, '老师好，私信请教一个问题')
    await expect.poll(() => item(owner, `C2C${readerId}`).count(), { timeout: UI }).toBe(1)
    await open(owner, `C2C${readerId}`)
    await expect.poll(() => owner.getByTestId('message-text').allTextContents(), { timeout: UI }).toContain('老师好，私信请教一个问题')
    await shot(reader, 'chat-private-message')
    await open(owner, groupConversation)
  })

  it('a group message reaches the reader with an unread badge and the unread title; reading clears both', async () => {
    await send(owner, '大家好，今晚聊聊腾讯')
    await expect.poll(() => item(reader, groupConversation).getByTestId('unread-badge').textContent(), { timeout: UI }).toBe('1')
    await expect.poll(() => reader.title(), { timeout: UI }).toBe('您有1条未读消息')
    await shot(reader, 'chat-unread')
    await open(reader, groupConversation)
    await expect.poll(() => reader.getByTestId('message-text').allTextContents(), { timeout: UI }).toContain('大家好，今晚聊聊腾讯')
    await expect.poll(() => reader.title(), { timeout: UI }).not.toContain('未读')
    await expect.poll(() => item(reader, groupConversation).getByTestId('unread-badge').count(), { timeout: UI }).toBe(0)
  })

  it('the reader pins the group and mutes it: pinned first, a new message shows the muted marker with a bracketed count', async () => {
    await open(reader, `C2C${ownerId}`) // a second conversation, so "first" means something
    await send(reader, '老师，我先占个座')
    await reader.goto(`${server.url}/chat/conversation`)
    await open(reader, groupConversation)
    await reader.getByTestId('conversation-pin').click()
    await expect.poll(() => reader.getByTestId('conversation-item').first().getAttribute('data-conversation'), { timeout: UI }).toBe(groupConversation)
    await reader.getByTestId('conversation-notify').click()
    await expect.poll(() => reader.getByTestId('conversation-notify').getAttribute('aria-pressed'), { timeout: UI }).toBe('true')
    await reader.goto(`${server.url}/chat/conversation`)
    await item(reader, groupConversation).waitFor({ timeout: UI })
    await send(owner, '收盘后见')
    await expect.poll(() => item(reader, groupConversation).getByTestId('muted-marker').textContent(), { timeout: UI }).toContain('[1]')
    expect(await item(reader, groupConversation).getByTestId('unread-badge').count()).toBe(0)
    await shot(reader, 'chat-pinned-muted')
    // notifications back on, and the @ mention marks the conversation for the reader
    await open(reader, groupConversation)
    await reader.getByTestId('conversation-notify').click()
    await expect.poll(() => reader.getByTestId('conversation-notify').getAttribute('aria-pressed'), { timeout: UI }).toBe('false')
    await reader.goto(`${server.url}/chat/conversation`)
    await item(reader, groupConversation).waitFor({ timeout: UI })
    await owner.getByTestId('chat-at').click()
    await owner.getByTestId('at-picker').getByRole('button').filter({ hasNotText: '所有人' }).first().click()
    await owner.getByTestId('chat-input').press('End')
    await owner.getByTestId('chat-input').pressSequentially('看看这个')
    await owner.getByTestId('chat-send').click()
    await expect.poll(() => item(reader, groupConversation).textContent(), { timeout: UI }).toContain('有人@你')
    await shot(reader, 'chat-at-marker')
  })

  it('one-to-one: the reader writes the owner (an Owner is on one side), the owner answers with an image', async () => {
    await open(reader, `C2C${ownerId}`)
    await send(reader, '老师好，请教一个问题')
    await expect.poll(() => item(owner, `C2C${readerId}`).count(), { timeout: UI }).toBe(1)
    await open(owner, `C2C${readerId}`)
    await expect.poll(() => owner.getByTestId('message-text').allTextContents(), { timeout: UI }).toContain('老师好，请教一个问题')
    await owner.getByTestId('chat-image').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: PNG })
    await reader.getByTestId('message-image').first().waitFor({ timeout: UI })
    expect(await reader.getByTestId('message-image').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(PNG_WIDTH)
    await shot(reader, 'chat-one-to-one')
  })

  it('the reader revokes their message; the owner sees it revoked', async () => {
    await send(reader, '这条发错了')
    await expect.poll(() => owner.getByTestId('message-text').allTextContents(), { timeout: UI }).toContain('这条发错了')
    await reader.getByTestId('message').filter({ hasText: '这条发错了' }).getByTestId('revoke').click()
    await expect.poll(() => owner.getByTestId('message-text').allTextContents(), { timeout: UI }).not.toContain('这条发错了')
    await expect.poll(() => owner.getByTestId('group-tip').allTextContents(), { timeout: UI }).toEqual(expect.arrayContaining([expect.stringContaining('撤回了一条消息')]))
    await shot(owner, 'chat-revoked')
  })

  it('the owner mutes all: the reader cannot send until it is lifted', async () => {
    await open(owner, groupConversation)
    await open(reader, groupConversation)
    await owner.getByTestId('group-mute-all').click()
    await expect.poll(() => owner.getByTestId('group-mute-all').getAttribute('aria-pressed'), { timeout: UI }).toBe('true')
    await send(reader, '全员禁言了吗')
    await expect.poll(() => reader.getByTestId('chat-error').textContent(), { timeout: UI }).toContain('全员禁言中')
    await shot(owner, 'chat-mute-all')
    await owner.getByTestId('group-mute-all').click()
    await expect.poll(() => owner.getByTestId('group-mute-all').getAttribute('aria-pressed'), { timeout: UI }).toBe('false')
    await send(reader, '解除了')
    await expect.poll(() => owner.getByTestId('message-text').allTextContents(), { timeout: UI }).toContain('解除了')
  })

  it('the owner mutes the reader for one hour from the member list: the reader can no longer send in the group', async () => {
    await owner.getByTestId('mute-hours').selectOption('1')
    await owner.locator(`[data-testid=member][data-user="${readerId}"]`).getByTestId('member-mute').click()
    await owner.locator(`[data-testid=member][data-user="${readerId}"]`).getByTestId('member-muted').waitFor({ timeout: UI })
    await send(reader, '我还能说话吗')
    await expect.poll(() => reader.getByTestId('chat-error').textContent(), { timeout: UI }).toContain('你已被禁言')
    // a member sees no mute or kick buttons (spec 001 §6)
    expect(await reader.getByTestId('member-mute').count()).toBe(0)
    expect(await reader.getByTestId('member-kick').count()).toBe(0)
    await shot(reader, 'chat-muted')
  })

  it('the owner kicks the reader: the owner sees the kick tip; the reader can no longer read the group', async () => {
    owner.once('dialog', (d) => void d.accept())
    await owner.locator(`[data-testid=member][data-user="${readerId}"]`).getByTestId('member-kick').click()
    await expect.poll(() => owner.getByTestId('group-tip').allTextContents(), { timeout: UI }).toEqual(expect.arrayContaining([expect.stringContaining('移出了群聊')]))
    await expect.poll(() => owner.getByTestId('member').count(), { timeout: UI }).toBe(1)
    await send(reader, '还在吗')
    await expect.poll(() => reader.getByTestId('chat-error').textContent(), { timeout: UI }).toContain('你不是该群成员')
    await shot(owner, 'chat-kicked')
  })

  it('the owner finds the removal in /chat/remove-user-result', async () => {
    await owner.goto(`${server.url}/chat/remove-user-result`)
    await expect.poll(() => owner.getByTestId('removal').first().textContent(), { timeout: UI }).toContain('港股夜谈')
    await shot(owner, 'chat-removals')
  })

  it('the chief chatroom: the reader joins by opening it, the adviser writes, the reader reads; no footer', async () => {
    await owner.goto(`${server.url}/chiefChatroom`)
    await reader.goto(`${server.url}/chiefChatroom`)
    await owner.getByTestId('chatroom-page').waitFor({ timeout: UI })
    await owner.getByTestId('conversation-view').waitFor({ timeout: UI })
    await reader.getByTestId('conversation-view').waitFor({ timeout: UI })
    await send(owner, '首席聊天室开播了')
    await expect.poll(() => reader.getByTestId('message-text').allTextContents(), { timeout: UI }).toContain('首席聊天室开播了')
    await send(reader, '来了')
    await expect.poll(() => owner.getByTestId('message-text').allTextContents(), { timeout: UI }).toContain('来了')
    expect(await reader.locator('footer').count()).toBe(0)
    expect(await reader.getByTestId('conversation-tools').count()).toBe(0)
    await shot(reader, 'chat-chief-chatroom')
  })

  it('a dropped connection asks the reader to reload (请刷新页面 with the reason); reloading signs in again', async () => {
    // the relay's socket passes through the test, which can close it as a dead network would
    let drop: (() => void) | null = null
    await reader.routeWebSocket(/\/api\/chat\/socket/, (ws) => {
      const relay = ws.connectToServer()
      drop = () => {
        relay.close()
        ws.close({ code: 4000, reason: 'network' })
      }
    })
    await reader.goto(`${server.url}/chat/conversation`)
    await reader.getByTestId('conversation-item').first().waitFor({ timeout: UI })
    await expect.poll(() => drop !== null, { timeout: UI }).toBe(true)
    drop!()
    const dialog = reader.getByTestId('chat-not-ready')
    await dialog.waitFor({ timeout: UI })
    expect(await dialog.getByRole('heading').innerText()).toContain('请刷新页面')
    expect(await dialog.innerText()).toContain('与消息服务的连接已断开')
    await shot(reader, 'chat-not-ready')
    drop = null
    await Promise.all([reader.waitForEvent('load'), dialog.getByRole('button').click()])
    await reader.getByTestId('conversation-item').first().waitFor({ timeout: UI })
    expect(await reader.getByTestId('chat-not-ready').count()).toBe(0)
    await reader.unrouteAll({ behavior: 'ignoreErrors' })
  })

  it('the guidance and invitation pages', async () => {
    await reader.goto(`${server.url}/chat/user-guidance`)
    await reader.getByTestId('user-guidance').waitFor({ timeout: UI })
    await shot(reader, 'chat-user-guidance')
    await reader.goto(`${server.url}/chat/invitation-to-bind/success`)
    await reader.getByTestId('invitation-success').waitFor({ timeout: UI })
    await shot(reader, 'chat-invitation-success')
  })
})
