// The fast path for fresh public answers (issue 31 'the API fast path'). A public GET (Endpoint.publicMaxAgeMs)
// that route() answered a moment ago for this very URL, host and script is kept in its answer cache; the
// next request for it is answered here, on node:http, before @hono/node-server builds a fetch Request and
// Response and Hono routes and composes the middlewares. A CPU profile of the home feed under load had
// Hono's router, compose and context, the adaptor's header copying and undici's Headers at about a fifth
// of the server's own time — for an answer that is already bytes.
//
// The answer is the same to the byte and header as the one Hono would send (server/http/fast-path.test.ts
// compares them): the same body and compression (answerBytes, shared with route()), the same security
// headers (securityHeaders, shared with the app's middleware). What the middlewares before the route would
// add is the only difference to guard: the CSRF middleware (server/accounts/http.ts csrfFor) sets the CSRF
// cookie on a request without one, for the routes registered after it — so such an answer goes the fast
// way only when the request already carries the cookie (every browser after its first page), and a
// request without it takes the whole way and gets its cookie, as today.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Hono } from 'hono'
import { contentLang } from '../i18n/to-hk'
import { CSRF_COOKIE } from '../accounts/session'
import { answerBytes, answerCache, publicAnswerKey } from './route'
import { securityHeaders } from './security-headers'

/** Answers the request when it can and says so; false: nothing was written, the app answers. */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean

/**
 * Whether `cookieHeader` holds a non-empty cookie `name`, as hono's getCookie reads it (the first of that
 * name; an empty value is no cookie) — without parsing every cookie of every request.
 */
export function hasCookie(cookieHeader: string | undefined, name: string): boolean {
  if (!cookieHeader) return false
  let from = 0
  for (;;) {
    const at = cookieHeader.indexOf(name, from)
    if (at < 0) return false
    from = at + name.length
    const before = at === 0 ? ';' : cookieHeader[at - 1]
    // the first cookie of that name is the one read (as hono's parser does): empty there is no cookie
    if ((before === ';' || before === ' ') && cookieHeader[from] === '=') return from + 1 < cookieHeader.length && cookieHeader[from + 1] !== ';'
  }
}

/**
 * The fast path of an app made by createApp. `env`: TRUST_PROXY=1 lets X-Forwarded-Proto say the
 * reader is on https, where the CSRF cookie is `__Host-csrf_token` (server/accounts/session.ts).
 */
export function fastPublicAnswers(app: Hono, csp: string, env: Record<string, string | undefined>): FastPath {
  const security = securityHeaders(csp)
  const trustProxy = env.TRUST_PROXY === '1'
  const withSecurity = new WeakMap<object, Record<string, string>>()
  return (req, res) => {
    if (req.method !== 'GET') return false
    const url = req.url
    if (url === undefined) return false
    const lang = contentLang(req.headers['client-lang'] as string | undefined)
    const answer = answerCache(app).peek(publicAnswerKey(lang, req.headers.host, url))
    if (!answer) return false
    if (answer.afterCsrf) {
      const proto = trustProxy ? (req.headers['x-forwarded-proto'] as string | undefined)?.split(',')[0]?.trim().toLowerCase() : undefined
      if (!hasCookie(req.headers.cookie, proto === 'https' ? `__Host-${CSRF_COOKIE}` : CSRF_COOKIE)) return false
    }
    const sent = answerBytes(answer, req.headers['accept-encoding'] as string | undefined)
    // the whole header set made once per answer and encoding (answerBytes keeps the bytes the same way)
    let made = withSecurity.get(sent)
    if (!made) withSecurity.set(sent, (made = { ...sent.headers, ...security }))
    res.writeHead(answer.status, made)
    res.end(sent.body)
    return true
  }
}
