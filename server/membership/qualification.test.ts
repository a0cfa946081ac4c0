// The asset-allocation advice follows the reader's own risk result (spec 001 §4: 'from 4 emit
// attestationSuccess with the result id'; the order dialog then asks GET /api/asset-allocation/{id}/v1
// with that id): the advice of the result's level, for its owner only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import type { Hono } from 'hono'
import { createApp } from '../app'
import { createTestDb, TEST_NOW, type TestDb } from '../testing/test-db'
import { authHeaders, signInForTest } from '../accounts/session'
import { ALLOCATIONS } from '../market/core-asset'

let t: TestDb
let app: Hono
let owner: Record<string, string>
let other: Record<string, string>

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely, fields checked by the assertions
type Json = any
async function call(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; body: { statusCode: number; message: string; result: Json } }> {
  const init: RequestInit = { method, headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) } }
  if (body !== undefined) init.body = JSON.stringify(body)
  const res = await app.request(path, init)
  return { status: res.status, body: (await res.json()) as never }
}

/** Answers questionnaire 2 choosing option `pick(question)`; answers the risk result. */
async function answer(h: Record<string, string>, pick: (options: { id: number }[]) => number): Promise<{ id: number; evaluationType: string }> {
  const q = await call('GET', '/api/questionnaire/2/v1', h)
  const answers = q.body.result.questions.map((x: Json) => ({ questionId: x.id, optionIds: [pick(x.options)] }))
  const r = await call('POST', '/api/questionnaire/2/answers/v1', h, answers)
  expect(r.status).toBe(200)
  return r.body.result
}

beforeAll(async () => {
  t = await createTestDb()
  app = createApp({ db: t.db, clock: () => TEST_NOW * 1000, staticDir: '/nonexistent-static-dir' })
  const [a, b] = (await sql<{ id: number }>`SELECT id FROM users WHERE merged_into IS NULL ORDER BY id LIMIT 2`.execute(t.db.kysely)).rows.map((r) => Number(r.id))
  owner = authHeaders(await signInForTest(t.db, a!))
  other = authHeaders(await signInForTest(t.db, b!))
}, 120_000)
afterAll(() => t.close())

describe('GET /api/asset-allocation/{id}/v1 with a risk result id', () => {
  it("gives the advice of the result's level, whatever the result's id", async () => {
    // the riskiest answers first (C5), then the most careful (C1): two results, two ids
    const bold = await answer(owner, (o) => o[o.length - 2]?.id ?? o[0]!.id)
    const careful = await answer(owner, (o) => o[0]!.id)
    expect(bold.evaluationType).toMatch(/^C[45]/)
    expect(careful.evaluationType).toMatch(/^C1/)
    for (const r of [bold, careful]) {
      const level = Number(/^C(\d)/.exec(r.evaluationType)![1])
      const a = await call('GET', `/api/asset-allocation/${r.id}/v1`, owner)
      expect(a.status).toBe(200)
      expect(a.body.result.configurations.map((c: Json) => c.proportion)).toEqual([...ALLOCATIONS[level]!])
    }
  })

  it("another reader's result, an unknown id and a guest are refused; bad ids answer 400", async () => {
    const mine = await answer(owner, (o) => o[0]!.id)
    expect((await call('GET', `/api/asset-allocation/${mine.id}/v1`, other)).status).toBe(404)
    expect((await call('GET', `/api/asset-allocation/999999/v1`, owner)).status).toBe(404)
    expect((await call('GET', `/api/asset-allocation/${mine.id}/v1`, {})).status).toBe(401)
    for (const bad of ['abc', '0', '-1']) expect((await call('GET', `/api/asset-allocation/${bad}/v1`, owner)).status).toBe(400)
  })
})
