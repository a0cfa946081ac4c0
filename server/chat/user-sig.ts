// The messaging service's login signature (UserSig), computed on the server only — never in the
// browser (the secret would leak). The algorithm is Tencent Cloud Chat's TLSSigAPIv2: an
// HMAC-SHA256 over the identifier, app id, time and expiry, in a JSON deflated and written in
// base64 with + / = replaced by * - _. Our local messaging service checks the same signature with
// its own secret, so both services sign in the same way.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { deflateSync, inflateSync } from 'node:zlib'

export interface SigKey {
  readonly sdkAppId: number
  readonly secret: string
}

const escape = (b64: string): string => b64.replace(/\+/g, '*').replace(/\//g, '-').replace(/=/g, '_')
const unescape = (s: string): string => s.replace(/\*/g, '+').replace(/-/g, '/').replace(/_/g, '=')

// TLSSigAPIv2's userbuf (signed with the rest when present) carries, for our local relay, the
// session the UserSig was issued to, so it ends with that session (issue 23).
const hmac = (key: SigKey, identifier: string, time: number, expire: number, userbuf: string | null): string =>
  createHmac('sha256', key.secret)
    .update(`TLS.identifier:${identifier}\nTLS.sdkappid:${key.sdkAppId}\nTLS.time:${time}\nTLS.expire:${expire}\n${userbuf === null ? '' : `TLS.userbuf:${userbuf}\n`}`)
    .digest('base64')

/** TLSSigAPIv2 genUserSig: `nowSeconds` is the signing time, `expire` its lifetime in seconds; `userbuf` optional signed data. */
export function genUserSig(key: SigKey, identifier: string, expire: number, nowSeconds: number, userbuf?: string): string {
  const buf = userbuf === undefined ? null : Buffer.from(userbuf).toString('base64')
  const doc = {
    'TLS.ver': '2.0',
    'TLS.identifier': identifier,
    'TLS.sdkappid': key.sdkAppId,
    'TLS.expire': expire,
    'TLS.time': nowSeconds,
    ...(buf === null ? {} : { 'TLS.userbuf': buf }),
    'TLS.sig': hmac(key, identifier, nowSeconds, expire, buf),
  }
  return escape(deflateSync(Buffer.from(JSON.stringify(doc))).toString('base64'))
}

/** Reads a UserSig for this identifier: signed with our key, for our app, and not expired; answers its userbuf (null when none), or null when invalid. */
export function readUserSig(key: SigKey, identifier: string, userSig: string, nowSeconds: number): { userbuf: string | null } | null {
  if (userSig.length === 0 || userSig.length > 1024) return null
  let doc: Record<string, unknown>
  try {
    doc = JSON.parse(inflateSync(Buffer.from(unescape(userSig), 'base64'), { maxOutputLength: 4096 }).toString('utf8')) as Record<string, unknown>
  } catch {
    return null
  }
  if (typeof doc !== 'object' || doc === null) return null
  const time = doc['TLS.time']
  const expire = doc['TLS.expire']
  const sig = doc['TLS.sig']
  const buf = doc['TLS.userbuf'] ?? null
  if (doc['TLS.identifier'] !== identifier || doc['TLS.sdkappid'] !== key.sdkAppId) return null
  if (typeof time !== 'number' || typeof expire !== 'number' || typeof sig !== 'string' || (buf !== null && typeof buf !== 'string')) return null
  if (nowSeconds > time + expire || time > nowSeconds + 300) return null
  const want = Buffer.from(hmac(key, identifier, time, expire, buf))
  const got = Buffer.from(sig)
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null
  return { userbuf: buf === null ? null : Buffer.from(buf, 'base64').toString('utf8') }
}

/** Checks a UserSig for this identifier: signed with our key, for our app, and not expired. */
export const verifyUserSig = (key: SigKey, identifier: string, userSig: string, nowSeconds: number): boolean =>
  readUserSig(key, identifier, userSig, nowSeconds) !== null
