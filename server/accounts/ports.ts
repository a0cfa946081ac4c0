// Third-party services of the accounts feature as ports (design.md: a real adapter and a local
// default that behaves like the service). The local defaults keep what they 'send' in the outbox
// table: the developer reads it on /dev/outbox and in the server log — never in production mode.
// Which adapter is live is chosen once at start-up from the environment (selectPortKinds); with
// nothing configured every port is the local default.
import type { Db } from '../db/db'
import { ApiError } from '../http/api-error'
import { accountsDb } from './tables'

export interface SmsPort {
  /** `params` are the template's parameters (the code, the minutes it lives) for template-based services. */
  send(to: { countryCode: string; phone: string }, text: string, params?: readonly string[]): Promise<void>
}
export interface EmailPort {
  send(to: string, subject: string, text: string): Promise<void>
}

export interface CaptchaAnswer {
  challenge?: string | undefined
  validate?: string | undefined
  seccode?: string | undefined
}
export interface CaptchaParams {
  gt: string
  challenge: string
  success: number
  new_captcha: boolean
}
export interface CaptchaPort {
  /** gt-init: a challenge bound to `target` (a phone key). */
  init(target: string, ip: string, now: number): Promise<CaptchaParams>
  /** Whether `answer` is a solved challenge for `target`; spends it. */
  verify(target: string, answer: CaptchaAnswer, now: number): Promise<boolean>
}

export interface WechatProfile {
  openid: string
  nick: string
  avatar: string
}
export interface WechatPort {
  /** The URL of the QR login page for `state`; `origin` is this server's. */
  qrUrl(state: string, origin: string): string
  /** Exchanges an authorization code for the person's profile; throws ApiError on failure. */
  exchange(code: string): Promise<WechatProfile>
}

export interface AccountPorts {
  sms: SmsPort
  email: EmailPort
  /** absent: the local slider (server/accounts/codes.ts) */
  captcha?: CaptchaPort
  /** absent: the local simulated OAuth pages */
  wechat?: WechatPort
  /** whether the local defaults may show what they sent (dev page, log) */
  showOutbox: boolean
}

export type Env = Record<string, string | undefined>
export const isProduction = (env: Env) => env.NODE_ENV === 'production'

/** An upstream service failed: a clear Chinese message for the person, never its internals. */
export class UpstreamError extends ApiError {
  constructor(
    message: string,
    /** for the server log only */
    readonly detail: string,
  ) {
    super(502, message)
    this.name = 'UpstreamError'
    if (process.env.VITEST !== 'true') console.error(`[accounts upstream] ${detail}`)
  }
}

export const UPSTREAM_MESSAGES = {
  sms: '短信发送失败，请稍后再试',
  smsPhone: '该手机号暂时无法接收短信，请检查号码后重试',
  smsTooMany: '短信发送过于频繁，请稍后再试',
  email: '邮件发送失败，请稍后再试',
  wechat: '微信登录失败，请稍后再试',
} as const

// --- choosing the adapters --------------------------------------------------------------------

export const PORT_ENV = {
  sms: ['TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SECRET_KEY', 'TENCENT_SMS_SDK_APP_ID', 'TENCENT_SMS_SIGN_NAME', 'TENCENT_SMS_TEMPLATE_ID'],
  email: ['SMTP_URL', 'MAIL_FROM'],
  captcha: ['GEETEST_ID', 'GEETEST_KEY'],
  wechat: ['WECHAT_APP_ID', 'WECHAT_APP_SECRET'],
} as const

export interface PortKinds {
  sms: 'local' | 'tencent'
  email: 'local' | 'smtp'
  captcha: 'local' | 'geetest'
  wechat: 'local' | 'wechat'
}

/**
 * env → adapter kinds. A service is real when all its variables are set, local when none is; a
 * half-configured service is a start-up error naming the missing variables (never a silent local
 * default in front of real users). TENCENT_SMS_REGION is optional (ap-guangzhou).
 */
export function selectPortKinds(env: Env): PortKinds {
  const pick = <K extends keyof typeof PORT_ENV>(port: K): boolean => {
    const names = PORT_ENV[port]
    const set = names.filter((n) => (env[n] ?? '').trim() !== '')
    if (set.length === 0) return false
    if (set.length < names.length) {
      throw new Error(`accounts: ${port} is half configured; missing ${names.filter((n) => !set.includes(n as never)).join(', ')}`)
    }
    return true
  }
  return {
    sms: pick('sms') ? 'tencent' : 'local',
    email: pick('email') ? 'smtp' : 'local',
    captcha: pick('captcha') ? 'geetest' : 'local',
    wechat: pick('wechat') ? 'wechat' : 'local',
  }
}

/** The start-up line naming the live adapters (kinds only, never a secret). */
export const adaptersLogLine = (k: PortKinds) => `[accounts] adapters: sms=${k.sms} email=${k.email} captcha=${k.captcha} wechat=${k.wechat}`

// --- the local defaults -----------------------------------------------------------------------

function outboxWriter(db: Db, clock: () => number, channel: 'sms' | 'email', log: boolean) {
  return async (target: string, text: string) => {
    await accountsDb(db).insertInto('outbox').values({ channel, target, text, created_at: clock() }).execute()
    if (log && process.env.VITEST !== 'true') console.log(`[outbox ${channel}] to ${target}: ${text}`)
  }
}

export function localPorts(db: Db, clock: () => number, env: Env): AccountPorts {
  const show = !isProduction(env)
  const sms = outboxWriter(db, clock, 'sms', show)
  const email = outboxWriter(db, clock, 'email', show)
  // production never starts without real adapters (server/mode.ts); should one still be missing,
  // the stand-in fails the request loudly instead of dropping the code in a hidden outbox
  const refuse = (port: 'sms' | 'email') => {
    throw new UpstreamError(UPSTREAM_MESSAGES[port], `production mode has no real ${port} adapter`)
  }
  return {
    sms: { send: async (to, text) => (isProduction(env) ? refuse('sms') : sms(`${to.countryCode} ${to.phone}`, text)) },
    email: { send: async (to, subject, text) => (isProduction(env) ? refuse('email') : email(to, `${subject}：${text}`)) },
    showOutbox: show,
  }
}

/** The accounts sandboxes that run in local mode with this environment (the start-up line names them). */
export function accountSandboxes(kinds: PortKinds): string[] {
  return (['sms', 'email', 'wechat', 'captcha'] as const).filter((k) => kinds[k] === 'local')
}

/** The services' dependencies, built once by the routes: the database, the app's clock and the ports. */
export interface AccountsDeps {
  db: Db
  clock: () => number
  ports: AccountPorts
}

/** What the local defaults sent, newest first (50), optionally to one target: for /dev/outbox. */
export async function outboxMessages(db: Db, target?: string) {
  const rows = await accountsDb(db).selectFrom('outbox').selectAll().$if(!!target, (qb) => qb.where('target', '=', target!)).orderBy('id', 'desc').limit(50).execute()
  return rows.map((r) => ({ id: r.id, channel: r.channel, target: r.target, text: r.text, createdAt: r.created_at }))
}
