import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { UPSTREAM_MESSAGES, UpstreamError } from '../ports'
import { tc3Authorization, tencentSms } from './tencent-sms'

const cfg = { secretId: 'AKIDtestid', secretKey: 'testsecretkey', sdkAppId: '1400000001', signName: '港美汇', templateId: '123456', region: 'ap-guangzhou' }
const NOW = Date.UTC(2026, 10, 22, 3, 4, 5) // 2026-11-22T03:04:05Z
const TS = NOW / 1000

/**
 * The documented TC3-HMAC-SHA256 steps written out again, independently of the adapter: canonical
 * request, string to sign, the derived key chain, and the Authorization header.
 */
function referenceSignature(payload: string): string {
  const h = (s: string) => createHash('sha256').update(s).digest('hex')
  const canonical =
    'POST\n' +
    '/\n' +
    '\n' +
    'content-type:application/json; charset=utf-8\n' +
    'host:sms.tencentcloudapi.com\n' +
    'x-tc-action:sendsms\n' +
    '\n' +
    'content-type;host;x-tc-action\n' +
    h(payload)
  const toSign = `TC3-HMAC-SHA256\n${TS}\n2026-11-22/sms/tc3_request\n${h(canonical)}`
  const kDate = createHmac('sha256', 'TC3testsecretkey').update('2026-11-22').digest()
  const kService = createHmac('sha256', kDate).update('sms').digest()
  const kSigning = createHmac('sha256', kService).update('tc3_request').digest()
  return createHmac('sha256', kSigning).update(toSign).digest('hex')
}

function fakeFetch(answer: unknown, status = 200) {
  const calls: { url: string; init: RequestInit }[] = []
  const f = (async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } })
  }) as unknown as typeof fetch
  return { f, calls }
}

const ok = { Response: { SendStatusSet: [{ Code: 'Ok', Message: 'send success', PhoneNumber: '+8613800138000' }], RequestId: 'r1' } }

describe('tencent SMS adapter', () => {
  it('sends SendSms with the exact request shape and a TC3 signature matching the documented algorithm', async () => {
    const { f, calls } = fakeFetch(ok)
    await tencentSms(cfg, { fetch: f, now: () => NOW }).send({ countryCode: '86', phone: '13800138000' }, '文本', ['123456', '5'])
    expect(calls).toHaveLength(1)
    const { url, init } = calls[0]!
    expect(url).toBe('https://sms.tencentcloudapi.com/')
    expect(init.method).toBe('POST')
    const body = init.body as string
    expect(JSON.parse(body)).toEqual({
      PhoneNumberSet: ['+8613800138000'],
      SmsSdkAppId: '1400000001',
      SignName: '港美汇',
      TemplateId: '123456',
      TemplateParamSet: ['123456', '5'],
    })
    const headers = init.headers as Record<string, string>
    expect(headers).toMatchObject({
      'Content-Type': 'application/json; charset=utf-8',
      Host: 'sms.tencentcloudapi.com',
      'X-TC-Action': 'SendSms',
      'X-TC-Timestamp': String(TS),
      'X-TC-Version': '2021-01-11',
      'X-TC-Region': 'ap-guangzhou',
    })
    expect(headers.Authorization).toBe(
      `TC3-HMAC-SHA256 Credential=AKIDtestid/2026-11-22/sms/tc3_request, SignedHeaders=content-type;host;x-tc-action, Signature=${referenceSignature(body)}`,
    )
  })

  it('signs a fixed vector the same way as the reference computation', () => {
    const payload = '{"PhoneNumberSet":["+8613800138000"]}'
    const auth = tc3Authorization({ secretId: 'AKIDtestid', secretKey: 'testsecretkey', service: 'sms', host: 'sms.tencentcloudapi.com', action: 'SendSms', payload, timestamp: TS })
    expect(auth.endsWith(`Signature=${referenceSignature(payload)}`)).toBe(true)
    expect(referenceSignature(payload)).toMatch(/^[0-9a-f]{64}$/)
    // any change in the payload changes the signature
    expect(auth).not.toContain(referenceSignature(payload + ' '))
  })

  it('maps an API error to a clear Chinese message without internals', async () => {
    const { f } = fakeFetch({ Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' }, RequestId: 'r2' } })
    const err = await tencentSms(cfg, { fetch: f, now: () => NOW }).send({ countryCode: '86', phone: '13800138000' }, 't', ['1', '5']).catch((e) => e)
    expect(err).toBeInstanceOf(UpstreamError)
    expect(err.status).toBe(502)
    expect(err.message).toBe(UPSTREAM_MESSAGES.sms)
    expect(err.message).not.toMatch(/credentials|Auth/)
  })

  it('maps a per-number status failure (bad number, frequency limit)', async () => {
    const bad = fakeFetch({ Response: { SendStatusSet: [{ Code: 'InvalidParameterValue.IncorrectPhoneNumber', Message: 'x' }] } })
    await expect(tencentSms(cfg, { fetch: bad.f, now: () => NOW }).send({ countryCode: '86', phone: '1' }, 't', ['1'])).rejects.toMatchObject({ message: UPSTREAM_MESSAGES.smsPhone })
    const many = fakeFetch({ Response: { SendStatusSet: [{ Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'x' }] } })
    await expect(tencentSms(cfg, { fetch: many.f, now: () => NOW }).send({ countryCode: '86', phone: '1' }, 't', ['1'])).rejects.toMatchObject({ message: UPSTREAM_MESSAGES.smsTooMany })
  })

  it('maps a network failure and an HTTP error to the SMS message', async () => {
    const down = (async () => {
      throw new TypeError('fetch failed: ECONNREFUSED 1.2.3.4')
    }) as unknown as typeof fetch
    await expect(tencentSms(cfg, { fetch: down, now: () => NOW }).send({ countryCode: '86', phone: '1' }, 't', ['1'])).rejects.toMatchObject({ status: 502, message: UPSTREAM_MESSAGES.sms })
    const http = fakeFetch('bad gateway', 502)
    await expect(tencentSms(cfg, { fetch: http.f, now: () => NOW }).send({ countryCode: '86', phone: '1' }, 't', ['1'])).rejects.toMatchObject({ message: UPSTREAM_MESSAGES.sms })
  })

  it('refuses to send without template parameters (nothing is sent)', async () => {
    const { f, calls } = fakeFetch(ok)
    await expect(tencentSms(cfg, { fetch: f, now: () => NOW }).send({ countryCode: '86', phone: '1' }, 't')).rejects.toBeInstanceOf(UpstreamError)
    expect(calls).toHaveLength(0)
  })
})
