// Portfolios on the real app (issue 15): every endpoint × {guest, other user, owner}, bad input (weights
// over 100 %, unknown stock, foreign market, closed portfolio, foreign code), prices from the market.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { createTestApp, type TestApp } from '../testing/test-app'
import { authHeaders, NOT_LOGGED_IN, signInForTest } from '../accounts/session'
import { MAX_OPEN_PORTFOLIOS, PORTFOLIO_MESSAGES as M } from '../../core/portfolio/rules'
import { createApp } from '../app'
import { TEST_NOW } from '../testing/test-db'
import { jsonCalls, type Answer } from '../testing/json-calls'

let t: TestApp
let owner: Record<string, string>
let other: Record<string, string>
let ownerId: number
let otherId: number
const guest = { Cookie: 'csrf_token=guesttoken', 'X-CSRF-Token': 'guesttoken' }
let hk: string[]
let code: string

const { call, ok } = jsonCalls(() => t.app)
const expectError = async (a: Promise<Answer>, status: number, message?: string | RegExp) => {
  const r = await a
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  if (typeof message === 'string') expect(r.body.message).toBe(message)
  else if (message) expect(r.body.message).toMatch(message)
}
const three = () => [{ stockCode: hk[0], weight: 30 }, { stockCode: hk[1], weight: 30 }, { stockCode: hk[2], weight: 20 }]

beforeAll(async () => {
  t = await createTestApp()
  // users who own no seeded portfolio
  const users = (await sql<{ id: number }>`SELECT id FROM users WHERE merged_into IS NULL AND id NOT IN (SELECT user_id FROM portfolios) ORDER BY id LIMIT 2`.execute(t.db.kysely)).rows
  ownerId = Number(users[0]!.id)
  otherId = Number(users[1]!.id)
  owner = authHeaders(await signInForTest(t, ownerId))
  other = authHeaders(await signInForTest(t, otherId))
  hk = (await sql<{ id: string }>`SELECT id FROM stocks WHERE market = 'hk' AND category = 'stock' ORDER BY id LIMIT 6`.execute(t.db.kysely)).rows.map((r) => r.id)
  code = (await ok('POST', '/api/portfolio/add/v1', owner, { name: '测试港股组合', market: 'hk', positions: three() })).portfolioCode
})
afterAll(() => t?.close())

describe('the seeded activity portfolio (spec 001 §9: id 80)', () => {
  it('has months of history computed from the market, starting at 1.0000', async () => {
    const head = await ok('GET', '/api/portfolio/head/v1?portfolioCode=80', guest)
    expect(head.portfolioCode).toBe('80')
    expect(head.adjustCount).toBeGreaterThanOrEqual(4)
    expect(Number(head.netValue.toFixed(4))).toBe(head.netValue)
    expect(Number(head.dayProfit.toFixed(2))).toBe(head.dayProfit)
    const nv = await ok('GET', '/api/portfolio/netValues/v1?portfolioCode=80', guest)
    expect(nv.list.length).toBeGreaterThan(100)
    expect(nv.list[0].netValue).toBe(1)
    expect(nv.benchmark).toEqual({ stockCode: 'hkHSI', name: '恒生指数' })
    expect(nv.list[nv.list.length - 1].netValue).toBe(head.netValue)
    const six = await ok('GET', '/api/portfolio/netValues/v1?portfolioCode=80&period=1m', guest)
    expect(six.list.length).toBeLessThan(nv.list.length)
  })

  it('the same adjustments on the same market seed give the same series (a second app on the same data)', async () => {
    const again = createApp({ db: t.db, clock: () => TEST_NOW * 1000, staticDir: '/nonexistent' })
    const a = await (await again.request('/api/portfolio/netValues/v1?portfolioCode=80')).json()
    const b = await (await t.app.request('/api/portfolio/netValues/v1?portfolioCode=80')).json()
    expect(a).toEqual(b)
  })

  it('drawdown and month profits agree with the net values', async () => {
    const nv = (await ok('GET', '/api/portfolio/netValues/v1?portfolioCode=80', guest)).list as { netValue: number }[]
    const dd = await ok('GET', '/api/portfolio/drawdown/v1?portfolioCode=80', guest)
    expect(dd.list).toHaveLength(nv.length)
    expect(dd.maxDrawdown).toBeGreaterThanOrEqual(0)
    expect(dd.maxDrawdown).toBeLessThanOrEqual(100)
    expect(Math.max(...dd.list.map((x: { drawdown: number }) => x.drawdown))).toBeCloseTo(dd.maxDrawdown, 1)
    const mp = await ok('GET', '/api/portfolio/monthProfit/v1?portfolioCode=80', guest)
    expect(mp.list.length).toBeGreaterThanOrEqual(4)
    const compounded = mp.list.reduce((acc: number, m: { profit: number }) => acc * (1 + m.profit / 100), 1)
    expect((compounded - 1) * 100).toBeCloseTo(mp.totalProfit, 0)
  })
})

describe('reads: anyone (guest, other user, owner)', () => {
  const reads = () => [
    '/api/portfolio/profit/v1', `/api/portfolio/list/v1?userId=${ownerId}`, `/api/portfolio/${ownerId}/follow/list/v1`,
    `/api/portfolio/monthProfit/v1?portfolioCode=${code}`, `/api/portfolio/${code}/detail/v1`, `/api/portfolio/stockConfig/v1?portfolioCode=${code}`,
    `/api/portfolio/pre/adjust/v1?portfolioCode=${code}&stockCodes=${hk[0]}&weights=50`, `/api/portfolio/netValues/v1?portfolioCode=${code}`,
    `/api/portfolio/head/v1?portfolioCode=${code}`, `/api/portfolio/drawdown/v1?portfolioCode=${code}`,
    `/api/portfolio/listAdjustHistory/v1?portfolioCode=${code}`, `/api/portfolio/positionDetail/v1?portfolioCode=${code}`,
    `/api/community/portfolio/${code}/dynamics/v1`, `/api/friendships/portfolio/followers/v1?portfolioCode=${code}`,
    '/api/search/portfolio/keyword/v1?keyword=%E6%B5%8B%E8%AF%95', `/api/search/portfolio/stock/keyword/v1?keyword=${hk[0]}`,
  ]
  it('every read answers 200 to all three', async () => {
    for (const path of reads()) for (const h of [guest, other, owner]) expect((await call('GET', path, h)).status, path).toBe(200)
  })
  it('the head tells the reader apart: owner, follower', async () => {
    expect((await ok('GET', `/api/portfolio/${code}/detail/v1`, owner)).isOwner).toBe(true)
    expect((await ok('GET', `/api/portfolio/${code}/detail/v1`, other)).isOwner).toBe(false)
    expect((await ok('GET', `/api/portfolio/${code}/detail/v1`, guest)).followed).toBe(false)
  })
  it('an unknown code is 404 组合不存在; a code that is not a number is 400', async () => {
    await expectError(call('GET', '/api/portfolio/head/v1?portfolioCode=999999999', guest), 404, M.notFound)
    await expectError(call('GET', '/api/portfolio/head/v1?portfolioCode=abc', guest), 400)
    await expectError(call('GET', '/api/portfolio/head/v1?portfolioCode=99999999999', guest), 400)
  })
})

describe('create', () => {
  it('the new portfolio starts at 1.0000 with its first allocation priced by the market', async () => {
    const head = await ok('GET', `/api/portfolio/head/v1?portfolioCode=${code}`, guest)
    expect(head).toMatchObject({ netValue: 1, totalProfit: 0, closed: false, cashWeight: 20, adjustCount: 1 })
    const hist = await ok('GET', `/api/portfolio/listAdjustHistory/v1?portfolioCode=${code}`, guest)
    const quotes = (await ok('GET', `/hq/stocks/net-change?stockCodes=${hk.slice(0, 3).join(',')}`, guest)) as { stockCode: string; price: number }[]
    const items = hist.list[0].items as { stockCode: string; fromWeight: number; toWeight: number; price: number }[]
    expect(items.map((i) => [i.stockCode, i.fromWeight, i.toWeight])).toEqual([[hk[0], 0, 30], [hk[1], 0, 30], [hk[2], 0, 20]])
    expect(quotes).toHaveLength(3)
    // the test clock stands still: the market's price now is the price the adjustment was made at
    for (const q of quotes) expect(items.find((i) => i.stockCode === q.stockCode)?.price).toBe(q.price)
    const mine = await ok('GET', `/api/portfolio/list/v1?userId=${ownerId}`, guest)
    expect(mine.list.map((p: { portfolioCode: string }) => p.portfolioCode)).toContain(code)
    expect(mine.maxOpen).toBe(MAX_OPEN_PORTFOLIOS)
  })
  it('guest 401; bad input 400 with the rule\'s message', async () => {
    await expectError(call('POST', '/api/portfolio/add/v1', guest, { name: '游客组合', market: 'hk', positions: three() }), 401, NOT_LOGGED_IN)
    const add = (body: unknown) => call('POST', '/api/portfolio/add/v1', other, body)
    await expectError(add({ name: '超额组合', market: 'hk', positions: [{ stockCode: hk[0], weight: 60 }, { stockCode: hk[1], weight: 40.01 }] }), 400, M.weightsOver)
    await expectError(add({ name: '重复组合', market: 'hk', positions: [{ stockCode: hk[0], weight: 10 }, { stockCode: hk[0], weight: 10 }] }), 400, M.duplicateStock)
    await expectError(add({ name: '未知股票', market: 'hk', positions: [{ stockCode: 'hk99999', weight: 10 }] }), 400, new RegExp(M.unknownStock))
    await expectError(add({ name: '指数组合', market: 'hk', positions: [{ stockCode: 'hkHSI', weight: 10 }] }), 400, new RegExp(M.unknownStock))
    await expectError(add({ name: '跨市场组合', market: 'hk', positions: [{ stockCode: 'usAAPL', weight: 10 }] }), 400, M.wrongMarket)
    await expectError(add({ name: '空仓组合', market: 'hk', positions: [] }), 400, M.emptyAllocation)
    await expectError(add({ name: '港', market: 'hk', positions: three() }), 400, M.nameLength)
    await expectError(add({ name: '赌博组合', market: 'hk', positions: three() }), 400, M.nameForbidden)
    await expectError(add({ name: '小数组合', market: 'hk', positions: [{ stockCode: hk[0], weight: 10.005 }] }), 400, M.weightRange)
    await expectError(add({ name: '负数组合', market: 'hk', positions: [{ stockCode: hk[0], weight: -5 }] }), 400, M.weightRange)
    await expectError(add({ name: '市场错误', market: 'cn', positions: three() }), 400)
  })
})

describe('detect chars (name rules through the moderation port)', () => {
  it('guest 401; a user gets pass and the message', async () => {
    await expectError(call('POST', '/api/portfolio/detect/chars/v1', guest, { name: '好名字' }), 401, NOT_LOGGED_IN)
    expect(await ok('POST', '/api/portfolio/detect/chars/v1', other, { name: '好名字' })).toEqual({ pass: true, message: '' })
    expect(await ok('POST', '/api/portfolio/detect/chars/v1', other, { name: '稳赚不赔组合' })).toEqual({ pass: false, message: M.nameForbidden })
    expect(await ok('POST', '/api/portfolio/detect/chars/v1', other, { name: 'x'.repeat(21) })).toEqual({ pass: false, message: M.nameLength })
  })
})

// issue 25 'Data that contradicts itself': the history listed a stock whose weight did not change as a
// trade (30.00 % → 30.00 %); an adjustment lists only what it changed
describe('the adjustment history lists what changed, nothing else', () => {
  it('adjusting one of two stocks lists that one; a save that changes nothing is no record', async () => {
    const id = Number((await sql<{ id: number }>`SELECT id FROM users WHERE merged_into IS NULL AND id NOT IN (SELECT user_id FROM portfolios) AND id NOT IN (${ownerId}, ${otherId}) ORDER BY id LIMIT 1`.execute(t.db.kysely)).rows[0]!.id)
    const me = authHeaders(await signInForTest(t, id))
    const mine = (await ok('POST', '/api/portfolio/add/v1', me, { name: '历史测试组合', market: 'hk', positions: [{ stockCode: hk[0], weight: 30 }, { stockCode: hk[1], weight: 30 }] })).portfolioCode
    const rec = await ok('POST', '/api/portfolio/adjust/v1', me, { portfolioCode: mine, positions: [{ stockCode: hk[0], weight: 30 }, { stockCode: hk[1], weight: 40 }] })
    expect(rec.items.map((i: { stockCode: string; fromWeight: number; toWeight: number }) => [i.stockCode, i.fromWeight, i.toWeight])).toEqual([[hk[1], 30, 40]])
    // the same weights again: nothing traded, so no record
    await ok('POST', '/api/portfolio/adjust/v1', me, { portfolioCode: mine, positions: [{ stockCode: hk[0], weight: 30 }, { stockCode: hk[1], weight: 40 }] })
    const history = await ok('GET', `/api/portfolio/listAdjustHistory/v1?portfolioCode=${mine}&page=1&count=10`, guest)
    expect(history.list.map((a: { items: { stockCode: string; fromWeight: number; toWeight: number }[] }) => a.items.map((i) => [i.stockCode, i.fromWeight, i.toWeight]))).toEqual([
      [[hk[1], 30, 40]],
      [[hk[0], 0, 30], [hk[1], 0, 30]],
    ])
    expect(history.total).toBe(2)
    for (const a of history.list) for (const i of a.items) expect(i.fromWeight).not.toBe(i.toWeight)
    // what the portfolio holds is unchanged by what the history shows
    const config = await ok('GET', `/api/portfolio/stockConfig/v1?portfolioCode=${mine}`, me)
    expect(config.positions.map((p: { stockCode: string; weight: number }) => [p.stockCode, p.weight])).toEqual([[hk[0], 30], [hk[1], 40]])
  })
})

describe('adjust, add stock, pre-adjust: only the owner', () => {
  it('guest 401, other 403, owner 200 with prices from the market (a price sent by the client is ignored)', async () => {
    const body = { portfolioCode: code, positions: [{ stockCode: hk[0], weight: 50, price: 1 }, { stockCode: hk[3], weight: 25, price: 1 }] }
    await expectError(call('POST', '/api/portfolio/adjust/v1', guest, body), 401, NOT_LOGGED_IN)
    await expectError(call('POST', '/api/portfolio/adjust/v1', other, body), 403, M.notOwner)
    const rec = await ok('POST', '/api/portfolio/adjust/v1', owner, body)
    const byId = new Map((rec.items as { stockCode: string; fromWeight: number; toWeight: number; price: number }[]).map((i) => [i.stockCode, i]))
    expect(byId.get(hk[0]!)?.toWeight).toBe(50)
    expect(byId.get(hk[1]!)?.toWeight).toBe(0) // left out: sold
    expect(byId.get(hk[3]!)?.fromWeight).toBe(0)
    for (const i of byId.values()) expect(i.price).toBeGreaterThan(1)
    const config = await ok('GET', `/api/portfolio/stockConfig/v1?portfolioCode=${code}`, owner)
    expect(config.positions.map((p: { stockCode: string }) => p.stockCode).sort()).toEqual([hk[0], hk[3]].sort())
    expect(config.cashWeight).toBeCloseTo(25, 1)
    const pos = await ok('GET', `/api/portfolio/positionDetail/v1?portfolioCode=${code}`, guest)
    const sum = pos.list.reduce((s: number, p: { weight: number }) => s + p.weight, 0) + pos.cashWeight
    expect(sum).toBeCloseTo(100, 1)
  })
  it('bad adjustments: over 100 %, unknown stock, foreign market, foreign code', async () => {
    const adjust = (body: unknown, h = owner) => call('POST', '/api/portfolio/adjust/v1', h, body)
    await expectError(adjust({ portfolioCode: code, positions: [{ stockCode: hk[0], weight: 100 }, { stockCode: hk[1], weight: 0.01 }] }), 400, M.weightsOver)
    await expectError(adjust({ portfolioCode: code, positions: [{ stockCode: 'hk99999', weight: 10 }] }), 400, new RegExp(M.unknownStock))
    await expectError(adjust({ portfolioCode: code, positions: [{ stockCode: 'usAAPL', weight: 10 }] }), 400, M.wrongMarket)
    await expectError(adjust({ portfolioCode: '80', positions: [{ stockCode: hk[0], weight: 10 }] }), 403, M.notOwner)
    await expectError(adjust({ portfolioCode: '999999999', positions: [] }), 404, M.notFound)
  })
  it('add stock keeps the others and adds one; guest 401, other 403', async () => {
    const body = { portfolioCode: code, stockCode: hk[4], weight: 10 }
    await expectError(call('POST', '/api/portfolio/add/stock', guest, body), 401, NOT_LOGGED_IN)
    await expectError(call('POST', '/api/portfolio/add/stock', other, body), 403, M.notOwner)
    await expectError(call('POST', '/api/portfolio/add/stock', owner, { ...body, weight: 30 }), 400, M.weightsOver)
    const rec = await ok('POST', '/api/portfolio/add/stock', owner, body)
    // the record is what was traded: the new stock (issue 25); the others are kept, as the holdings say
    expect(rec.items.map((i: { stockCode: string; fromWeight: number; toWeight: number }) => [i.stockCode, i.fromWeight, i.toWeight])).toEqual([[hk[4], 0, 10]])
    const held = new Map((await ok('GET', `/api/portfolio/stockConfig/v1?portfolioCode=${code}`, owner)).positions.map((p: { stockCode: string; weight: number }) => [p.stockCode, p.weight]))
    expect(held.get(hk[4]!)).toBe(10)
    expect(held.get(hk[0]!)).toBeGreaterThan(40)
  })
  it('pre-adjust previews without storing; bad targets 400', async () => {
    const before = (await ok('GET', `/api/portfolio/listAdjustHistory/v1?portfolioCode=${code}`, guest)).total
    const pre = await ok('GET', `/api/portfolio/pre/adjust/v1?portfolioCode=${code}&stockCodes=${hk[0]},${hk[5]}&weights=40,20`, other)
    expect(pre.cashWeight).toBe(40)
    expect(pre.items.find((i: { stockCode: string }) => i.stockCode === hk[5]).toWeight).toBe(20)
    expect((await ok('GET', `/api/portfolio/listAdjustHistory/v1?portfolioCode=${code}`, guest)).total).toBe(before)
    await expectError(call('GET', `/api/portfolio/pre/adjust/v1?portfolioCode=${code}&stockCodes=${hk[0]}&weights=101`, guest), 400, M.weightRange)
    await expectError(call('GET', `/api/portfolio/pre/adjust/v1?portfolioCode=${code}&stockCodes=${hk[0]},${hk[1]}&weights=10`, guest), 400)
    await expectError(call('GET', `/api/portfolio/pre/adjust/v1?portfolioCode=${code}&stockCodes=${hk[0]}&weights=abc`, guest), 400, M.weightRange)
  })
  it('batch query of the latest adjustments: guest 401, a user 200; unknown codes left out', async () => {
    await expectError(call('POST', '/api/portfolio/batchQueryAdjust/v1', guest, { portfolioCodeList: [code] }), 401, NOT_LOGGED_IN)
    const r = await ok('POST', '/api/portfolio/batchQueryAdjust/v1', other, { portfolioCodeList: [code, '80', '999999999'] })
    expect(r.list.map((x: { portfolioCode: string }) => x.portfolioCode)).toEqual([code, '80'])
    expect(r.list[0].latest.items.some((i: { stockCode: string }) => i.stockCode === hk[4])).toBe(true)
  })
})

describe('follow (guests: spec 001 §8 403 请先登录再进行操作！)', () => {
  it('guest 403, owner cannot follow their own, other follows and unfollows; followers list', async () => {
    await expectError(call('POST', '/api/portfolio/follow/v1', guest, { portfolioCodeList: [code] }), 403, M.loginFirst)
    await expectError(call('DELETE', `/api/portfolio/follow/v1?portfolioCodeList=${code}`, guest), 403, M.loginFirst)
    await expectError(call('POST', '/api/portfolio/follow/v1', owner, { portfolioCodeList: [code] }), 400, M.followOwn)
    await expectError(call('POST', '/api/portfolio/follow/v1', other, { portfolioCodeList: ['999999999'] }), 404, M.notFound)
    await expectError(call('POST', '/api/portfolio/follow/v1', other, { portfolioCodeList: [] }), 400)
    expect(await ok('POST', '/api/portfolio/follow/v1', other, { portfolioCodeList: [code] })).toEqual({ followed: [code], followerCount: 1 })
    expect((await ok('GET', `/api/portfolio/${code}/detail/v1`, other)).followed).toBe(true)
    const fl = await ok('GET', `/api/friendships/portfolio/followers/v1?portfolioCode=${code}`, guest)
    expect(fl.list.map((u: { id: number }) => u.id)).toEqual([otherId])
    expect((await ok('GET', `/api/portfolio/${otherId}/follow/list/v1`, guest)).list.map((p: { portfolioCode: string }) => p.portfolioCode)).toContain(code)
    expect(await ok('DELETE', `/api/portfolio/follow/v1?portfolioCodeList=${code}`, other)).toEqual({ followed: [], followerCount: 0 })
    await ok('POST', '/api/portfolio/follow/v1', other, { portfolioCodeList: [code] })
  })

  it("unfollow takes the list where the spec's client sends it (the body) and where ours does (the query), not neither", async () => {
    // spec 001 §7: DELETE /api/portfolio/follow/v1 {portfolioCodeList} — a spec-following client was answered 400 参数错误
    expect(await ok('DELETE', '/api/portfolio/follow/v1', other, { portfolioCodeList: [code] })).toEqual({ followed: [], followerCount: 0 })
    await ok('POST', '/api/portfolio/follow/v1', other, { portfolioCodeList: [code] })
    expect(await ok('DELETE', `/api/portfolio/follow/v1?portfolioCodeList=${code}`, other)).toEqual({ followed: [], followerCount: 0 })
    await expectError(call('DELETE', '/api/portfolio/follow/v1', other), 400, M.codeListMissing)
    await expectError(call('DELETE', '/api/portfolio/follow/v1', other, { portfolioCodeList: [] }), 400)
    await expectError(call('DELETE', '/api/portfolio/follow/v1', guest, { portfolioCodeList: [code] }), 403, M.loginFirst)
    await ok('POST', '/api/portfolio/follow/v1', other, { portfolioCodeList: [code] })
  })
})

describe('search, dynamics, share', () => {
  it('finds the portfolio by name, by code and by a stock it holds', async () => {
    const byName = await ok('GET', `/api/search/portfolio/keyword/v1?keyword=${encodeURIComponent('测试港股')}`, guest)
    expect(byName.list.map((p: { portfolioCode: string }) => p.portfolioCode)).toContain(code)
    expect((await ok('GET', `/api/search/portfolio/keyword/v1?keyword=${code}`, guest)).list[0].portfolioCode).toBe(code)
    expect((await ok('GET', '/api/search/portfolio/keyword/v1?keyword=%25', guest)).list).toEqual([])
    const byStock = await ok('GET', `/api/search/portfolio/stock/keyword/v1?keyword=${hk[4]}`, guest)
    expect(byStock.list.map((p: { portfolioCode: string }) => p.portfolioCode)).toContain(code)
    // by a key only stock search's index knows (issue 24: aliases such as 中移动 and pinyin live there, never in
    // the stock's code or names): the pinyin of the held stock's name
    const pinyin = (await sql<{ key: string }>`SELECT key FROM stock_search_keys WHERE stock_id = ${hk[4]} AND kind = 'pinyin' ORDER BY length(key) DESC LIMIT 1`.execute(t.db.kysely)).rows[0]!.key
    const byPinyin = await ok('GET', `/api/search/portfolio/stock/keyword/v1?keyword=${encodeURIComponent(pinyin)}`, guest)
    expect(byPinyin.list.map((p: { portfolioCode: string }) => p.portfolioCode)).toContain(code)
    const box = await ok('GET', `/api/searchBox/v3?keyword=${encodeURIComponent('测试港股')}`, guest)
    expect(box.searchPortfolio.list.map((p: { portfolioCode: string }) => p.portfolioCode)).toContain(code)
  })
  it('dynamics list the creation and the adjustments, newest first', async () => {
    const d = await ok('GET', `/api/community/portfolio/${code}/dynamics/v1`, guest)
    expect(d.list[d.list.length - 1].type).toBe('create')
    expect(d.list.filter((x: { type: string }) => x.type === 'adjust').length).toBeGreaterThanOrEqual(2)
    const none = await ok('GET', `/api/community/portfolio/${code}/dynamics/v1?userId=${otherId}`, guest)
    expect(none.list).toEqual([])
  })
  it('share: guest 401; a user shares it as a post', async () => {
    await expectError(call('POST', '/api/community/portfolio/share/v1', guest, { portfolioCode: code }), 401, NOT_LOGGED_IN)
    const r = await ok('POST', '/api/community/portfolio/share/v1', other, { portfolioCode: code, content: '看好' })
    expect(r.postId).toBeGreaterThan(0)
    // spec 000 §3: the post carries a portfolio link token, rendered as a link to /portfolio/{id}
    const post = await ok('GET', `/api/community/dynamic/detail/${r.postId}/v2`, other)
    expect(post.content).toContain('测试港股组合')
    expect(post.html).toMatch(new RegExp(`^看好<br>分享组合「<a class="rt-portfolio" href="/portfolio/${code}">测试港股组合</a>」$`))
    await expectError(call('POST', '/api/community/portfolio/share/v1', other, { portfolioCode: '999999999' }), 404, M.notFound)
  })
})

describe('rename, close (final, history kept), the open limit', () => {
  it('rename: guest 401, other 403, owner 200', async () => {
    await expectError(call('PUT', `/api/portfolio/${code}/v1`, guest, { name: '新名字' }), 401, NOT_LOGGED_IN)
    await expectError(call('PUT', `/api/portfolio/${code}/v1`, other, { name: '新名字' }), 403, M.notOwner)
    await expectError(call('PUT', `/api/portfolio/${code}/v1`, owner, { name: '带单组合' }), 400, M.nameForbidden)
    expect(await ok('PUT', `/api/portfolio/${code}/v1`, owner, { name: '测试港股组合二' })).toBe(true)
    expect((await ok('GET', `/api/portfolio/head/v1?portfolioCode=${code}`, guest)).name).toBe('测试港股组合二')
  })
  it('close: guest 401, other 403, owner 200; then no edit or adjust, the history stays readable', async () => {
    await expectError(call('POST', `/api/portfolio/${code}/close/v1`, guest), 401, NOT_LOGGED_IN)
    await expectError(call('POST', `/api/portfolio/${code}/close/v1`, other), 403, M.notOwner)
    const before = await ok('GET', `/api/portfolio/netValues/v1?portfolioCode=${code}`, guest)
    expect(await ok('POST', `/api/portfolio/${code}/close/v1`, owner)).toBe(true)
    await expectError(call('POST', `/api/portfolio/${code}/close/v1`, owner), 400, M.closed)
    await expectError(call('POST', '/api/portfolio/adjust/v1', owner, { portfolioCode: code, positions: three() }), 400, M.closed)
    await expectError(call('PUT', `/api/portfolio/${code}/v1`, owner, { name: '再改名' }), 400, M.closed)
    await expectError(call('POST', '/api/portfolio/add/stock', owner, { portfolioCode: code, stockCode: hk[5], weight: 1 }), 400, M.closed)
    const head = await ok('GET', `/api/portfolio/head/v1?portfolioCode=${code}`, guest)
    expect(head.closed).toBe(true)
    expect(head.closeTimestamp).toBeGreaterThan(0)
    expect((await ok('GET', `/api/portfolio/listAdjustHistory/v1?portfolioCode=${code}`, guest)).total).toBeGreaterThanOrEqual(3)
    expect((await ok('GET', `/api/portfolio/netValues/v1?portfolioCode=${code}`, guest)).list).toEqual(before.list)
    const d = await ok('GET', `/api/community/portfolio/${code}/dynamics/v1`, guest)
    expect(d.list[0].type).toBe('close')
  })
  it(`at most ${MAX_OPEN_PORTFOLIOS} open at once; a closed one does not count`, async () => {
    for (let i = 0; i < MAX_OPEN_PORTFOLIOS; i++) await ok('POST', '/api/portfolio/add/v1', owner, { name: `组合${i + 1}号`, market: 'hk', positions: three() })
    await expectError(call('POST', '/api/portfolio/add/v1', owner, { name: '多一个组合', market: 'hk', positions: three() }), 400, M.tooManyOpen)
    const mine = await ok('GET', `/api/portfolio/list/v1?userId=${ownerId}`, guest)
    expect(mine.openCount).toBe(MAX_OPEN_PORTFOLIOS)
    expect(mine.list).toHaveLength(MAX_OPEN_PORTFOLIOS + 1)
    expect(mine.list[mine.list.length - 1].closed).toBe(true)
  })
})

describe('every write × {guest, other user, owner} not covered above', () => {
  it('unfollow, batch query, share, detect chars: the owner is a reader like any other', async () => {
    expect(await ok('DELETE', `/api/portfolio/follow/v1?portfolioCodeList=${code}`, owner)).toEqual({ followed: [], followerCount: 1 })
    expect((await ok('POST', '/api/portfolio/batchQueryAdjust/v1', owner, { portfolioCodeList: [code] })).list[0].portfolioCode).toBe(code)
    expect((await ok('POST', '/api/community/portfolio/share/v1', owner, { portfolioCode: '80' })).postId).toBeGreaterThan(0)
    expect(await ok('POST', '/api/portfolio/detect/chars/v1', owner, { name: '港股科技' })).toEqual({ pass: true, message: '' })
  })
})

describe('bad input: a clear Chinese 400 (404 for a code that is no portfolio), never a 500', () => {
  const CHINESE = /[\u4e00-\u9fff]/
  let open: string
  let more: string[]
  beforeAll(async () => {
    const mine = await ok('GET', `/api/portfolio/list/v1?userId=${ownerId}`, guest)
    open = mine.list.find((p: { closed: boolean }) => !p.closed).portfolioCode
    more = (await sql<{ id: string }>`SELECT id FROM stocks WHERE market = 'hk' AND category = 'stock' ORDER BY id LIMIT ${21}`.execute(t.db.kysely)).rows.map((r) => r.id)
  })
  const codes = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1))
  const cases = (): [string, string, Record<string, string>, unknown, number, (string | RegExp)?][] => [
    // reads
    ['GET', '/api/portfolio/profit/v1?market=cn', guest, undefined, 400],
    ['GET', '/api/portfolio/profit/v1?count=101', guest, undefined, 400],
    ['GET', '/api/portfolio/list/v1', guest, undefined, 400],
    ['GET', '/api/portfolio/list/v1?userId=abc', guest, undefined, 400],
    ['GET', '/api/portfolio/0/follow/list/v1', guest, undefined, 400],
    ['GET', '/api/portfolio/monthProfit/v1', guest, undefined, 400],
    ['GET', '/api/portfolio/netValues/v1?portfolioCode=80&period=2y', guest, undefined, 400],
    ['GET', '/api/portfolio/drawdown/v1?portfolioCode=0', guest, undefined, 400],
    ['GET', `/api/portfolio/listAdjustHistory/v1?portfolioCode=${code}&page=0`, guest, undefined, 400],
    ['GET', `/api/portfolio/pre/adjust/v1?portfolioCode=${code}&stockCodes=${hk[0]}&weights=10`, owner, undefined, 400, M.closed],
    ['GET', `/api/portfolio/pre/adjust/v1?portfolioCode=${open}&stockCodes=hk99999&weights=10`, owner, undefined, 400, new RegExp(M.unknownStock)],
    ['GET', `/api/portfolio/pre/adjust/v1?portfolioCode=${open}&stockCodes=usAAPL&weights=10`, owner, undefined, 400, M.wrongMarket],
    ['GET', `/api/portfolio/pre/adjust/v1?portfolioCode=${open}&stockCodes=${hk[0]},${hk[0]}&weights=10,10`, owner, undefined, 400, M.duplicateStock],
    ['GET', `/api/portfolio/pre/adjust/v1?portfolioCode=${open}&stockCodes=${hk[0]},${hk[1]}&weights=60,40.01`, owner, undefined, 400, M.weightsOver],
    ['GET', `/api/portfolio/pre/adjust/v1?portfolioCode=999999999&stockCodes=${hk[0]}&weights=10`, owner, undefined, 404, M.notFound],
    ['GET', `/api/community/portfolio/${code}/dynamics/v1?timestamp=abc`, guest, undefined, 400],
    ['GET', '/api/friendships/portfolio/followers/v1?portfolioCode=abc', guest, undefined, 400],
    ['GET', '/api/friendships/portfolio/followers/v1?portfolioCode=999999999', guest, undefined, 404, M.notFound],
    ['GET', '/api/search/portfolio/keyword/v1?keyword=', guest, undefined, 400],
    ['GET', `/api/search/portfolio/stock/keyword/v1?keyword=${'x'.repeat(1000)}`, guest, undefined, 400],
    // writes
    ['POST', '/api/portfolio/follow/v1', other, { portfolioCodeList: codes(51) }, 400],
    ['POST', '/api/portfolio/follow/v1', other, { portfolioCodeList: ['abc'] }, 400],
    ['DELETE', '/api/portfolio/follow/v1?portfolioCodeList=abc', other, undefined, 400],
    ['DELETE', '/api/portfolio/follow/v1?portfolioCodeList=999999999', other, undefined, 404, M.notFound],
    ['POST', '/api/portfolio/detect/chars/v1', other, { name: '港股\u0000科技' }, 400],
    ['POST', '/api/portfolio/detect/chars/v1', other, { name: 'x'.repeat(81) }, 400],
    ['POST', '/api/portfolio/detect/chars/v1', other, {}, 400],
    ['POST', '/api/portfolio/add/v1', other, { name: '港股科技', market: 'hk', positions: more.slice(0, 21).map((stockCode) => ({ stockCode, weight: 1 })) }, 400, M.tooManyStocks],
    ['POST', '/api/portfolio/add/v1', other, { name: '港股科技', market: 'hk', positions: [{ stockCode: 'x', weight: 10 }] }, 400],
    ['POST', '/api/portfolio/add/v1', other, { name: '港股科技', market: 'hk', positions: [{ stockCode: hk[0], weight: 1e9 }] }, 400],
    ['POST', '/api/portfolio/add/v1', other, { name: '港股科技', market: 'hk', positions: [{ stockCode: hk[0], weight: '10' }] }, 400],
    ['PUT', '/api/portfolio/999999999/v1', owner, { name: '新名字' }, 404, M.notFound],
    ['PUT', `/api/portfolio/${open}/v1`, owner, { name: '港' }, 400, M.nameLength],
    ['POST', '/api/portfolio/999999999/close/v1', owner, undefined, 404, M.notFound],
    ['POST', '/api/portfolio/add/stock', owner, { portfolioCode: open, stockCode: 'hk99999', weight: 1 }, 400, new RegExp(M.unknownStock)],
    ['POST', '/api/portfolio/add/stock', owner, { portfolioCode: open, stockCode: 'usAAPL', weight: 1 }, 400, M.wrongMarket],
    ['POST', '/api/portfolio/add/stock', owner, { portfolioCode: open, stockCode: hk[5], weight: 0.001 }, 400, M.weightRange],
    ['POST', '/api/portfolio/add/stock', owner, { portfolioCode: '80', stockCode: hk[5], weight: 1 }, 403, M.notOwner],
    ['POST', '/api/portfolio/adjust/v1', owner, { portfolioCode: open, positions: more.slice(0, 21).map((stockCode) => ({ stockCode, weight: 1 })) }, 400, M.tooManyStocks],
    ['POST', '/api/portfolio/adjust/v1', owner, { portfolioCode: open, positions: [{ stockCode: hk[0], weight: 10 }, { stockCode: hk[0], weight: 10 }] }, 400, M.duplicateStock],
    ['POST', '/api/portfolio/batchQueryAdjust/v1', other, { portfolioCodeList: [] }, 400],
    ['POST', '/api/portfolio/batchQueryAdjust/v1', other, { portfolioCodeList: codes(51) }, 400],
    ['POST', '/api/community/portfolio/share/v1', other, { portfolioCode: code, content: '看'.repeat(501) }, 400],
  ]
  it('each refused with its rule, and nothing stored', async () => {
    const before = (await ok('GET', `/api/portfolio/listAdjustHistory/v1?portfolioCode=${open}`, guest)).total
    for (const [method, path, h, body, status, message] of cases()) {
      const r = await call(method, path, h, body)
      const what = `${method} ${path.slice(0, 120)} → ${r.status} ${r.body.message}`
      expect(r.status, what).toBe(status)
      expect(r.body.message, what).toMatch(message ?? CHINESE)
      expect(r.body.result, what).toBeNull()
    }
    expect((await ok('GET', `/api/portfolio/listAdjustHistory/v1?portfolioCode=${open}`, guest)).total).toBe(before)
    expect((await ok('GET', `/api/portfolio/head/v1?portfolioCode=${open}`, guest)).name).not.toBe('港')
  })
})
