// Third-party services of the accounts feature as ports (design.md: a real adapter and a local
// default that behaves like the service). The local defaults keep what they 'send' in the outbox
// table: the developer reads it on /dev/outbox and in the server log — never in production mode.
import type { Db } from '../db/db'
import { accountsDb } from './tables'

export interface SmsPort {
  send(to: { countryCode: string; phone: string }, text: string): Promise<void>
}
export interface EmailPort {
  send(to: string, subject: string, text: string): Promise<void>
}

export interface AccountPorts {
  sms: SmsPort
  email: EmailPort
  /** whether the local defaults may show what they sent (dev page, log) */
  showOutbox: boolean
}

export const isProduction = (env: Record<string, string | undefined>) => env.NODE_ENV === 'production'

function outboxWriter(db: Db, clock: () => number, channel: 'sms' | 'email', log: boolean) {
  return async (target: string, text: string) => {
    await accountsDb(db).insertInto('outbox').values({ channel, target, text, created_at: clock() }).execute()
    if (log && process.env.VITEST !== 'true') console.log(`[outbox ${channel}] to ${target}: ${text}`)
  }
}

export function localPorts(db: Db, clock: () => number, env: Record<string, string | undefined>): AccountPorts {
  const show = !isProduction(env)
  const sms = outboxWriter(db, clock, 'sms', show)
  const email = outboxWriter(db, clock, 'email', show)
  return {
    sms: { send: (to, text) => sms(`${to.countryCode} ${to.phone}`, text) },
    email: { send: (to, subject, text) => email(to, `${subject}：${text}`) },
    showOutbox: show,
  }
}
