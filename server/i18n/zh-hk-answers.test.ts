// Issue 24: a zh-hk reader gets every server text in Hong Kong traditional, in Hong Kong words. A sweep
// over the answers of the member pages (/member, /member/payment, the order dialog), the qualification
// pages and the phone list: no string a zh-hk reader gets holds a character OpenCC would still change
// or a mainland term of core/locale/hk-wording.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import type { Hono } from 'hono'
import { createApp } from '../app'
import { createTestDb, TEST_NOW, type TestDb } from '../testing/test-db'
import { authHeaders, signInForTest } from '../accounts/session'
import { LOOPBACK } from '../testing/socket-env'
import { mainlandTermsIn, simplifiedCharsIn } from './to-hk'

let t: TestDb
let app: Hono
let reader: Record<string, string>

beforeAll(async () => {
  t = await createTestDb()
  app = createApp({ db: t.db, clock: () => TEST_NOW * 1000, staticDir: '/nonexistent-static-dir' })
  const id = (await sql<{ id: number }>`SELECT id FROM users WHERE merged_into IS NULL ORDER BY id LIMIT 1`.execute(t.db.kysely)).rows[0]!.id
  reader = authHeaders(await signInForTest(t.db, Number(id)))
}, 120_000)
afterAll(() => t.close())

/** Every string in an answer, with where it is. */
function strings(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]]
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${at}[${i}]`))
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k))
  return []
}

async function answer(path: string, lang: 'zh-cn' | 'zh-hk', signedIn = true): Promise<{ status: number; body: unknown }> {
  const res = await app.request(path, { headers: { ...(signedIn ? reader : {}), 'Client-Lang': lang } }, LOOPBACK)
  return { status: res.status, body: await res.json() }
}

/** The strings of a zh-hk answer that still read as mainland text: simplified characters or mainland terms. */
async function unconverted(path: string, signedIn = true): Promise<string[]> {
  const { body } = await answer(path, 'zh-hk', signedIn)
  return strings(body).flatMap(([at, s]) => {
    const bad = [...simplifiedCharsIn(s), ...mainlandTermsIn(s)]
    return bad.length > 0 ? [`${path} ${at}: ${s} (${bad.join(' ')})`] : []
  })
}

const GOLD_MONTH = 101

describe('zh-hk answers of the member pages', () => {
  it('the goods of /member: tiers, periods, badges and buttons', async () => {
    const cn = await answer('/api/purchase/goods-list/v7', 'zh-cn')
    // the sweep is worth something only when the zh-cn answer has simplified text to convert
    expect(strings(cn.body).some(([, s]) => simplifiedCharsIn(s).length > 0)).toBe(true)
    expect(await unconverted('/api/purchase/goods-list/v7')).toEqual([])
    expect(await unconverted('/api/purchase/goods-list/v7', false)).toEqual([])
    expect(await unconverted(`/api/purchase/goods-list/v7?specsId=${GOLD_MONTH}`)).toEqual([])
  })
  it('the order dialog of /member/payment: order info, coupons, rights, the add-on', async () => {
    expect(await unconverted(`/api/purchase/commodity/payment/v2?specsIds=${GOLD_MONTH}`)).toEqual([])
    expect(await unconverted(`/api/purchase/commodity/payment/v2?specsIds=${GOLD_MONTH}&noNeedCoupon=true`)).toEqual([])
    expect(await unconverted('/api/user-coupons')).toEqual([])
    expect(await unconverted(`/api/user-coupons/${GOLD_MONTH}/coupons/v2`)).toEqual([])
  })
  it('the qualification pages: the questionnaire and its options', async () => {
    expect(await unconverted('/api/questionnaire/2/v1')).toEqual([])
    expect(await unconverted('/api/questionnaire/1/v1')).toEqual([])
  })
  it('messages: a refusal reads in Hong Kong traditional too', async () => {
    const r = await answer('/api/purchase/commodity/payment/v2?specsIds=99999', 'zh-hk')
    expect(r.status).toBe(404)
    expect(await unconverted('/api/purchase/commodity/payment/v2?specsIds=99999')).toEqual([])
  })
})

describe('zh-hk refusals answered outside route()', () => {
  it('a request without the CSRF token, a form body that is no form', async () => {
    const noToken = { Cookie: reader.Cookie!, 'Client-Lang': 'zh-hk', 'Content-Type': 'application/json' }
    const forged = await app.request('/api/user-address/v1', { method: 'POST', headers: noToken, body: '{}' }, LOOPBACK)
    expect(forged.status).toBe(403)
    const { message } = (await forged.json()) as { message: string }
    expect(message).toBe('請求已失效，請刷新頁面後重試')
    const badForm = await app.request('/api/user-address/v1', { method: 'POST', headers: { ...reader, 'Client-Lang': 'zh-hk', 'Content-Type': 'multipart/form-data; boundary=x' }, body: 'not a form' }, LOOPBACK)
    expect(badForm.status).toBe(400)
    expect(((await badForm.json()) as { message: string }).message).toBe('參數錯誤：請求體格式不正確')
  })
})

describe('zh-hk answers of the sign-in dialog', () => {
  it('the phone list names countries as Hong Kong does', async () => {
    expect(await unconverted('/api/over-sea-sms/country-codes', false)).toEqual([])
    const { body } = await answer('/api/over-sea-sms/country-codes', 'zh-hk', false)
    const names = new Map(((body as { result: { region: string; text: string }[] }).result).map((e) => [e.region, e.text]))
    // Intl's zh-Hant-HK names, not a character conversion of the mainland's (韩国 → 韓國, 澳大利亚 → 澳大利亞)
    expect(names.get('KR')).toBe('南韓')
    expect(names.get('AU')).toBe('澳洲')
    expect(names.get('US')).toBe('美國')
    const cn = await answer('/api/over-sea-sms/country-codes', 'zh-cn', false)
    expect(((cn.body as { result: { region: string; text: string }[] }).result).find((e) => e.region === 'KR')?.text).toBe('韩国')
  })
})
