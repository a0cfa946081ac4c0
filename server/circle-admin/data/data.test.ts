// The circle-admin console's data on the real app (issue 29; core/api/circle-admin-data.ts): every call ×
// {owner, admin of this circle, admin of another circle, plain member, guest}; orders with their filters
// and pages; the delivery moves the machine allows; a refund that returns the money exactly once under 5
// concurrent refunds (PGlite here; PostgreSQL when TEST_DATABASE_URL is set), keeps the ledger balanced,
// ends the member's access at once and shows in their /my/purchase; sales and members over time; CSV.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Hono } from 'hono'
import { createApp } from '../../app'
import { GENEROUS_WRITE_LIMITS } from '../../testing/test-app'
import { createTestDb, TEST_NOW, type TestDb } from '../../testing/test-db'
import { authHeaders, signInForTest } from '../../accounts/session'
import { LOOPBACK } from '../../testing/socket-env'
import { jsonCalls } from '../../testing/json-calls'
import { buyCircle, qualifyBuyer } from '../../testing/circle-buyer'
import * as api from '../../../core/api/circle-admin-data'
import { CONSOLE_MESSAGES } from '../../../core/circle-admin/access'
import { DATA_MESSAGES } from '../../../core/circle-admin/data'
import { CIRCLE_MESSAGES } from '../../../core/circles/limits'
import { CIRCLE_GOODS_BASE, FIXTURE_CIRCLES } from '../../../fixtures/circles/circles'
import { coinMismatches, orderMismatches } from '../../membership/ledger'
import { sandboxPayOf } from '../../membership/routes'

let t: TestDb
let app: Hono
const nowMs = TEST_NOW * 1000
const H: Record<string, Record<string, string>> = {}
const ID: Record<string, number> = {}
let circleId = 0
const specsId = CIRCLE_GOODS_BASE + 1
const calls = jsonCalls(() => app, LOOPBACK)
/** decodeOk: a 200 whose envelope decodes with the endpoint's own schema */
const { call, ok, decoded: decodeOk } = calls
const userId = async (nick: string) => Number((await t.db.kysely.selectFrom('users').select('id').where('nick', '=', nick).orderBy('id').executeTakeFirstOrThrow()).id)

/** Fresh readers (not in the circle) who buy it. */
let spare: number[] = []
async function buyer(channel: 'guru_pay' | 'wx_pub_qr', key: string): Promise<{ id: number; h: Record<string, string>; orderId: string }> {
  const id = spare.shift()!
  const h = authHeaders(await signInForTest(t.db, id))
  await qualifyBuyer(calls, t.db, id, h, TEST_NOW)
  const orderId = await buyCircle(calls, t.db, { userId: id, h, specsId, channel, key, at: TEST_NOW })
  return { id, h, orderId }
}
const refundRows = async (orderId: string) => t.db.kysely.selectFrom('pay_refunds').selectAll().where('order_id', '=', orderId).execute()
const coinOf = async (id: number) => Number((await t.db.kysely.selectFrom('users').select('coin').where('id', '=', id).executeTakeFirstOrThrow()).coin)

let wxOrder = { id: 0, h: {} as Record<string, string>, orderId: '' }
let coinOrder = { id: 0, h: {} as Record<string, string>, orderId: '' }

beforeAll(async () => {
  t = await createTestDb()
  app = createApp({ db: t.db, clock: () => nowMs, staticDir: '/nonexistent-static-dir', writeLimits: GENEROUS_WRITE_LIMITS })
  const k = t.db.kysely
  circleId = Number((await k.selectFrom('circles').select('id').where('name', '=', FIXTURE_CIRCLES[0]!.name).executeTakeFirstOrThrow()).id)
  ID.owner = await userId(FIXTURE_CIRCLES[0]!.owner)
  ID.admin = await userId(FIXTURE_CIRCLES[0]!.admins[0]!)
  // 海外宏观Tom: an admin of 陈默宏观研究圈 and the owner of 美联储议息直播间 — a stranger in 老周港股实战圈
  ID.adminOther = await userId('海外宏观Tom')
  const rows = await k.selectFrom('circle_members').select(['user_id', 'expire_timestamp']).where('circle_id', '=', circleId).execute()
  ID.member = Number(rows.find((r) => Number(r.expire_timestamp) > TEST_NOW)!.user_id)
  const inCircle = new Set(rows.map((r) => Number(r.user_id)))
  // plain readers: no role (a circle reviewer reads every circle), not in the circle, none of the above
  const readers = await k.selectFrom('users').select(['id', 'roles']).where('is_columnist', '=', false).where('nick', 'not like', '港美汇%').where('merged_into', 'is', null).orderBy('id', 'desc').limit(60).execute()
  spare = readers.filter((r) => (r.roles ?? []).length === 0).map((r) => Number(r.id)).filter((id) => !inCircle.has(id) && !Object.values(ID).includes(id))
  for (const [name, id] of Object.entries(ID)) H[name] = authHeaders(await signInForTest(t.db, id))
  H.guest = { Cookie: 'csrf_token=guesttoken', 'X-CSRF-Token': 'guesttoken' }
  wxOrder = await buyer('wx_pub_qr', 'admin-data-wx-1')
  coinOrder = await buyer('guru_pay', 'admin-data-coin-1')
}, 120_000)
afterAll(() => t.close())

describe('who may call what (owner, admin of this circle, admin of another, plain member, guest)', () => {
  const reads = () => [
    ['GET', `/api/circle-admin/data/order/v1?circleId=${circleId}`],
    ['GET', `/api/circle-admin/data/order/export/v1?circleId=${circleId}`],
    ['GET', `/api/circle-admin/data/sale/v1?circleId=${circleId}`],
    ['GET', `/api/circle-admin/data/user/v1?circleId=${circleId}`],
    ['GET', `/api/circle-admin/data/user/export/v1?circleId=${circleId}`],
  ] as const
  const expected: Record<string, [number, string | null]> = {
    owner: [200, null],
    admin: [200, null],
    adminOther: [403, CONSOLE_MESSAGES.notManager],
    member: [403, CONSOLE_MESSAGES.notManager],
    guest: [401, CONSOLE_MESSAGES.loginFirst],
  }

  it('the reads of one circle: its owner and admins; a stranger, a member and a guest are refused', async () => {
    for (const [who, [status, message]] of Object.entries(expected)) {
      for (const [method, path] of reads()) {
        const res = await app.request(path, { method, headers: H[who]! }, LOOPBACK)
        const body = await res.text()
        expect([who, path, res.status, res.status === 200 ? '' : body]).toEqual([who, path, status, status === 200 ? '' : expect.stringContaining(message!)])
      }
    }
  })

  it('without a circle: each caller sees only their own circles; a plain member (no certification, no circle) is refused', async () => {
    const other = await decodeOk(api.adminOrders, 'GET', '/api/circle-admin/data/order/v1', H.adminOther!)
    expect(other.list.every((o) => o.circleId !== circleId)).toBe(true)
    const mine = await decodeOk(api.adminOrders, 'GET', '/api/circle-admin/data/order/v1', H.admin!)
    expect(mine.list.map((o) => o.orderId)).toEqual(expect.arrayContaining([wxOrder.orderId, coinOrder.orderId]))
    // the owner holds no advisory certification: owning the circle is enough
    const owned = await decodeOk(api.adminOrders, 'GET', '/api/circle-admin/data/order/v1', H.owner!)
    expect(owned.list.map((o) => o.orderId)).toEqual(expect.arrayContaining([wxOrder.orderId, coinOrder.orderId]))
    expect((await call('GET', '/api/circle-admin/data/order/v1', H.member!)).status).toBe(403)
    expect((await call('GET', '/api/circle-admin/data/sale/v1', H.guest!)).status).toBe(401)
  })

  it('the writes: a delivery move by the owner or an admin; a refund by the owner only; a guest hears 401', async () => {
    const move = (who: string) => call('PUT', `/api/circle-admin/data/order/${coinOrder.orderId}/delivery/v1`, H[who]!, { deliveryStatus: 'IN_DELIVERY' })
    const refund = (who: string) => call('POST', `/api/circle-admin/data/order/${coinOrder.orderId}/refund/v1`, H[who]!, {})
    expect((await move('guest')).status).toBe(401)
    expect((await refund('guest')).status).toBe(401)
    for (const who of ['adminOther', 'member']) {
      const m = await move(who)
      expect([who, m.status, m.body.message]).toEqual([who, 403, CONSOLE_MESSAGES.notManager])
      const r = await refund(who)
      expect([who, r.status, r.body.message]).toEqual([who, 403, CONSOLE_MESSAGES.notManager])
    }
    const byAdmin = await refund('admin')
    expect([byAdmin.status, byAdmin.body.message]).toEqual([403, CONSOLE_MESSAGES.ownerOnly])
    expect(await refundRows(coinOrder.orderId)).toEqual([])
    const moved = await move('admin')
    expect(moved.status).toBe(200)
    expect(moved.body.result).toMatchObject({ orderId: coinOrder.orderId, deliveryStatus: 'IN_DELIVERY', role: 'admin' })
  })
})

describe('orders', () => {
  it('the seeded paid members hold their orders (server/circle-admin/data/seed.ts): some delivered, some being delivered, the ledger sums', async () => {
    const byStatus = async (status: string) => (await decodeOk(api.adminOrders, 'GET', `/api/circle-admin/data/order/v1?circleId=${circleId}&status=${status}`, H.owner!)).list
    expect((await byStatus('DELIVERED')).length).toBeGreaterThanOrEqual(1)
    expect((await byStatus('IN_DELIVERY')).length).toBeGreaterThanOrEqual(1)
    const unbacked = await t.db.kysely.selectFrom('circle_members').select('user_id').where('circle_id', '=', circleId).where('order_id', 'is', null).where('expire_timestamp', 'is not', null).execute()
    expect(unbacked).toEqual([])
    expect(await orderMismatches(t.db.kysely)).toEqual([])
  })

  it('a paid order shows its buyer, amount, time, payment method and delivery status', async () => {
    const page = await decodeOk(api.adminOrders, 'GET', `/api/circle-admin/data/order/v1?circleId=${circleId}&type=financialCircle`, H.owner!)
    const wx = page.list.find((o) => o.orderId === wxOrder.orderId)!
    expect(wx).toMatchObject({ circleId, goodsType: 'financialCircle', buyer: { id: wxOrder.id }, payMethod: 'wechat', payTimestamp: TEST_NOW, deliveryStatus: 'IN_PROCESS', refundTimestamp: null, role: 'owner' })
    expect(wx.amount).toBeGreaterThan(0)
    expect(page.list.find((o) => o.orderId === coinOrder.orderId)!.payMethod).toBe('gurucoin')
    // another goods type has none of the circle's orders
    expect((await decodeOk(api.adminOrders, 'GET', `/api/circle-admin/data/order/v1?circleId=${circleId}&type=column`, H.owner!)).list).toEqual([])
  })

  it('search, status filter, date range and numbered pages', async () => {
    const q = (s: string) => decodeOk(api.adminOrders, 'GET', `/api/circle-admin/data/order/v1?circleId=${circleId}&${s}`, H.owner!)
    expect((await q(`keyword=${wxOrder.orderId.slice(-8)}`)).list.map((o) => o.orderId)).toEqual([wxOrder.orderId])
    const nick = (await t.db.kysely.selectFrom('users').select('nick').where('id', '=', wxOrder.id).executeTakeFirstOrThrow()).nick
    expect((await q(`keyword=${encodeURIComponent(nick)}`)).list.map((o) => o.orderId)).toContain(wxOrder.orderId)
    expect((await q('keyword=100%25')).list).toEqual([])
    for (const status of api.DeliveryStatus.literals) {
      const page = await q(`status=${status}`)
      expect(page.list.every((o) => o.deliveryStatus === status)).toBe(true)
    }
    const day = new Date((TEST_NOW + 8 * 3600) * 1000).toISOString().slice(0, 10)
    expect((await q(`from=${day}&to=${day}`)).total).toBeGreaterThanOrEqual(2)
    expect((await q('from=2000-01-01&to=2000-01-02')).total).toBe(0)
    const bad = await call('GET', `/api/circle-admin/data/order/v1?circleId=${circleId}&from=2026-02-30`, H.owner!)
    expect([bad.status, bad.body.message]).toEqual([400, DATA_MESSAGES.badDate])
    const one = await q('count=1&page=1')
    expect(one).toMatchObject({ page: 1, hasMore: true })
    expect(one.list).toHaveLength(1)
    const two = await q('count=1&page=2')
    expect(two.list[0]!.orderId).not.toBe(one.list[0]!.orderId)
    expect((await call('GET', `/api/circle-admin/data/order/v1?circleId=${circleId}&count=500`, H.owner!)).status).toBe(400)
  })

  it('delivery moves follow the machine: in process → in delivery → delivered; nothing out of turn', async () => {
    const b = await buyer('guru_pay', 'admin-data-deliver-1')
    const move = (s: string) => call('PUT', `/api/circle-admin/data/order/${b.orderId}/delivery/v1`, H.owner!, { deliveryStatus: s })
    const early = await move('DELIVERED')
    expect([early.status, early.body.message]).toEqual([400, DATA_MESSAGES.illegalMove])
    expect((await move('DELETE')).status).toBe(400)
    expect((await move('IN_DELIVERY')).body.result.deliveryStatus).toBe('IN_DELIVERY')
    expect((await move('DELIVERED')).body.result.deliveryStatus).toBe('DELIVERED')
    expect((await move('IN_DELIVERY')).status).toBe(400)
    // REFUNDED only by a refund
    expect((await move('REFUNDED')).status).toBe(400)
    expect((await call('PUT', '/api/circle-admin/data/order/GMH-none/delivery/v1', H.owner!, { deliveryStatus: 'IN_DELIVERY' })).status).toBe(404)
  })

  it('CSV: every order of the list, with a BOM, formulas escaped', async () => {
    const res = await app.request(`/api/circle-admin/data/order/export/v1?circleId=${circleId}`, { headers: H.owner! }, LOOPBACK)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Disposition')).toContain('orders.csv')
    const bytes = new Uint8Array(await res.clone().arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = await res.text()
    expect(text).toContain('订单号,圈子,商品类型')
    expect(text).toContain(wxOrder.orderId)
    expect(text).toContain('微信支付')
    await t.db.kysely.updateTable('users').set({ nick: '=HYPERLINK("x")' }).where('id', '=', coinOrder.id).execute()
    const after = await (await app.request(`/api/circle-admin/data/order/export/v1?circleId=${circleId}`, { headers: H.owner! }, LOOPBACK)).text()
    expect(after).toContain(`"'=HYPERLINK(""x"")"`)
    const zhHk = await (await app.request(`/api/circle-admin/data/order/export/v1?circleId=${circleId}`, { headers: { ...H.owner!, 'Client-Lang': 'zh-hk' } }, LOOPBACK)).text()
    expect(zhHk).toContain('訂單號')
  })
})

describe('a refund', () => {
  it('WeChat: 5 refunds at once return the money once, end the access at once, balance the ledger and show in /my/purchase', async () => {
    const content = `/api/moment/${circleId}/content/v1`
    expect((await call('GET', content, wxOrder.h)).status).toBe(200)
    const answers = await Promise.all(Array.from({ length: 5 }, () => call('POST', `/api/circle-admin/data/order/${wxOrder.orderId}/refund/v1`, H.owner!, { reason: '会员申请退款' })))
    for (const a of answers) {
      expect(a.status).toBe(200)
      expect(a.body.result).toMatchObject({ orderId: wxOrder.orderId, deliveryStatus: 'REFUNDED', refundTimestamp: TEST_NOW })
    }
    const rows = await refundRows(wxOrder.orderId)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 'done', reason: '会员申请退款' })
    // the pay service was asked once for this refund id, for the whole amount
    const asked = [...sandboxPayOf(t.db)!.refunds.values()].filter((r) => r.orderId === wxOrder.orderId)
    expect(asked).toHaveLength(1)
    expect(asked[0]!.amountCents).toBe(Number(rows[0]!.amount_cents))
    expect((await t.db.kysely.selectFrom('orders').select('status').where('id', '=', wxOrder.orderId).executeTakeFirstOrThrow()).status).toBe('refunded')
    expect(await orderMismatches(t.db.kysely)).toEqual([])
    expect(await coinMismatches(t.db.kysely)).toEqual([])
    // the member's access ended at once: the content call answers the buy state
    const blocked = await call('GET', content, wxOrder.h)
    expect([blocked.status, blocked.body.message]).toEqual([403, CIRCLE_MESSAGES.joinFirst])
    const intro = await ok('GET', `/api/moment/intro/${circleId}/v1`, wxOrder.h)
    expect(intro.access).toMatchObject({ canRead: false, canJoin: true, expireTimestamp: null })
    // /my/purchase: refunded
    const mine = await ok('GET', '/api/user-purchased/v1', wxOrder.h)
    expect(mine.find((p: { orderId: string }) => p.orderId === wxOrder.orderId)).toMatchObject({ refunded: true })
    // asking again returns nothing more
    expect((await call('POST', `/api/circle-admin/data/order/${wxOrder.orderId}/refund/v1`, H.owner!, {})).body.result.deliveryStatus).toBe('REFUNDED')
    expect(await refundRows(wxOrder.orderId)).toHaveLength(1)
  })

  it('gurucoin: 5 at once give the coins back once, through the ledger', async () => {
    const before = await coinOf(coinOrder.id)
    const amount = Number((await t.db.kysely.selectFrom('orders').select('amount_cents').where('id', '=', coinOrder.orderId).executeTakeFirstOrThrow()).amount_cents)
    const answers = await Promise.all(Array.from({ length: 5 }, () => call('POST', `/api/circle-admin/data/order/${coinOrder.orderId}/refund/v1`, H.owner!, {})))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    expect(await refundRows(coinOrder.orderId)).toHaveLength(1)
    expect((await refundRows(coinOrder.orderId))[0]!.reason).toBe(DATA_MESSAGES.refundReason)
    expect(await coinOf(coinOrder.id)).toBe(before + amount)
    expect(await orderMismatches(t.db.kysely)).toEqual([])
    expect(await coinMismatches(t.db.kysely)).toEqual([])
    const rows = await t.db.kysely.selectFrom('circle_members').selectAll().where('user_id', '=', coinOrder.id).execute()
    expect([rows, (await call('GET', `/api/moment/${circleId}/content/v1`, coinOrder.h)).status]).toEqual([[], 403])
    // a refunded order may be deleted from the list; it shows when DELETE is asked for
    const del = await call('PUT', `/api/circle-admin/data/order/${coinOrder.orderId}/delivery/v1`, H.admin!, { deliveryStatus: 'DELETE' })
    expect(del.body.result.deliveryStatus).toBe('DELETE')
    const list = await decodeOk(api.adminOrders, 'GET', `/api/circle-admin/data/order/v1?circleId=${circleId}`, H.owner!)
    expect(list.list.map((o) => o.orderId)).not.toContain(coinOrder.orderId)
    const deleted = await decodeOk(api.adminOrders, 'GET', `/api/circle-admin/data/order/v1?circleId=${circleId}&status=DELETE`, H.owner!)
    expect(deleted.list.map((o) => o.orderId)).toContain(coinOrder.orderId)
  })

  it('the member may buy again after a refund', async () => {
    const again = await buyCircle(calls, t.db, { userId: coinOrder.id, h: coinOrder.h, specsId, channel: 'guru_pay', key: 'admin-data-again-1', at: TEST_NOW })
    expect((await call('GET', `/api/moment/${circleId}/content/v1`, coinOrder.h)).status).toBe(200)
    expect(again).not.toBe(coinOrder.orderId)
  })
})

describe('sales and members over time', () => {
  it('sales per day of the period: what was paid, and what went back', async () => {
    const s = await decodeOk(api.adminSales, 'GET', `/api/circle-admin/data/sale/v1?circleId=${circleId}&period=7`, H.admin!)
    expect(s.days).toHaveLength(7)
    const today = s.days[6]!
    expect(today.date).toBe(s.to)
    expect(today.count).toBeGreaterThanOrEqual(4)
    expect(today.refundCount).toBe(2)
    expect(s.totalAmount).toBe(s.days.reduce((n, d) => n + d.amount, 0))
    const bad = await call('GET', `/api/circle-admin/data/sale/v1?circleId=${circleId}&from=2020-01-01&to=2026-01-01`, H.owner!)
    expect([bad.status, bad.body.message]).toEqual([400, DATA_MESSAGES.rangeTooLong])
  })

  it('members per day: joins, expiries, active at each day end; CSV of the members', async () => {
    const m = await decodeOk(api.adminMemberStats, 'GET', `/api/circle-admin/data/user/v1?circleId=${circleId}&period=90`, H.owner!)
    expect(m.days).toHaveLength(90)
    expect(m.days.at(-1)!.active).toBe(m.activeNow)
    const valid = await t.db.kysely.selectFrom('circle_members').select((e) => e.fn.countAll<number>().as('n')).where('circle_id', '=', circleId).where((eb) => eb.or([eb('expire_timestamp', 'is', null), eb('expire_timestamp', '>=', TEST_NOW)])).executeTakeFirstOrThrow()
    expect(m.activeNow).toBe(Number(valid.n))
    const res = await app.request(`/api/circle-admin/data/user/export/v1?circleId=${circleId}`, { headers: H.admin! }, LOOPBACK)
    const text = await res.text()
    expect(text).toContain('用户,用户ID,圈子,加入时间,有效期至,状态,订单号')
    expect(text.trim().split('\r\n')).toHaveLength(1 + Number((await t.db.kysely.selectFrom('circle_members').select((e) => e.fn.countAll<number>().as('n')).where('circle_id', '=', circleId).executeTakeFirstOrThrow()).n))
  })
})
