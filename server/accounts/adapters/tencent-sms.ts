// SmsPort over Tencent Cloud SMS API 3.0 (SendSms, version 2021-01-11), signed with TC3-HMAC-SHA256
// (https://cloud.tencent.com/document/api/382/52072 and the signing page 'v3 签名方法').
import { createHash, createHmac } from 'node:crypto'
import { UPSTREAM_MESSAGES, UpstreamError, type SmsPort } from '../ports'

export interface TencentSmsConfig {
  secretId: string
  secretKey: string
  sdkAppId: string
  signName: string
  templateId: string
  region: string
}

export const TENCENT_SMS_HOST = 'sms.tencentcloudapi.com'
const SERVICE = 'sms'
const VERSION = '2021-01-11'
const CONTENT_TYPE = 'application/json; charset=utf-8'

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex')
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s, 'utf8').digest()

/** The Authorization header of a POST / with a JSON body, per the TC3-HMAC-SHA256 algorithm. */
export function tc3Authorization(a: { secretId: string; secretKey: string; service: string; host: string; action: string; payload: string; timestamp: number }): string {
  const date = new Date(a.timestamp * 1000).toISOString().slice(0, 10)
  const signedHeaders = 'content-type;host;x-tc-action'
  const canonicalHeaders = `content-type:${CONTENT_TYPE}\nhost:${a.host}\nx-tc-action:${a.action.toLowerCase()}\n`
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256(a.payload)].join('\n')
  const scope = `${date}/${a.service}/tc3_request`
  const stringToSign = ['TC3-HMAC-SHA256', String(a.timestamp), scope, sha256(canonicalRequest)].join('\n')
  const signing = hmac(hmac(hmac(`TC3${a.secretKey}`, date), a.service), 'tc3_request')
  const signature = createHmac('sha256', signing).update(stringToSign, 'utf8').digest('hex')
  return `TC3-HMAC-SHA256 Credential=${a.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`
}

interface SendSmsAnswer {
  Response?: {
    Error?: { Code?: string; Message?: string }
    SendStatusSet?: { Code?: string; Message?: string; PhoneNumber?: string }[]
    RequestId?: string
  }
}

/** Tencent's error codes that mean something the person can act on. */
function messageFor(code: string): string {
  if (/LimitExceeded/i.test(code)) return UPSTREAM_MESSAGES.smsTooMany
  if (/PhoneNumber|MobileNumber/i.test(code)) return UPSTREAM_MESSAGES.smsPhone
  return UPSTREAM_MESSAGES.sms
}

export function tencentSms(cfg: TencentSmsConfig, deps: { fetch: typeof fetch; now: () => number }): SmsPort {
  return {
    async send(to, _text, params) {
      if (!params || params.length === 0) throw new UpstreamError(UPSTREAM_MESSAGES.sms, 'tencent sms: no template parameters')
      const payload = JSON.stringify({
        PhoneNumberSet: [`+${to.countryCode}${to.phone}`],
        SmsSdkAppId: cfg.sdkAppId,
        SignName: cfg.signName,
        TemplateId: cfg.templateId,
        TemplateParamSet: [...params],
      })
      const timestamp = Math.floor(deps.now() / 1000)
      const headers = {
        Authorization: tc3Authorization({ secretId: cfg.secretId, secretKey: cfg.secretKey, service: SERVICE, host: TENCENT_SMS_HOST, action: 'SendSms', payload, timestamp }),
        'Content-Type': CONTENT_TYPE,
        Host: TENCENT_SMS_HOST,
        'X-TC-Action': 'SendSms',
        'X-TC-Timestamp': String(timestamp),
        'X-TC-Version': VERSION,
        'X-TC-Region': cfg.region,
      }
      let answer: SendSmsAnswer
      try {
        const res = await deps.fetch(`https://${TENCENT_SMS_HOST}/`, { method: 'POST', headers, body: payload })
        if (!res.ok) throw new Error(`HTTP ${res.status}`)
        answer = (await res.json()) as SendSmsAnswer
      } catch (error) {
        throw new UpstreamError(UPSTREAM_MESSAGES.sms, `tencent sms: ${(error as Error).message}`)
      }
      const err = answer.Response?.Error
      if (err) throw new UpstreamError(messageFor(err.Code ?? ''), `tencent sms: ${err.Code} ${err.Message} (${answer.Response?.RequestId})`)
      const status = answer.Response?.SendStatusSet?.[0]
      if (!status || status.Code !== 'Ok') {
        throw new UpstreamError(messageFor(status?.Code ?? ''), `tencent sms: ${status?.Code ?? 'no status'} ${status?.Message ?? ''}`)
      }
    },
  }
}
