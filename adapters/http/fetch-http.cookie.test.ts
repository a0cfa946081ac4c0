// @vitest-environment jsdom
import { afterEach, expect, it } from 'vitest'
import { endpoint } from '../../core/api/endpoint'
import { createFetchHttp, readCsrfCookie } from './fetch-http'

const ping = endpoint({ name: 'test.ping', method: 'POST', path: '/api/ping' })

afterEach(() => {
  document.cookie = 'csrf_token=; max-age=0; path=/'
})

function recordHeaders() {
  const headers: Record<string, string>[] = []
  const fetch = async (_: RequestInfo | URL, init: RequestInit = {}) => {
    headers.push(init.headers as Record<string, string>)
    return new Response(JSON.stringify({ statusCode: 200, message: 'ok', result: null }))
  }
  return { fetch, headers }
}

it('reads the X-CSRF-Token header from the csrf_token cookie by default', async () => {
  const r = recordHeaders()
  const http = createFetchHttp({ fetch: r.fetch })
  await http.call(ping)
  document.cookie = 'csrf_token=abc%2B1; path=/'
  await http.call(ping)
  expect(r.headers[0]).not.toHaveProperty('X-CSRF-Token')
  expect(r.headers[1]!['X-CSRF-Token']).toBe('abc+1')
})

it('over https reads the __Host- cookie first, so a tossed plain csrf_token cannot win', () => {
  expect(readCsrfCookie('csrf_token=tossed; __Host-csrf_token=real')).toBe('real')
  expect(readCsrfCookie('csrf_token=plain')).toBe('plain')
  expect(readCsrfCookie('lang=zh-cn')).toBeNull()
})
