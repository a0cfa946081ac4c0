// Uploads through the HTTP adapter (spec 000 §7: multipart, /api/file/upload/v1 'with progress'):
// a fake XMLHttpRequest stands in for the browser's; the form, headers, progress, the envelope's
// decoding, cancel and timeout are checked.
import { describe, expect, it } from 'vitest'
import * as Schema from 'effect/Schema'
import { endpoint } from '../../core/api/endpoint'
import { ApiError } from '../../core/api/api-error'
import { createFetchHttp, CANCELLED_STATUS, TIMEOUT_STATUS } from './fetch-http'

const picture = endpoint({ name: 'test.upload', method: 'POST', path: '/api/file/{kind}/picture', params: Schema.Struct({ kind: Schema.Literals(['dynamic']) }), result: Schema.Struct({ url: Schema.String }) })

class FakeXhr {
  static last: FakeXhr | null = null
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: FormData | null = null
  timeout = 0
  status = 0
  responseText = ''
  aborted = false
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  ontimeout: (() => void) | null = null
  onabort: (() => void) | null = null
  constructor() {
    FakeXhr.last = this
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v
  }
  send(body: FormData) {
    this.body = body
  }
  abort() {
    this.aborted = true
    this.onabort?.()
  }
  answer(status: number, json: unknown) {
    this.status = status
    this.responseText = JSON.stringify(json)
    this.onload?.()
  }
}

const http = () => createFetchHttp({ xhr: () => new FakeXhr() as unknown as XMLHttpRequest, getCsrfToken: () => 'tok', getLang: () => 'zh-hk' })
const file = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' })

describe('HttpPort.upload (XMLHttpRequest)', () => {
  it('sends the form with the site headers, reports progress and decodes the envelope', async () => {
    const progress: unknown[] = []
    const done = http().upload(picture, { params: { kind: 'dynamic' }, form: [['file', file(), 'a.png'], ['module', 'post']] }, { onProgress: (p) => progress.push(p) })
    const xhr = FakeXhr.last!
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/file/dynamic/picture'])
    expect(xhr.headers).toMatchObject({ 'Client-Lang': 'zh-hk', platform: 'web', shortVersion: '10.7.0', 'X-CSRF-Token': 'tok' })
    expect((xhr.body!.get('file') as File).name).toBe('a.png')
    expect(xhr.body!.get('module')).toBe('post')
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 2, total: 4 })
    xhr.upload.onprogress!({ lengthComputable: false, loaded: 3, total: 0 })
    xhr.answer(200, { statusCode: 200, message: 'success', result: { url: '/uploads/a.png' } })
    await expect(done).resolves.toEqual({ url: '/uploads/a.png' })
    expect(progress).toEqual([{ loaded: 2, total: 4 }])
  })

  it("fails with the server's code and message (000 §8: an upload's 403 with a message)", async () => {
    const done = http().upload(picture, { params: { kind: 'dynamic' }, form: [['file', file(), 'a.png']] })
    FakeXhr.last!.answer(200, { statusCode: 403, message: '您已被禁止上传图片', result: null })
    await expect(done).rejects.toMatchObject({ statusCode: 403, message: '您已被禁止上传图片' })
  })

  it('a result that breaks the contract is a 500, not a success', async () => {
    const done = http().upload(picture, { params: { kind: 'dynamic' }, form: [['file', file(), 'a.png']] })
    FakeXhr.last!.answer(200, { statusCode: 200, message: 'success', result: { address: 1 } })
    const e = await done.catch((x: unknown) => x)
    expect(e).toBeInstanceOf(ApiError)
    expect((e as ApiError).statusCode).toBe(500)
  })

  it('aborting the signal cancels the request', async () => {
    const controller = new AbortController()
    const done = http().upload(picture, { params: { kind: 'dynamic' }, form: [['file', file(), 'a.png']] }, { signal: controller.signal })
    controller.abort()
    await expect(done).rejects.toMatchObject({ statusCode: CANCELLED_STATUS })
    expect(FakeXhr.last!.aborted).toBe(true)
  })

  it('times out after the endpoint timeout with 408; bad params never leave the browser', async () => {
    const done = http().upload(picture, { params: { kind: 'dynamic' }, form: [] })
    expect(FakeXhr.last!.timeout).toBe(20_000)
    FakeXhr.last!.ontimeout!()
    await expect(done).rejects.toMatchObject({ statusCode: TIMEOUT_STATUS })
    FakeXhr.last = null
    await expect(http().upload(picture, { params: { kind: 'x' as never }, form: [] })).rejects.toMatchObject({ statusCode: 400 })
    expect(FakeXhr.last).toBeNull()
  })
})
