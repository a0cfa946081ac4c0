// Which messaging service the chat uses, and the key its UserSig is signed with (issue 14).
// Tencent Cloud Chat when TENCENT_IM_SDKAPPID and TENCENT_IM_SECRET are set; otherwise our local
// relay, signed with a secret made when the process starts (a restart asks every client to sign in
// again, which the chat page does on load). Production needs the real service: main.ts refuses to
// start without both settings (CHAT_PRODUCTION_NEEDS, server/mode.ts).
import { randomBytes } from 'node:crypto'
import type { Env } from '../mode'
import type { SigKey } from './user-sig'

export const CHAT_PRODUCTION_NEEDS = { 'Tencent Cloud Chat': ['TENCENT_IM_SDKAPPID', 'TENCENT_IM_SECRET'] } as const

/** The local relay's app id (any number; Tencent's start at 1400000000). */
export const LOCAL_SDK_APP_ID = 1

export interface ChatConfig {
  readonly service: 'tencent' | 'local'
  readonly key: SigKey
}

const localSecret = randomBytes(32).toString('hex')

export function chatConfig(env: Env): ChatConfig {
  const appId = Number(env.TENCENT_IM_SDKAPPID ?? '')
  const secret = (env.TENCENT_IM_SECRET ?? '').trim()
  if (Number.isInteger(appId) && appId > 0 && secret !== '') return { service: 'tencent', key: { sdkAppId: appId, secret } }
  // several local processes behind one balancer (npm run cluster) share LOCAL_CHAT_SECRET: a UserSig one issued signs in on another
  return { service: 'local', key: { sdkAppId: LOCAL_SDK_APP_ID, secret: env.LOCAL_CHAT_SECRET?.trim() || localSecret } }
}
