// Which WeCom runs, from the environment (as select-storage.ts does for storage):
//  - WECOM_CORP_ID, WECOM_AGENT_ID, WECOM_SECRET all set → the real adapter (qyapi.ts) against
//    qyapi.weixin.qq.com; optional WECOM_CORP_NAME (the company's name on the pages) and
//    WECOM_REDIRECT_ORIGIN (the public origin WeCom redirects to: its trusted domain);
//  - none set → the local sandbox: the same adapter over the in-process stand-in of the service
//    (qyapi-fake.ts with fixtures/wecom.ts) and the sandbox's login page (/oauth-local/wecom/…),
//    which answers only in the local mode and on loopback (server/wecom/routes.ts);
//  - some set → a start-up error naming the missing ones (never a silent sandbox).
// Production (server/main.ts) refuses to start without the real adapter's settings.
import { modeOf, type Env } from '../mode'
import { qyapiWecom } from './qyapi'
import { fakeQyapi, SANDBOX_COMPANY, type FakeQyapi } from './qyapi-fake'
import type { WecomPort } from './wecom-port'

export const WECOM_ENV = ['WECOM_CORP_ID', 'WECOM_AGENT_ID', 'WECOM_SECRET'] as const

/** The sandbox's login pages, on this server (routes.ts serves them). */
export const WECOM_SANDBOX_PREFIX = '/oauth-local/wecom'

const set = (env: Env, name: string) => (env[name] ?? '').trim() !== ''

/** 'real' with every setting, 'sandbox' with none; throws on half a configuration. */
export function wecomKind(env: Env): 'real' | 'sandbox' {
  const given = WECOM_ENV.filter((n) => set(env, n))
  if (given.length === 0) return 'sandbox'
  if (given.length < WECOM_ENV.length) throw new Error(`wecom: half configured; missing ${WECOM_ENV.filter((n) => !set(env, n)).join(', ')}`)
  return 'real'
}

/** null when this environment may start; else the line to print (production without the real WeCom). */
export function wecomRefusal(env: Env): string | null {
  if (modeOf(env) !== 'production' || WECOM_ENV.every((n) => set(env, n))) return null
  return `production mode needs the real WeCom adapter; missing: ${WECOM_ENV.filter((n) => !set(env, n)).join(', ')}`
}

export interface SelectedWecom {
  port: WecomPort
  /** the sandbox's stand-in of the service (its login page issues codes through it); absent when real */
  sandbox?: FakeQyapi
}

export function wecomFromEnv(env: Env, deps: { fetch: typeof fetch; clock: () => number }): SelectedWecom {
  if (wecomKind(env) === 'real') {
    const port = qyapiWecom(
      {
        corpId: env.WECOM_CORP_ID!.trim(),
        agentId: env.WECOM_AGENT_ID!.trim(),
        secret: env.WECOM_SECRET!.trim(),
        corpName: env.WECOM_CORP_NAME?.trim() || undefined,
        publicOrigin: env.WECOM_REDIRECT_ORIGIN?.trim().replace(/\/+$/, '') || undefined,
      },
      { fetch: deps.fetch, now: deps.clock },
    )
    return { port }
  }
  const sandbox = fakeQyapi(SANDBOX_COMPANY, deps.clock)
  const port = qyapiWecom(
    {
      corpId: SANDBOX_COMPANY.corpid,
      agentId: SANDBOX_COMPANY.agentid,
      secret: SANDBOX_COMPANY.corpsecret,
      corpName: SANDBOX_COMPANY.name,
      pages: (origin) => ({ sso: `${origin}${WECOM_SANDBOX_PREFIX}/wwlogin/sso/login`, oauth2: `${origin}${WECOM_SANDBOX_PREFIX}/connect/oauth2/authorize` }),
    },
    { fetch: sandbox.fetch, now: deps.clock },
  )
  return { port, sandbox }
}
