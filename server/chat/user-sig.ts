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

const hmac = (key: SigKey, identifier: string, time: number, expire: number): string =>
  createHmac('sha256', key.secret)
    .update(`TLS.identifier:${identifier}\nTLS.sdkappid:${key.sdkAppId}\nTLS.time:${time}\nTLS.expire:${expire}\n`)
    .digest('base64')

/** TLSSigAPIv2 genUserSig: `nowSeconds` is the signing time, `expire` its lifetime in seconds. */
export function genUserSig(key: SigKey, identifier: string, expire: number, nowSeconds: number): string {
  const doc = {
    'TLS.ver': '2.0',
    'TLS.identifier': identifier,
    'TLS.sdkappid': key.sdkAppId,
    'TLS.expire': expire,
    'TLS.time': nowSeconds,
    'TLS.sig': hmac(key, identifier, nowSeconds, expire),
  }
  return escape(deflateSync(Buffer.from(JSON.stringify(doc))).toString('base64'))
}

/** Checks a UserSig for this identifier: signed with our key, for our app, and not expired. */
export function verifyUserSig(key: SigKey, identifier: string, userSig: string, nowSeconds: number): boolean {
  if (userSig.length === 0 || userSig.length > 1024) return false
  let doc: Record<string, unknown>
  try {
    doc = JSON.parse(inflateSync(Buffer.from(unescape(userSig), 'base64'), { maxOutputLength: 4096 }).toString('utf8')) as Record<string, unknown>
  } catch {
    return false
  }
  const time = doc['TLS.time']
  const expire = doc['TLS.expire']
  const sig = doc['TLS.sig']
  if (doc['TLS.identifier'] !== identifier || doc['TLS.sdkappid'] !== key.sdkAppId) return false
  if (typeof time !== 'number' || typeof expire !== 'number' || typeof sig !== 'string') return false
  if (nowSeconds > time + expire || time > nowSeconds + 300) return false
  const want = Buffer.from(hmac(key, identifier, time, expire))
  const got = Buffer.from(sig)
  return want.length === got.length && timingSafeEqual(want, got)
}
