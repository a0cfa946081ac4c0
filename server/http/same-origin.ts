// Whether a request comes from the site's own pages: the double-submit CSRF token (cookie echoed in
// X-CSRF-Token, which another site can neither read nor set), or else the browser's own word — an
// Origin naming this host, or Sec-Fetch-Site: same-origin. A request with none of them (a script, a
// form from `null`) is not the site's. Used where a guest may write (POST /s/ client logs).
import { timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { CSRF_COOKIE, CSRF_HEADER } from '../accounts/session'

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

export function fromThisSite(c: Context): boolean {
  const cookie = getCookie(c, CSRF_COOKIE)
  const header = c.req.header(CSRF_HEADER)
  if (cookie && header && sameToken(cookie, header)) return true
  const fetchSite = c.req.header('Sec-Fetch-Site')
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false
  const origin = c.req.header('Origin')
  if (origin !== undefined) {
    try {
      return new URL(origin).host === new URL(c.req.url).host
    } catch {
      return false // 'null' (a sandboxed frame, a file) or garbage
    }
  }
  return fetchSite === 'same-origin'
}
