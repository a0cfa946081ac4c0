// The paywall on the real app (issue 13): a VIP article, an article of a paid column and a paid research
// report answer only their free part, with `locked`, to every reader without a valid membership or
// purchase — × {guest, non-member, member, expired member, buyer} — and the server renderer's inlined
// data (server/app.ts initialData) is the guest's answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { newsDetail } from '../../core/api/content'
import { rssDetail } from '../../core/api/reading-docs'
import { createTestApp, type TestApp } from '../testing/test-app'
import { TEST_NOW } from '../testing/test-db'
import { signInForTest } from '../accounts/session'
import { initialData } from '../app'
import { firstCallKey, firstCalls } from '../../core/api/first-screen'
import { FREE_ARTICLE_PARAGRAPHS } from './paywall'
import { grantEntitlement, grantMembership } from './grants'
import { PAID_PREVIEW_PARAGRAPHS } from '../reading/docs/research'

let t: TestApp
const cookies: Record<string, string> = {}
type Reader = 'guest' | 'non-member' | 'member' | 'expired member' | 'buyer'
const READERS: Reader[] = ['guest', 'non-member', 'member', 'expired member', 'buyer']
let vip: { id: number; paragraphs: string[] }
let columnArticle: { id: number; paragraphs: string[]; column_id: number }
let report: { id: number; paragraphs: string[] }

/** a paid order row the entitlement points at (the order flow itself is tested in orders.test.ts) */
async function paidOrder(userId: number, id: string): Promise<string> {
  await sql`INSERT INTO orders (id, user_id, kind, specs_id, amount_cents, channel, status, idem_key, subject, create_timestamp, expire_timestamp, paid_timestamp)
    VALUES (${id}, ${userId}, 'goods', 101, 0, 'guru_pay', 'paid', ${id}, 'test', ${TEST_NOW}, ${TEST_NOW}, ${TEST_NOW})`.execute(t.db.kysely)
  return id
}

beforeAll(async () => {
  t = await createTestApp()
  const users = (await sql<{ id: number }>`SELECT id FROM users WHERE merged_into IS NULL AND membership_expire IS NULL ORDER BY id LIMIT 4`.execute(t.db.kysely)).rows.map((r) => Number(r.id))
  const [nonMember, member, expired, buyer] = users as [number, number, number, number]
  vip = (await sql<{ id: number; paragraphs: string[] }>`SELECT id, paragraphs FROM articles WHERE is_vip AND cardinality(paragraphs) > ${FREE_ARTICLE_PARAGRAPHS} ORDER BY id LIMIT 1`.execute(t.db.kysely)).rows[0]!
  columnArticle = (await sql<{ id: number; paragraphs: string[]; column_id: number }>`
    SELECT a.id, a.paragraphs, a.column_id FROM articles a JOIN goods g ON g.ref_kind = 'column' AND g.ref_id = a.column_id
    WHERE NOT a.is_vip AND cardinality(a.paragraphs) > ${FREE_ARTICLE_PARAGRAPHS} ORDER BY a.id LIMIT 1`.execute(t.db.kysely)).rows[0]!
  report = (await sql<{ id: number; paragraphs: string[] }>`SELECT id, paragraphs FROM research_reports WHERE is_pay AND cardinality(paragraphs) > ${PAID_PREVIEW_PARAGRAPHS} ORDER BY id LIMIT 1`.execute(t.db.kysely)).rows[0]!
  const nowMs = TEST_NOW * 1000
  await grantMembership(t.db.kysely, member, 'gold', 1, nowMs)
  // a gold month bought 40 days ago: expired 10 days ago
  await grantMembership(t.db.kysely, expired, 'gold', 1, nowMs - 40 * 86_400_000)
  await grantEntitlement(t.db.kysely, buyer, 'article', vip.id, await paidOrder(buyer, 'T-1'), TEST_NOW, null)
  await grantEntitlement(t.db.kysely, buyer, 'column', columnArticle.column_id, await paidOrder(buyer, 'T-2'), TEST_NOW, TEST_NOW + 365 * 86_400)
  await grantEntitlement(t.db.kysely, buyer, 'report', report.id, await paidOrder(buyer, 'T-3'), TEST_NOW, null)
  cookies['non-member'] = await signInForTest(t, nonMember)
  cookies.member = await signInForTest(t, member)
  cookies['expired member'] = await signInForTest(t, expired)
  cookies.buyer = await signInForTest(t, buyer)
})
afterAll(() => t.close())

const headersOf = (r: Reader): Record<string, string> => (r === 'guest' ? {} : { Cookie: cookies[r]! })

describe('GET /api/news/{id}/v3 of a VIP article (isVip)', () => {
  const full: Reader[] = ['member', 'buyer']
  it.each(READERS)('%s', async (reader) => {
    const a = await t.getOk(newsDetail, `/api/news/${vip.id}/v3`, headersOf(reader))
    expect(a.isVip).toBe(true)
    if (full.includes(reader)) {
      expect(a.paragraphs).toEqual(vip.paragraphs)
      expect(a.locked).toBeUndefined()
    } else {
      expect(a.paragraphs).toEqual(vip.paragraphs.slice(0, FREE_ARTICLE_PARAGRAPHS))
      expect(a.locked).toBe(true)
      // the buy prompt offers the gold membership (the cheapest spec that unlocks it)
      expect(a.specsId).toBe(101)
    }
  })

  it('a member’s full answer is never served to a guest from a cache', async () => {
    await t.getOk(newsDetail, `/api/news/${vip.id}/v3`, headersOf('member'))
    const guest = await t.getOk(newsDetail, `/api/news/${vip.id}/v3`)
    expect(guest.paragraphs).toHaveLength(FREE_ARTICLE_PARAGRAPHS)
  })

  it('the server renderer’s inlined article is the guest’s free part', async () => {
    const data = await initialData(t.app, t.db, `/news/${vip.id}`, 'zh-cn', TEST_NOW * 1000)
    const news = data.answers?.[firstCallKey(firstCalls.news(vip.id))] as { paragraphs: string[]; locked?: boolean } | undefined
    expect(news?.paragraphs).toEqual(vip.paragraphs.slice(0, FREE_ARTICLE_PARAGRAPHS))
    expect(news?.locked).toBe(true)
  })
})

describe('an article of a paid column (column, album)', () => {
  // membership does not include a paid column: only its buyers read it
  const full: Reader[] = ['buyer']
  it.each(READERS)('%s', async (reader) => {
    const a = await t.getOk(newsDetail, `/api/news/${columnArticle.id}/v3`, headersOf(reader))
    if (full.includes(reader)) {
      expect(a.paragraphs).toEqual(columnArticle.paragraphs)
      expect(a.locked).toBeUndefined()
    } else {
      expect(a.paragraphs).toEqual(columnArticle.paragraphs.slice(0, FREE_ARTICLE_PARAGRAPHS))
      expect(a.locked).toBe(true)
      expect(a.specsId).toBe(10_000 + columnArticle.column_id)
    }
  })
})

describe('GET /data/api/rss/detail of a paid research report', () => {
  const full: Reader[] = ['member', 'buyer']
  it.each(READERS)('%s', async (reader) => {
    const r = await t.getOk(rssDetail, `/data/api/rss/detail?id=${report.id}`, headersOf(reader))
    if (full.includes(reader)) {
      expect(r.paragraphs).toEqual(report.paragraphs)
      expect(r.locked).toBe(false)
    } else {
      expect(r.paragraphs).toEqual(report.paragraphs.slice(0, PAID_PREVIEW_PARAGRAPHS))
      expect(r.locked).toBe(true)
      expect(r.specsId).toBe(20_000 + report.id)
    }
  })
})

describe('free content', () => {
  it('a free article is whole for a guest, without locked', async () => {
    const free = (await sql<{ id: number; paragraphs: string[] }>`SELECT a.id, a.paragraphs FROM articles a WHERE NOT a.is_vip
      AND NOT EXISTS (SELECT 1 FROM goods g WHERE g.ref_kind = 'column' AND g.ref_id = a.column_id) ORDER BY a.id LIMIT 1`.execute(t.db.kysely)).rows[0]!
    const a = await t.getOk(newsDetail, `/api/news/${free.id}/v3`)
    expect(a.paragraphs).toEqual(free.paragraphs)
    expect(a.locked).toBeUndefined()
  })
})
