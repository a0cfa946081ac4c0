// Integration (issue 25): the content calls of spec 000 §7 'Home and content' and 'Other' built in
// issue 25 — one channel, one live channel's flashes (by id, and v4 by slug with category), the NCP
// figures and the opportunity reminders — for a guest and a signed-in reader, with bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as content from '../../core/api/content'
import { LIVE_CHANNELS } from '../../core/content/live-channels'
import { formatDate } from '../../core/format/date-time'
import { generateFixtures } from '../../fixtures/generate'
import { NCP_REGIONS, NCP_SOURCE, OPPORTUNITY_REMIND_COUNT } from '../../fixtures/reading-docs/home-reminders'
import { SUB_CHANNELS } from '../../fixtures/reading-docs/home-extras'
import { signInForTest } from '../accounts/session'
import { createTestApp, type TestApp } from '../testing/test-app'
import { TEST_NOW } from '../testing/test-db'

const fixtures = generateFixtures(TEST_NOW)
let t: TestApp
let reader: Record<string, string>
beforeAll(async () => {
  t = await createTestApp()
  reader = { Cookie: await signInForTest(t, 30) }
})
afterAll(async () => {
  await t?.close()
})

const isChinese = (s: string) => /[\u4e00-\u9fff]/.test(s)
async function expectStatus(path: string, status: number, message?: string) {
  const r = await t.get(path)
  expect(r.status, path).toBe(status)
  expect(r.body.statusCode).toBe(status)
  expect(isChinese(r.body.message), r.body.message).toBe(true)
  if (message) expect(r.body.message).toBe(message)
}
const newestFirst = (items: readonly { id: number; createTimestamp: number }[]) =>
  items.every((x, i) => i === 0 || items[i - 1]!.createTimestamp > x.createTimestamp || (items[i - 1]!.createTimestamp === x.createTimestamp && items[i - 1]!.id > x.id))

describe('GET /api/channels/{id}/v1', () => {
  it('one channel: its count of articles, newest article and sub-channels in order', async () => {
    const hk = fixtures.channels.find((c) => c.type === 'hk')!
    const d = await t.getOk(content.channelDetail, `/api/channels/${hk.id}/v1`)
    const own = fixtures.articles.filter((a) => a.channelType === 'hk')
    expect(d).toMatchObject({ id: hk.id, type: 'hk', name: '港股', articleCount: own.length, latestTimestamp: Math.max(...own.map((a) => a.createTimestamp)) })
    expect(d.subChannels).toEqual(SUB_CHANNELS.filter((s) => s.parentType === 'hk').sort((a, b) => a.sort - b.sort).map((s) => ({ type: s.type, name: s.name })))
  })
  it('the same for a guest and a reader; zh-hk names in traditional characters', async () => {
    const guest = await t.getOk(content.channelDetail, '/api/channels/1/v1')
    expect(await t.getOk(content.channelDetail, '/api/channels/1/v1', reader)).toEqual(guest)
    const hk = await t.getOk(content.channelDetail, '/api/channels/1/v1', { 'Client-Lang': 'zh-hk' })
    expect(hk.subChannels.map((s) => s.name)).toContain('內銀與保險')
  })
  it('an unknown channel 404 频道不存在; a bad id 400, never 500', async () => {
    await expectStatus('/api/channels/999/v1', 404, '频道不存在')
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) await expectStatus(`/api/channels/${bad}/v1`, 400)
  })
})

describe('GET /api/live-channels/{id}/lives', () => {
  it('each live channel holds only its own flashes, all of them, newest first, paging by liveId', async () => {
    for (const ch of LIVE_CHANNELS) {
      const seen: content.LiveFlash[] = []
      let liveId: number | undefined
      for (let guard = 0; guard < 100; guard++) {
        const page = await t.getOk(content.liveChannelLives, `/api/live-channels/${ch.id}/lives?limit=50${liveId ? `&liveId=${liveId}` : ''}`)
        expect(page.channel).toEqual({ id: ch.id, channel: ch.channel, name: ch.name })
        seen.push(...page.list)
        if (!page.hasMore) break
        liveId = page.list.at(-1)!.id
      }
      expect(seen.every((f) => f.channel === ch.channel), ch.channel).toBe(true)
      expect(seen.length, ch.channel).toBe(fixtures.flashes.filter((f) => f.channel === ch.channel).length)
      expect(newestFirst(seen)).toBe(true)
    }
  })
  it('the same for a guest and a reader', async () => {
    expect(await t.getOk(content.liveChannelLives, '/api/live-channels/1/lives?limit=5', reader)).toEqual(await t.getOk(content.liveChannelLives, '/api/live-channels/1/lives?limit=5'))
  })
  it('all/lives is still every channel (the static path wins over {id})', async () => {
    const all = await t.getOk(content.allLives, '/api/live-channels/all/lives?limit=100')
    expect(new Set(all.list.map((f) => f.channel)).size).toBeGreaterThan(1)
  })
  it('an unknown channel 404 快讯频道不存在; bad ids and limits 400', async () => {
    await expectStatus('/api/live-channels/99/lives', 404, '快讯频道不存在')
    for (const bad of ['x', '0', '99999999999']) await expectStatus(`/api/live-channels/${bad}/lives`, 400)
    for (const q of ['limit=0', 'limit=101', 'limit=x', 'liveId=-1', 'liveId=abc']) await expectStatus(`/api/live-channels/1/lives?${q}`, 400)
  })
})

describe('GET /api/live-channels/{channel}/lives/v4', () => {
  it('a slug: its flashes; category important: only important ones; all: every channel', async () => {
    const us = await t.getOk(content.liveChannelLivesV4, '/api/live-channels/us/lives/v4?limit=100')
    expect(us.channel).toMatchObject({ channel: 'us', name: '美股' })
    expect(us.list.length).toBeGreaterThan(0)
    expect(us.list.every((f) => f.channel === 'us')).toBe(true)
    const important = await t.getOk(content.liveChannelLivesV4, '/api/live-channels/macro/lives/v4?category=important&limit=100')
    expect(important.list.length).toBeGreaterThan(0)
    expect(important.list.every((f) => f.channel === 'macro' && f.important)).toBe(true)
    expect(important.list.length).toBe(fixtures.flashes.filter((f) => f.channel === 'macro' && f.important).length)
    const all = await t.getOk(content.liveChannelLivesV4, '/api/live-channels/all/lives/v4?limit=20')
    expect(all.channel).toEqual({ id: 0, channel: 'all', name: '全部' })
    expect(all.list).toEqual((await t.getOk(content.allLives, '/api/live-channels/all/lives?limit=20')).list)
  })
  it('timestamp: only newer flashes (the poll); liveId pages older ones without repeats', async () => {
    const first = await t.getOk(content.liveChannelLivesV4, '/api/live-channels/hk/lives/v4?limit=10')
    const pivot = first.list[4]!
    const newer = await t.getOk(content.liveChannelLivesV4, `/api/live-channels/hk/lives/v4?timestamp=${pivot.createTimestamp}`)
    expect(newer.list.every((f) => f.createTimestamp > pivot.createTimestamp && f.channel === 'hk')).toBe(true)
    const next = await t.getOk(content.liveChannelLivesV4, `/api/live-channels/hk/lives/v4?limit=10&liveId=${first.list.at(-1)!.id}`)
    expect(next.list.some((f) => first.list.some((g) => g.id === f.id))).toBe(false)
  })
  it('a guest and a reader alike; zh-hk text converted', async () => {
    const guest = await t.getOk(content.liveChannelLivesV4, '/api/live-channels/hk/lives/v4?limit=5')
    expect(await t.getOk(content.liveChannelLivesV4, '/api/live-channels/hk/lives/v4?limit=5', reader)).toEqual(guest)
    const hk = await t.getOk(content.liveChannelLivesV4, '/api/live-channels/hk/lives/v4?limit=5', { 'Client-Lang': 'zh-hk' })
    expect(hk.channel.name).toBe('港股')
    expect(hk.list.map((f) => f.id)).toEqual(guest.list.map((f) => f.id))
  })
  it('an unknown slug 404; a bad slug or category 400', async () => {
    await expectStatus('/api/live-channels/nope/lives/v4', 404, '快讯频道不存在')
    await expectStatus('/api/live-channels/HK1/lives/v4', 400)
    for (const q of ['category=hot', 'limit=0', 'timestamp=-5', 'liveId=0']) await expectStatus(`/api/live-channels/hk/lives/v4?${q}`, 400)
  })
})

describe('GET /api/NCP_data', () => {
  it('every seeded region in order, with its source saying the figures are demo data', async () => {
    const d = await t.getOk(content.ncpData, '/api/NCP_data')
    expect(d.regions).toEqual(NCP_REGIONS.map(({ name, confirmed, cured, dead }) => ({ name, confirmed, cured, dead })))
    expect(d.source).toBe(NCP_SOURCE)
    expect(d.updateTimestamp).toBeGreaterThan(0)
    expect(d.updateTimestamp).toBeLessThanOrEqual(TEST_NOW)
    for (const r of d.regions) expect(r.cured + r.dead).toBeLessThanOrEqual(r.confirmed)
  })
  it('a guest and a reader alike; zh-hk in traditional characters', async () => {
    const guest = await t.getOk(content.ncpData, '/api/NCP_data')
    expect(await t.getOk(content.ncpData, '/api/NCP_data', reader)).toEqual(guest)
    const hk = await t.getOk(content.ncpData, '/api/NCP_data', { 'Client-Lang': 'zh-hk' })
    expect(hk.regions.map((r) => r.name)).toContain('中國內地')
    expect(hk.source).toContain('數據')
  })
  it('another method is refused with a 4xx, never 500', async () => {
    const r = await t.request('/api/NCP_data', { method: 'POST', headers: reader })
    expect(r.status).toBeGreaterThanOrEqual(400)
    expect(r.status).toBeLessThan(500)
  })
})

describe('GET /api/opportunityRemind/list/v1', () => {
  it('newest first, numbered pages to the end, each naming a seeded stock', async () => {
    const seen: content.OpportunityRemind[] = []
    for (let page = 1; page < 20; page++) {
      const r = await t.getOk(content.opportunityRemindList, `/api/opportunityRemind/list/v1?page=${page}&count=15`)
      expect(r.total).toBe(OPPORTUNITY_REMIND_COUNT)
      seen.push(...r.list)
      if (!r.hasMore) break
    }
    expect(seen).toHaveLength(OPPORTUNITY_REMIND_COUNT)
    expect(new Set(seen.map((x) => x.id)).size).toBe(seen.length)
    expect(newestFirst(seen)).toBe(true)
    for (const x of seen) {
      expect(x.stocks).toHaveLength(1)
      expect(x.title).toContain(x.stocks[0]!.name)
      expect(x.eventTimestamp).toBeGreaterThan(x.createTimestamp)
      expect(content.OPPORTUNITY_KINDS).toContain(x.kind)
      // a results day, a listing or an ex-dividend day is named in the text as the list dates it
      if (x.kind === 'earnings' || x.kind === 'ipo' || x.kind === 'dividend') expect(x.content).toContain(formatDate(x.eventTimestamp))
    }
  })
  it('defaults to 20 a page; a guest and a reader alike; zh-hk stock names', async () => {
    const guest = await t.getOk(content.opportunityRemindList, '/api/opportunityRemind/list/v1')
    expect(guest.list).toHaveLength(20)
    expect(await t.getOk(content.opportunityRemindList, '/api/opportunityRemind/list/v1', reader)).toEqual(guest)
    const hk = await t.getOk(content.opportunityRemindList, '/api/opportunityRemind/list/v1', { 'Client-Lang': 'zh-hk' })
    const tencent = hk.list.flatMap((x) => x.stocks).find((s) => s.id === 'hk00700')
    if (tencent) expect(tencent.name).toBe('騰訊控股')
    expect(hk.list.map((x) => x.id)).toEqual(guest.list.map((x) => x.id))
  })
  it('bad page or count 400 with a Chinese message', async () => {
    for (const q of ['page=0', 'page=x', 'count=0', 'count=101', 'count=-1']) await expectStatus(`/api/opportunityRemind/list/v1?${q}`, 400)
  })
})
