// CaptchaPort over GeeTest v3 (the gt3 server SDK flow):
//  register: GET api.geetest.com/register.php?gt=ID&json_format=1&new_captcha=1&client_type=web&ip_address=IP
//    → { challenge } of 32 characters when the service is up: the client gets md5(challenge + KEY),
//    success 1. When it is down (error, timeout, bad answer) the offline fallback: a random challenge
//    (md5 + 2 characters), success 0, and the client's widget runs in its offline mode.
//  validate (online): validate must be md5(KEY + 'geetest' + challenge), then POST
//    api.geetest.com/validate.php { seccode, challenge, captchaid, json_format, sdk } answers
//    { seccode: md5(seccode) } when the person really solved it.
//  validate (offline): validate must be md5(challenge).
// Which mode a challenge was issued in is remembered for 10 minutes, bound to its target: in the database
// (issue 30: a challenge issued by one server process is verified by whichever process the reader's next
// request reaches; server/cluster/geetest-shared.test.ts), or in memory for a port on its own (tests).
import { createHash, randomInt } from 'node:crypto'
import { CAPTCHA_TTL_MS } from '../../../core/accounts/limits'
import type { Queryable } from '../../db/queryable'
import { deleteChallengesBefore, insertChallenge, takeChallenge, type IssuedChallenge } from '../geetest-challenges-repository'
import type { CaptchaPort } from '../ports'

/** Where issued challenges are kept: each is taken once. */
export interface IssuedChallenges {
  put(challenge: string, row: IssuedChallenge): Promise<void>
  take(challenge: string): Promise<IssuedChallenge | undefined>
  forgetBefore(at: number): Promise<void>
}

/** In the database: shared by every server process. */
export const databaseChallenges = (db: Queryable): IssuedChallenges => ({
  put: (challenge, row) => insertChallenge(db, challenge, row),
  take: (challenge) => takeChallenge(db, challenge),
  forgetBefore: (at) => deleteChallengesBefore(db, at),
})

/** In this process's memory: for a port on its own (its unit tests). */
export function memoryChallenges(): IssuedChallenges {
  const issued = new Map<string, IssuedChallenge>()
  return {
    put: async (challenge, row) => void issued.set(challenge, row),
    async take(challenge) {
      const row = issued.get(challenge)
      issued.delete(challenge)
      return row
    },
    async forgetBefore(at) {
      for (const [c, v] of issued) if (v.at < at) issued.delete(c)
    },
  }
}

export const GEETEST_API = 'https://api.geetest.com'
export const GEETEST_SDK = 'node-gmh-1.0'
const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex')

export function geetest(cfg: { id: string; key: string }, deps: { fetch: typeof fetch; timeoutMs?: number; issued?: IssuedChallenges }): CaptchaPort {
  const issued = deps.issued ?? memoryChallenges()
  const timeout = deps.timeoutMs ?? 3000

  const register = async (ip: string): Promise<string | null> => {
    const q = new URLSearchParams({ gt: cfg.id, json_format: '1', new_captcha: '1', client_type: 'web', ip_address: ip })
    try {
      const res = await deps.fetch(`${GEETEST_API}/register.php?${q}`, { signal: AbortSignal.timeout(timeout) })
      if (!res.ok) return null
      const body = (await res.json()) as { challenge?: unknown }
      return typeof body.challenge === 'string' && body.challenge.length === 32 ? body.challenge : null
    } catch {
      return null
    }
  }

  return {
    async init(target, ip, now) {
      await issued.forgetBefore(now - CAPTCHA_TTL_MS)
      const raw = await register(ip)
      const online = raw !== null
      const challenge = online ? md5(raw + cfg.key) : md5(String(randomInt(0, 100))) + md5(String(randomInt(0, 100))).slice(0, 2)
      await issued.put(challenge, { target, online, at: now })
      return { gt: cfg.id, challenge, success: online ? 1 : 0, new_captcha: true }
    },
    async verify(target, answer, now) {
      const { challenge, validate, seccode } = answer
      if (!challenge || !validate || !seccode) return false
      // one use, whatever the verdict: taken (deleted) as it is read
      const row = await issued.take(challenge)
      if (!row || row.target !== target || now - row.at > CAPTCHA_TTL_MS) return false
      if (!row.online) return validate === md5(challenge)
      if (validate !== md5(cfg.key + 'geetest' + challenge)) return false
      const body = new URLSearchParams({ seccode, challenge, captchaid: cfg.id, json_format: '1', sdk: GEETEST_SDK })
      try {
        const res = await deps.fetch(`${GEETEST_API}/validate.php`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
          signal: AbortSignal.timeout(timeout),
        })
        if (!res.ok) return false
        const back = (await res.json()) as { seccode?: unknown }
        return back.seccode === md5(seccode)
      } catch {
        return false // the service is down after the challenge was issued online: fail closed
      }
    },
  }
}
