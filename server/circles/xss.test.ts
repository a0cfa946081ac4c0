// XSS payloads through a circle's moments, questions, answers and comments (issue 27; the suite of
// server/posting/xss.test.ts): what the server hands out is plain text with the HTML stripped (the client
// shows it as text), titles come back as typed, and picture or file addresses with script schemes are
// refused. The payloads are the kept lists of fixtures/xss/ (as e2e/xss.e2e.ts reads them).
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Hono } from 'hono'
import { createApp } from '../app'
import { GENEROUS_WRITE_LIMITS } from '../testing/test-app'
import { createTestDb, TEST_NOW, type TestDb } from '../testing/test-db'
import { authHeaders, signInForTest } from '../accounts/session'
import { htmlToPlainText } from '../../core/validation/post-body'
import { FIXTURE_CIRCLES } from '../../fixtures/circles/circles'

const payloadFile = (name: string) =>
  readFileSync(new URL(`../../fixtures/xss/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
const XSS_PAYLOADS = [...new Set([...payloadFile('blns-script-injection.txt'), ...payloadFile('owasp-mxss.txt')])]

let t: TestDb
let app: Hono
const nowMs = TEST_NOW * 1000
let circleId = 0
let member: Record<string, string>
let owner: Record<string, string>

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely, fields checked by the assertions
type Json = any
const put = async (headers: Record<string, string>, body: unknown) => {
  const res = await app.request('/api/review/v1', { method: 'PUT', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as { message: string; result: Json } }
}

beforeAll(async () => {
  t = await createTestDb()
  app = createApp({ db: t.db, clock: () => nowMs, staticDir: '/nonexistent-static-dir', writeLimits: GENEROUS_WRITE_LIMITS })
  const k = t.db.kysely
  circleId = Number((await k.selectFrom('circles').select(['id', 'owner_id']).where('name', '=', FIXTURE_CIRCLES[0]!.name).executeTakeFirstOrThrow()).id)
  const ownerId = Number((await k.selectFrom('circles').select('owner_id').where('id', '=', circleId).executeTakeFirstOrThrow()).owner_id)
  const m = await k.selectFrom('circle_members').select('user_id').where('circle_id', '=', circleId).where('expire_timestamp', '>', TEST_NOW).executeTakeFirstOrThrow()
  member = authHeaders(await signInForTest(t.db, Number(m.user_id)))
  owner = authHeaders(await signInForTest(t.db, ownerId))
}, 180_000)
afterAll(() => t.close())

describe('payloads through a circle', () => {
  it('moments and questions are stored and handed out as plain text; titles as typed', async () => {
    for (const p of XSS_PAYLOADS) {
      const expected = htmlToPlainText(p)
      const d = await put(member, { momentId: circleId, title: p.slice(0, 100), content: p })
      if (expected.trim() === '') {
        expect({ p, status: d.status }).toEqual({ p, status: 400 })
        continue
      }
      expect({ p, status: d.status, content: d.body.result?.content, title: d.body.result?.title }).toEqual({ p, status: 200, content: expected, title: p.slice(0, 100).trim() })
      const q = await put(member, { momentId: circleId, content: p, questionType: 'anonymity' })
      expect({ p, status: q.status, content: q.body.result?.content }).toEqual({ p, status: 200, content: expected })
    }
  }, 120_000)

  it('answers are plain text too', async () => {
    const questions = (await t.db.kysely.selectFrom('circle_dynamics').select('id').where('circle_id', '=', circleId).where('kind', '=', 'question').orderBy('id', 'desc').limit(XSS_PAYLOADS.length).execute()).map((r) => Number(r.id))
    let i = 0
    for (const p of XSS_PAYLOADS) {
      const expected = htmlToPlainText(p)
      if (expected.trim() === '') continue
      const id = questions[i++]!
      const a = await put(owner, { momentId: circleId, content: p, replyId: id })
      expect({ p, status: a.status, answer: a.body.result?.answer }).toEqual({ p, status: 200, answer: expect.objectContaining({ content: expected }) })
    }
    // stored as the same text: escaped markup stays the text it spells (shown as text, never parsed)
    const stored = await t.db.kysely.selectFrom('circle_answers').select('content').where('dynamic_id', 'in', questions).where('create_timestamp', '>=', TEST_NOW).execute()
    expect(stored.length).toBe(i)
  }, 120_000)

  it('comments under a moment are plain text too', async () => {
    const d = Number((await t.db.kysely.selectFrom('circle_dynamics').select('id').where('circle_id', '=', circleId).where('kind', '=', 'dynamic').where('status', '=', 'approved').where('ignored', '=', false).orderBy('id').executeTakeFirstOrThrow()).id)
    for (const p of XSS_PAYLOADS) {
      const expected = htmlToPlainText(p)
      if (expected.trim() === '') continue
      const c = await put(member, { momentId: circleId, content: p, replyId: d })
      expect({ p, status: c.status }).toEqual({ p, status: 200 })
      const res = await app.request(`/api/moment/comment/summary/${d}`, { headers: member })
      const newest = ((await res.json()) as Json).result.list[0]
      expect({ p, content: newest.content }).toEqual({ p, content: expected })
    }
  }, 120_000)

  it('picture and file addresses with script schemes are refused', async () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/x.png', 'http://insecure.example/x.png']) {
      expect((await put(member, { momentId: circleId, content: 'x', pictureUrls: [url] })).status, url).toBe(400)
      expect((await put(member, { momentId: circleId, content: 'x', files: [{ url, name: 'a.pdf', extension: 'pdf' }] })).status, url).toBe(400)
    }
  })
})
