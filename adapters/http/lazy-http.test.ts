import { describe, expect, it, vi } from 'vitest'
import type { HttpPort } from '../../core/api/http-port'
import { createLazyHttp } from './lazy-http'

describe('lazy HTTP port', () => {
  it('loads the adapter once, on the first call, and forwards every call', async () => {
    const calls: unknown[] = []
    const port: HttpPort = { call: async (e, input) => (calls.push([e, input]), 'ok' as never), upload: async (e, input) => (calls.push(['upload', e, input]), 'sent' as never) }
    const load = vi.fn(async () => ({ createFetchHttp: () => port }) as never)
    const http = createLazyHttp({}, load)
    expect(load).not.toHaveBeenCalled()
    const endpoint = { name: 'x' } as never
    await expect(http.call(endpoint, { query: { a: 1 } } as never)).resolves.toBe('ok')
    await http.call(endpoint, undefined)
    expect(load).toHaveBeenCalledTimes(1)
    expect(calls).toEqual([[endpoint, { query: { a: 1 } }], [endpoint, undefined]])
    await expect(http.upload(endpoint, { form: [['file', 'x']] })).resolves.toBe('sent')
    expect(calls[2]).toEqual(['upload', endpoint, { form: [['file', 'x']] }])
  })
  it('passes a failure of the call through unchanged', async () => {
    const error = new Error('网络异常')
    const http = createLazyHttp({}, async () => ({ createFetchHttp: () => ({ call: async () => Promise.reject(error) }) }) as never)
    await expect(http.call({} as never, undefined)).rejects.toBe(error)
  })
})
