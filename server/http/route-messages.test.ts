// A zh-hk reader never sees a simplified message: failures made by the route helper (400 on bad
// input) and by handlers (ApiError) go through the same zh-hk conversion as results.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'
import { toHk } from '../i18n/to-hk'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const HK = { 'Client-Lang': 'zh-hk' }

describe('failure messages follow Client-Lang', () => {
  it('a 400 validation message is converted for zh-hk and stays simplified for zh-cn', async () => {
    const cn = await t.get('/api/news/abc/v3')
    const hk = await t.get('/api/news/abc/v3', HK)
    expect(cn.status).toBe(400)
    expect(hk.status).toBe(400)
    expect(cn.body.message).toContain('参数')
    expect(hk.body.message).toBe(toHk(cn.body.message))
    expect(hk.body.message).toContain('參數')
    expect(hk.body.message).not.toContain('参数')
  })

  it('a malformed JSON body gets the converted message too', async () => {
    const post = (headers: Record<string, string>) =>
      t.request('/s/', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', ...headers }, body: '{not json' })
    const cn = (await (await post({})).json()) as { message: string }
    const hk = (await (await post(HK)).json()) as { message: string }
    expect(cn.message).toBe('参数错误：请求体不是有效的 JSON')
    expect(hk.message).toBe(toHk(cn.message))
    expect(hk.message).not.toBe(cn.message)
  })

  it("a handler's ApiError message is converted for zh-hk", async () => {
    const cn = await t.get('/api/channels/no-such-channel/articles/v8')
    const hk = await t.get('/api/channels/no-such-channel/articles/v8', HK)
    expect(cn.body).toMatchObject({ statusCode: 404, message: '频道不存在' })
    expect(hk.body).toMatchObject({ statusCode: 404, message: '頻道不存在' })
  })

  it('success keeps its message', async () => {
    expect((await t.get('/api/channels/home/articles/v8', HK)).body.message).toBe('success')
  })
})
