import { afterEach, describe, expect, it, vi } from 'vitest'
import * as fc from 'fast-check'
import * as Schema from 'effect/Schema'
import { endpoint } from '../../core/api/endpoint'
import { IdFromString, IntFromString } from '../../core/api/common'
import { allLives, channelArticles, newsDetail, sendLogs, siteConfig } from '../../core/api/content'
import { ApiError } from '../../core/api/api-error'
import { FileResult } from '../../core/api/http-port'
import {
  CANCELLED_MESSAGE,
  CANCELLED_STATUS,
  INVALID_INPUT_STATUS,
  NETWORK_ERROR_MESSAGE,
  TIMEOUT_MESSAGE,
  TIMEOUT_STATUS,
  createFetchHttp,
} from './fetch-http'

interface Sent {
  readonly url: string
  readonly init: RequestInit
}

/** A fetch that records requests and answers with `respond`; it honours the abort signal like the real one. */
function fakeFetch(respond: (req: Sent) => Response | Promise<Response> | 'hang') {
  const sent: Sent[] = []
  const fetch = vi.fn((input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const req = { url: String(input), init }
    sent.push(req)
    return new Promise<Response>((resolve, reject) => {
      const signal = init.signal
      const abort = () => reject(signal?.reason ?? new DOMException('aborted', 'AbortError'))
      if (signal?.aborted) return abort()
      signal?.addEventListener('abort', abort)
      const answer = respond(req)
      if (answer !== 'hang') Promise.resolve(answer).then(resolve, reject)
    })
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent, calls: fetch }
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json;charset=utf-8' },
    ...init,
  })

const ok = (result: unknown) => json({ statusCode: 200, message: 'success', result })

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError)
    return e as ApiError
  }
  throw new Error('expected the call to fail')
}

/** A small endpoint whose result decoding changes the value, so decoding is visible. */
const item = endpoint({
  name: 'test.item',
  path: '/api/item/{id}/v1',
  params: Schema.Struct({ id: IdFromString }),
  query: Schema.Struct({ since: Schema.optional(IntFromString) }),
  result: Schema.Struct({ id: Schema.Number, price: Schema.NumberFromString }),
})

afterEach(() => {
  vi.useRealTimers()
})

describe('request', () => {
  it('builds the URL from baseUrl, encoded path parameters and query', async () => {
    const f = fakeFetch(() => ok({ id: 5, price: '1.5' }))
    const http = createFetchHttp({ baseUrl: 'https://api.example.com', fetch: f.fetch })
    await http.call(item, { params: { id: 5 }, query: { since: 1700000000 } })
    expect(f.sent[0]!.url).toBe('https://api.example.com/api/item/5/v1?since=1700000000')
  })

  it('accepts a query already in its wire form', async () => {
    const f = fakeFetch(() => ok({ list: [], hasMore: false }))
    const http = createFetchHttp({ fetch: f.fetch })
    await http.call(channelArticles, { params: { type: 'home' }, query: { timestamp: '12', count: '10' } })
    expect(f.sent[0]!.url).toBe('/api/channels/home/articles/v8?timestamp=12&count=10')
  })

  it('sends only the fields the schema knows, in their canonical wire form', async () => {
    const f = fakeFetch(() => ok({ list: [], hasMore: false }))
    const http = createFetchHttp({ fetch: f.fetch })
    const extra = { evil: '1' } as object
    await http.call(channelArticles, { params: { type: 'home', ...extra }, query: { count: '010', ...extra } })
    await http.call(channelArticles, { params: { type: 'home' }, query: { count: 10, ...extra } })
    expect(f.sent.map((s) => s.url)).toEqual([
      '/api/channels/home/articles/v8?count=10',
      '/api/channels/home/articles/v8?count=10',
    ])
  })

  it('sends the global headers, no redirects and same-origin credentials (spec 000 §7)', async () => {
    const f = fakeFetch(() => ok({ vipDisplay: true, trendingSearchKeywords: '', externalDataUrl: '' }))
    const http = createFetchHttp({ fetch: f.fetch, getLang: () => 'zh-hk', getCsrfToken: () => null })
    await http.call(siteConfig)
    const init = f.sent[0]!.init
    expect(init.method).toBe('GET')
    expect(init.redirect).toBe('manual')
    expect(init.credentials).toBe('same-origin')
    expect(init.body).toBeUndefined()
    expect(init.headers).toEqual({ 'Client-Lang': 'zh-hk', platform: 'web', shortVersion: '10.7.0' })
  })

  it('asks for the language on every call, defaulting to zh-cn', async () => {
    const f = fakeFetch(() => ok(null))
    let lang: 'zh-cn' | 'zh-hk' = 'zh-cn'
    const http = createFetchHttp({ fetch: f.fetch, getLang: () => lang })
    await http.call(endpoint({ name: 't', path: '/t' }))
    lang = 'zh-hk'
    await http.call(endpoint({ name: 't', path: '/t' }))
    await createFetchHttp({ fetch: f.fetch }).call(endpoint({ name: 't', path: '/t' }))
    expect(f.sent.map((s) => (s.init.headers as Record<string, string>)['Client-Lang'])).toEqual(['zh-cn', 'zh-hk', 'zh-cn'])
  })

  it('sends the CSRF token when there is one', async () => {
    const f = fakeFetch(() => ok(null))
    await createFetchHttp({ fetch: f.fetch, getCsrfToken: () => 'tok123' }).call(endpoint({ name: 't', path: '/t' }))
    expect((f.sent[0]!.init.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok123')
  })

  it('sends a JSON body encoded by the body schema, with Content-Type', async () => {
    const f = fakeFetch(() => new Response('well done', { headers: { 'content-type': 'text/plain' } }))
    const http = createFetchHttp({ fetch: f.fetch })
    const body = { fileDate: '2024-05-01', logArray: ['a', 'b'], logPageNo: 0 }
    await http.call(sendLogs, { body })
    const init = f.sent[0]!.init
    expect(f.sent[0]!.url).toBe('/s/')
    expect(init.method).toBe('POST')
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json')
    expect(JSON.parse(init.body as string)).toEqual(body)
  })

  it('encodes a body field through its schema', async () => {
    const withDate = endpoint({
      name: 'test.post',
      method: 'PUT',
      path: '/api/x',
      body: Schema.Struct({ page: IntFromString }),
    })
    const f = fakeFetch(() => ok(null))
    await createFetchHttp({ fetch: f.fetch }).call(withDate, { body: { page: 3 } })
    expect(f.sent[0]!.init.body).toBe('{"page":"3"}')
  })
})

describe('input that fails the endpoint schema is rejected before any request', () => {
  const f = fakeFetch(() => ok(null))
  const http = createFetchHttp({ fetch: f.fetch })

  it.each([
    ['params', () => http.call(newsDetail, { params: { id: -1 } }), '["id"]'],
    ['missing params', () => http.call(newsDetail), '["id"]'],
    ['query', () => http.call(channelArticles, { params: { type: 'home' }, query: { count: 500 } }), '["count"]'],
    ['path pattern', () => http.call(channelArticles, { params: { type: '../admin' } }), '["type"]'],
    ['body', () => http.call(sendLogs, { body: { fileDate: 'x', logArray: ['a'], logPageNo: -1 } }), '["logPageNo"]'],
  ])('%s', async (_, run, path) => {
    const e = await failure(run())
    expect(e.statusCode).toBe(INVALID_INPUT_STATUS)
    expect(e.message).toContain('请求参数错误')
    expect(e.message).toContain(path)
    expect(f.calls).not.toHaveBeenCalled()
  })
})

describe('timeout (spec 000 §7, §9)', () => {
  async function timesOutAfter(e: Parameters<ReturnType<typeof createFetchHttp>['call']>[0], input: object, ms: number) {
    vi.useFakeTimers()
    const f = fakeFetch(() => 'hang')
    const http = createFetchHttp({ fetch: f.fetch })
    let settled = false
    const p = http.call(e, input).finally(() => {
      settled = true
    })
    const caught = failure(p)
    await vi.advanceTimersByTimeAsync(ms - 1)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const error = await caught
    expect(error.statusCode).toBe(TIMEOUT_STATUS)
    expect(error.message).toBe(TIMEOUT_MESSAGE)
    expect(f.sent[0]!.init.signal?.aborted).toBe(true)
  }

  it('gives up after 20000 ms by default', () => timesOutAfter(siteConfig, {}, 20_000))
  it('gives up after 5 s for channel articles', () => timesOutAfter(channelArticles, { params: { type: 'home' } }, 5_000))
  it('gives up after 25 s for live lists', () => timesOutAfter(allLives, {}, 25_000))

  it('says 请求超时 in Chinese with status 408', () => {
    expect(TIMEOUT_MESSAGE).toBe('请求超时，请稍后重试')
    expect(TIMEOUT_STATUS).toBe(408)
  })

  it('clears its timer when the answer arrives', async () => {
    vi.useFakeTimers()
    const f = fakeFetch(() => ok(null))
    await createFetchHttp({ fetch: f.fetch }).call(endpoint({ name: 't', path: '/t' }))
    expect(vi.getTimerCount()).toBe(0)
  })

  it('counts the time spent reading the body', async () => {
    vi.useFakeTimers()
    // the headers arrive at once; the body never ends until the signal aborts it
    const f = fakeFetch(({ init }) => {
      const body = new ReadableStream({
        start(controller) {
          init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')))
        },
      })
      return new Response(body, { headers: { 'content-type': 'application/json' } })
    })
    const caught = failure(createFetchHttp({ fetch: f.fetch }).call(siteConfig))
    await vi.advanceTimersByTimeAsync(20_000)
    expect((await caught).statusCode).toBe(TIMEOUT_STATUS)
  })
})

describe('cancelling', () => {
  it('aborts the request when the caller aborts', async () => {
    const f = fakeFetch(() => 'hang')
    const controller = new AbortController()
    const p = failure(createFetchHttp({ fetch: f.fetch }).call(siteConfig, {}, { signal: controller.signal }))
    await Promise.resolve()
    controller.abort()
    const e = await p
    expect(e.statusCode).toBe(CANCELLED_STATUS)
    expect(e.message).toBe(CANCELLED_MESSAGE)
    expect(f.sent[0]!.init.signal?.aborted).toBe(true)
  })

  it('does not send a request whose signal is already aborted', async () => {
    const f = fakeFetch(() => ok(null))
    const e = await failure(createFetchHttp({ fetch: f.fetch }).call(siteConfig, {}, { signal: AbortSignal.abort() }))
    expect(e.statusCode).toBe(CANCELLED_STATUS)
    expect(f.calls).not.toHaveBeenCalled()
  })
})

describe('redirects are not followed', () => {
  it('turns an opaque redirect into a server error', async () => {
    const redirect = new Response(null, { status: 200 })
    Object.defineProperty(redirect, 'type', { value: 'opaqueredirect' })
    Object.defineProperty(redirect, 'status', { value: 0 })
    const f = fakeFetch(() => redirect)
    const e = await failure(createFetchHttp({ fetch: f.fetch }).call(siteConfig))
    expect(e.statusCode).toBe(500)
    expect(e.message).toMatch(/^server error: redirect/)
  })

  it('turns a 3xx answer into a server error', async () => {
    const f = fakeFetch(() => new Response(null, { status: 302, headers: { location: '/login' } }))
    const e = await failure(createFetchHttp({ fetch: f.fetch }).call(siteConfig))
    expect(e.statusCode).toBe(500)
    expect(e.message).toBe('server error: redirect (HTTP 302)')
  })
})

describe('responses', () => {
  it('decodes the result of a 200 envelope with the endpoint schema', async () => {
    const f = fakeFetch(() => ok({ id: 5, price: '12.5' }))
    const result = await createFetchHttp({ fetch: f.fetch }).call(item, { params: { id: 5 } })
    expect(result).toEqual({ id: 5, price: 12.5 })
  })

  it.each([
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-excel',
    'application/octet-stream',
    'application/octet-stream; charset=binary',
  ])('passes a %s answer through as a Blob', async (type) => {
    const f = fakeFetch(() => new Response(new Uint8Array([80, 75, 3, 4]), { headers: { 'content-type': type } }))
    const exportSheet = endpoint({ name: 'test.export', path: '/api/export', result: FileResult })
    const blob = await createFetchHttp({ fetch: f.fetch }).call(exportSheet)
    expect(Schema.is(FileResult)(blob)).toBe(true)
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([80, 75, 3, 4])
  })

  it('returns the text of a text endpoint', async () => {
    const f = fakeFetch(() => new Response('well done', { headers: { 'content-type': 'text/html' } }))
    const text = await createFetchHttp({ fetch: f.fetch }).call(sendLogs, {
      body: { fileDate: 'd', logArray: [], logPageNo: 1 },
    })
    expect(text).toBe('well done')
  })

  it('fails a text endpoint answering an HTTP error', async () => {
    const f = fakeFetch(() => new Response('Bad Gateway', { status: 502 }))
    const e = await failure(
      createFetchHttp({ fetch: f.fetch }).call(sendLogs, { body: { fileDate: 'd', logArray: [], logPageNo: 1 } }),
    )
    expect(e.statusCode).toBe(502)
    expect(e.message).toBe('server error: Bad Gateway')
  })

  it.each([['null'], ['[1,2]'], ['3'], ['"text"'], ['true'], ['<html>oops</html>'], ['']])(
    'treats the non-object answer %j as a server error 500 (spec 000 §8)',
    async (body) => {
      const f = fakeFetch(() => new Response(body, { status: 200 }))
      const e = await failure(createFetchHttp({ fetch: f.fetch }).call(siteConfig))
      expect(e.statusCode).toBe(500)
      expect(e.message).toMatch(/^server error: ./)
    },
  )

  it('treats every non-object JSON answer as a server error 500 (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue().filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)),
        async (value) => {
          const f = fakeFetch(() => json(value))
          const e = await failure(createFetchHttp({ fetch: f.fetch }).call(siteConfig))
          expect(e.statusCode).toBe(500)
          expect(e.message.startsWith('server error: ')).toBe(true)
        },
      ),
      { numRuns: 50 },
    )
  })

  it('keeps only the start of a long non-object answer in the message', async () => {
    const f = fakeFetch(() => new Response('x'.repeat(5000)))
    const e = await failure(createFetchHttp({ fetch: f.fetch }).call(siteConfig))
    expect(e.message.length).toBeLessThan(300)
  })

  it.each([
    [2000, '需要人机验证', { gt: 'abc' }],
    [1012, '请绑定手机号', { nick: '小明', avatar: 'a.png' }],
    [417, '该账号无法合并', undefined],
    [401, '请先登录', null],
  ])('fails an envelope with statusCode %i, keeping message and result', async (statusCode, message, result) => {
    const f = fakeFetch(() => json({ statusCode, message, result }))
    const e = await failure(createFetchHttp({ fetch: f.fetch }).call(siteConfig))
    expect(e.statusCode).toBe(statusCode)
    expect(e.message).toBe(message)
    expect(e.result).toEqual(result)
  })

  it('reads the envelope of an HTTP error answer', async () => {
    const f = fakeFetch(() => json({ statusCode: 403, message: '无权限', result: null }, { status: 403 }))
    const e = await failure(createFetchHttp({ fetch: f.fetch }).call(siteConfig))
    expect(e.statusCode).toBe(403)
    expect(e.message).toBe('无权限')
  })

  it('gives a message to an error envelope without one', async () => {
    const f = fakeFetch(() => json({ statusCode: 503, message: '' }))
    const e = await failure(createFetchHttp({ fetch: f.fetch }).call(siteConfig))
    expect(e.statusCode).toBe(503)
    expect(e.message.length).toBeGreaterThan(0)
  })

  it('fails with 500 naming the endpoint and the first issue when the result does not decode', async () => {
    const f = fakeFetch(() => ok({ id: 'five', price: '1' }))
    const e = await failure(createFetchHttp({ fetch: f.fetch }).call(item, { params: { id: 5 } }))
    expect(e.statusCode).toBe(500)
    expect(e.message).toContain('test.item')
    expect(e.message).toContain('["result"]["id"]')
  })

  it('fails with 500 naming the endpoint when the object is not an envelope', async () => {
    const f = fakeFetch(() => json({ hello: 'world' }))
    const e = await failure(createFetchHttp({ fetch: f.fetch }).call(siteConfig))
    expect(e.statusCode).toBe(500)
    expect(e.message).toContain('config.get')
    expect(e.message).toContain('statusCode')
  })
})

describe('network failure', () => {
  it('uses a Chinese message when the error has none', async () => {
    const f = fakeFetch(() => Promise.reject({}))
    const e = await failure(createFetchHttp({ fetch: f.fetch }).call(siteConfig))
    expect(e.statusCode).toBe(500)
    expect(e.message).toBe(NETWORK_ERROR_MESSAGE)
    expect(NETWORK_ERROR_MESSAGE).toBe('网络异常，请检查网络后重试')
  })

  it("replaces fetch's own TypeError text, which readers cannot act on", async () => {
    const cause = new TypeError('Failed to fetch')
    const f = fakeFetch(() => Promise.reject(cause))
    const e = await failure(createFetchHttp({ fetch: f.fetch }).call(siteConfig))
    expect(e.message).toBe(NETWORK_ERROR_MESSAGE)
    expect(e.cause).toBe(cause)
  })

  it('normalises any other thrown error (spec 000 §8)', async () => {
    const f = fakeFetch(() => Promise.reject(Object.assign(new Error('磁盘已满'), { statusCode: 507 })))
    const e = await failure(createFetchHttp({ fetch: f.fetch }).call(siteConfig))
    expect(e.statusCode).toBe(507)
    expect(e.message).toBe('磁盘已满')
  })
})
