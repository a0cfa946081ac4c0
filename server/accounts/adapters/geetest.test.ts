import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { geetest, GEETEST_API } from './geetest'

const md5 = (s: string) => createHash('md5').update(s).digest('hex')
const cfg = { id: 'gt-id-123', key: 'gt-private-key' }
const RAW = '0123456789abcdef0123456789abcdef'
const T = 'p:86:13800138000'

type Call = { url: string; init?: RequestInit }
function fakeFetch(handler: (url: string, init?: RequestInit) => unknown) {
  const calls: Call[] = []
  const f = (async (url: string, init?: RequestInit) => {
    calls.push({ url, ...(init ? { init } : {}) })
    const r = handler(url, init)
    if (r instanceof Error) throw r
    return new Response(JSON.stringify(r), { status: 200 })
  }) as unknown as typeof fetch
  return { f, calls }
}

describe('GeeTest v3 adapter', () => {
  it('register: asks register.php and answers md5(challenge + key), success 1', async () => {
    const { f, calls } = fakeFetch(() => ({ challenge: RAW }))
    const p = await geetest(cfg, { fetch: f }).init(T, '1.2.3.4', 0)
    const u = new URL(calls[0]!.url)
    expect(u.origin + u.pathname).toBe(`${GEETEST_API}/register.php`)
    expect(Object.fromEntries(u.searchParams)).toEqual({ gt: 'gt-id-123', json_format: '1', new_captcha: '1', client_type: 'web', ip_address: '1.2.3.4' })
    expect(p).toEqual({ gt: 'gt-id-123', challenge: md5(RAW + 'gt-private-key'), success: 1, new_captcha: true })
  })

  it('online validate: checks md5(key + "geetest" + challenge), posts the seccode and accepts md5(seccode) back', async () => {
    const { f, calls } = fakeFetch((url) => (url.endsWith('/validate.php') ? { seccode: md5('sec|jordan') } : { challenge: RAW }))
    const port = geetest(cfg, { fetch: f })
    const { challenge } = await port.init(T, '1.2.3.4', 0)
    const validate = md5('gt-private-key' + 'geetest' + challenge)
    expect(await port.verify(T, { challenge, validate, seccode: 'sec|jordan' }, 1000)).toBe(true)
    const post = calls[1]!
    expect(post.url).toBe(`${GEETEST_API}/validate.php`)
    expect(post.init?.method).toBe('POST')
    expect((post.init?.headers as Record<string, string>)['Content-Type']).toBe('application/x-www-form-urlencoded')
    expect(Object.fromEntries(new URLSearchParams(post.init?.body as string))).toMatchObject({ seccode: 'sec|jordan', challenge, captchaid: 'gt-id-123', json_format: '1' })
    // spent: the same answer does not pass twice
    expect(await port.verify(T, { challenge, validate, seccode: 'sec|jordan' }, 2000)).toBe(false)
  })

  it('online validate fails on a wrong validate (no call), a wrong seccode back, another target, or the service failing', async () => {
    let back: unknown = { seccode: 'nope' }
    const { f, calls } = fakeFetch((url) => (url.endsWith('/validate.php') ? back : { challenge: RAW }))
    const port = geetest(cfg, { fetch: f })
    const a = await port.init(T, 'ip', 0)
    expect(await port.verify(T, { challenge: a.challenge, validate: 'x'.repeat(32), seccode: 's' }, 1)).toBe(false)
    expect(calls.filter((c) => c.url.endsWith('/validate.php'))).toHaveLength(0)
    const b = await port.init(T, 'ip', 0)
    expect(await port.verify(T, { challenge: b.challenge, validate: md5(cfg.key + 'geetest' + b.challenge), seccode: 's' }, 1)).toBe(false)
    const c = await port.init(T, 'ip', 0)
    expect(await port.verify('p:86:13900000000', { challenge: c.challenge, validate: md5(cfg.key + 'geetest' + c.challenge), seccode: 's' }, 1)).toBe(false)
    back = new Error('ECONNRESET')
    const d = await port.init(T, 'ip', 0)
    expect(await port.verify(T, { challenge: d.challenge, validate: md5(cfg.key + 'geetest' + d.challenge), seccode: 's' }, 1)).toBe(false)
  })

  it('offline fallback when register fails: success 0, and validate must be md5(challenge) (no validate.php call)', async () => {
    const { f, calls } = fakeFetch(() => new TypeError('fetch failed'))
    const port = geetest(cfg, { fetch: f })
    const p = await port.init(T, 'ip', 0)
    expect(p.success).toBe(0)
    expect(p.challenge).toMatch(/^[0-9a-f]{34}$/)
    expect(await port.verify(T, { challenge: p.challenge, validate: md5('wrong'), seccode: 's' }, 1)).toBe(false)
    const q = await port.init(T, 'ip', 0)
    expect(await port.verify(T, { challenge: q.challenge, validate: md5(q.challenge), seccode: 's' }, 1)).toBe(true)
    expect(calls.every((c) => c.url.includes('/register.php'))).toBe(true)
  })

  it('offline fallback when register answers without a 32-character challenge', async () => {
    const { f } = fakeFetch(() => ({ challenge: '' }))
    expect((await geetest(cfg, { fetch: f }).init(T, 'ip', 0)).success).toBe(0)
  })

  it('a challenge expires after 10 minutes and an incomplete answer fails', async () => {
    const { f } = fakeFetch(() => new Error('down'))
    const port = geetest(cfg, { fetch: f })
    const p = await port.init(T, 'ip', 0)
    expect(await port.verify(T, { challenge: p.challenge, validate: md5(p.challenge) }, 1)).toBe(false)
    expect(await port.verify(T, { challenge: p.challenge, validate: md5(p.challenge), seccode: 's' }, 10 * 60_000 + 1)).toBe(false)
  })
})
