// Per-endpoint body limits (Endpoint.maxBodyBytes): 1 MiB by default, more where the contract says
// so. spec 000 §5: an avatar of up to 3,000,000 bytes; it travels base64 in JSON (4/3 larger).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_MESSAGES } from '../../core/accounts/limits'
import { uploadAvatar } from '../../core/api/accounts'
import { DEFAULT_MAX_BODY_BYTES } from '../../core/api/endpoint'
import { authHeaders, signInForTest } from '../accounts/session'
import { MESSAGES } from './api-error'
import { createTestApp, type TestApp } from '../testing/test-app'

let t: TestApp
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = await signInForTest(t, 1)
})
afterAll(() => t.close())

/** A PNG of exactly `bytes` bytes (the signature, then zeros) as the upload's JSON body. */
function avatarBody(bytes: number): string {
  const png = Buffer.alloc(bytes)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png)
  return JSON.stringify({ dataUrl: `data:image/png;base64,${png.toString('base64')}` })
}

const post = (path: string, body: string) =>
  t.request(path, { method: 'POST', headers: { ...authHeaders(cookie), 'Content-Type': 'application/json' }, body })

describe('body limits per endpoint', () => {
  it('the avatar endpoint allows the base64 JSON of a 3,000,000-byte picture', () => {
    expect(uploadAvatar.maxBodyBytes).toBeGreaterThan(avatarBody(3_000_000).length)
  })

  it('a 2.9 MB avatar is stored', async () => {
    const res = await post(uploadAvatar.path, avatarBody(2_900_000))
    const json = (await res.json()) as { statusCode: number; result: { avatar: string } }
    expect(res.status).toBe(200)
    expect(json.result.avatar).toMatch(/^\/u\/avatar\/\d+$/)
    const picture = await t.request(json.result.avatar)
    expect(picture.headers.get('Content-Type')).toBe('image/png')
    expect((await picture.arrayBuffer()).byteLength).toBe(2_900_000)
  })

  it("a 3.1 MB avatar gets the spec's size message, not 413", async () => {
    const res = await post(uploadAvatar.path, avatarBody(3_100_000))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ statusCode: 400, message: ACCOUNT_MESSAGES.avatarSize, result: null })
  })

  it('any other endpoint keeps the 1 MiB default: a larger body is 413', async () => {
    const big = JSON.stringify({ fileDate: '2026-01-01', logArray: ['x'.repeat(DEFAULT_MAX_BODY_BYTES)], logPageNo: 0 })
    const res = await t.request('/s/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: big })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ statusCode: 413, message: MESSAGES.tooLarge, result: null })
  })

  it('the avatar endpoint is not unlimited: a body over its limit is 413', async () => {
    const res = await post(uploadAvatar.path, JSON.stringify({ dataUrl: 'x'.repeat(uploadAvatar.maxBodyBytes) }))
    expect(res.status).toBe(413)
  })
})
