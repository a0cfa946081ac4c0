// Builds the accounts ports at start-up: the real adapter for every service the environment
// configures (ports.ts selectPortKinds), the local default for the rest, and one log line naming them.
import type { Db } from '../../db/db'
import { adaptersLogLine, localPorts, selectPortKinds, type AccountPorts, type Env, type PortKinds } from '../ports'
import { databaseChallenges, geetest } from './geetest'
import { smtpEmail, smtpTransport, type MailTransport } from './smtp-email'
import { tencentSms } from './tencent-sms'
import { wechatOpen } from './wechat-open'

export interface LiveDeps {
  fetch: typeof fetch
  log: (line: string) => void
  mailTransport?: (url: string) => MailTransport
}

export function livePorts(db: Db, clock: () => number, env: Env, deps: LiveDeps): { ports: AccountPorts; kinds: PortKinds } {
  const kinds = selectPortKinds(env)
  const local = localPorts(db, clock, env)
  const v = (name: string) => (env[name] ?? '').trim()
  const ports: AccountPorts = {
    sms:
      kinds.sms === 'tencent'
        ? tencentSms(
            {
              secretId: v('TENCENT_SMS_SECRET_ID'),
              secretKey: v('TENCENT_SMS_SECRET_KEY'),
              sdkAppId: v('TENCENT_SMS_SDK_APP_ID'),
              signName: v('TENCENT_SMS_SIGN_NAME'),
              templateId: v('TENCENT_SMS_TEMPLATE_ID'),
              region: v('TENCENT_SMS_REGION') || 'ap-guangzhou',
            },
            { fetch: deps.fetch, now: clock },
          )
        : local.sms,
    email: kinds.email === 'smtp' ? smtpEmail(v('MAIL_FROM'), (deps.mailTransport ?? smtpTransport)(v('SMTP_URL'))) : local.email,
    // challenges in the database: any server process verifies what another issued (issue 30)
    ...(kinds.captcha === 'geetest' ? { captcha: geetest({ id: v('GEETEST_ID'), key: v('GEETEST_KEY') }, { fetch: deps.fetch, issued: databaseChallenges(db) }) } : {}),
    ...(kinds.wechat === 'wechat'
      ? { wechat: wechatOpen({ appId: v('WECHAT_APP_ID'), secret: v('WECHAT_APP_SECRET'), publicOrigin: v('WECHAT_REDIRECT_ORIGIN') || undefined }, { fetch: deps.fetch }) }
      : {}),
    // the outbox shows only what the local defaults sent; with both real it has nothing to show
    showOutbox: local.showOutbox && (kinds.sms === 'local' || kinds.email === 'local'),
  }
  // with every port on its local default start-up stays at the one `listening on` line (issue 2)
  if (Object.values(kinds).some((k) => k !== 'local')) deps.log(adaptersLogLine(kinds))
  return { ports, kinds }
}
