// The real adapter of the storage port: any S3-compatible service (AWS S3, Tencent COS, Aliyun OSS,
// MinIO), path-style requests signed with AWS Signature Version 4 (UNSIGNED-PAYLOAD, so a file is
// streamed from disk with its Content-Length and never read twice). Written on node:https rather
// than an SDK: three calls (PUT, GET, DELETE) do not need one; the signer is checked against AWS's
// published example (s3-storage.test.ts).
import { createHash, createHmac } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { STORAGE_KEY, type StoragePort } from './storage-port'

export interface S3Settings {
  /** https://s3.ap-east-1.amazonaws.com, https://cos.ap-hongkong.myqcloud.com, http://127.0.0.1:9000… */
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest()
/** RFC 3986 encoding of one path segment, as SigV4 wants it. */
const encodeSegment = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/** SigV4 `Authorization` for a request; `headers` are the ones signed (lower-case names), host included. */
export function signV4(input: {
  method: string
  path: string
  headers: Record<string, string>
  amzDate: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  payloadHash: string
}): string {
  const names = Object.keys(input.headers).map((h) => h.toLowerCase()).sort()
  const lower = Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v]))
  const canonicalHeaders = names.map((h) => `${h}:${String(lower[h]).trim().replace(/\s+/g, ' ')}\n`).join('')
  const signedHeaders = names.join(';')
  const canonicalRequest = [input.method, input.path, '', canonicalHeaders, signedHeaders, input.payloadHash].join('\n')
  const day = input.amzDate.slice(0, 8)
  const scope = `${day}/${input.region}/s3/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256(canonicalRequest)].join('\n')
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'), 'aws4_request')
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex')
  return `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`
}

const amzDateOf = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')

export function s3Storage(settings: S3Settings, now: () => Date = () => new Date()): StoragePort {
  const base = new URL(settings.endpoint)
  const send = (method: 'PUT' | 'GET' | 'HEAD' | 'DELETE', key: string, extra: Record<string, string> = {}, body?: NodeJS.ReadableStream) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      if (!STORAGE_KEY.test(key)) throw new Error(`bad storage key ${JSON.stringify(key)}`)
      const path = `${base.pathname.replace(/\/$/, '')}/${encodeSegment(settings.bucket)}/${key.split('/').map(encodeSegment).join('/')}`
      const amzDate = amzDateOf(now())
      const headers: Record<string, string> = { host: base.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD', 'x-amz-date': amzDate, ...extra }
      headers.authorization = signV4({ method, path, headers, amzDate, region: settings.region, accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, payloadHash: 'UNSIGNED-PAYLOAD' })
      const req = (base.protocol === 'https:' ? httpsRequest : httpRequest)(
        { method, hostname: base.hostname, port: base.port || undefined, path, headers, timeout: 60_000 },
        resolve,
      )
      req.on('error', reject)
      req.on('timeout', () => req.destroy(new Error('object storage timed out')))
      if (body) body.pipe(req)
      else req.end()
    })
  const drain = async (res: IncomingMessage) => {
    let text = ''
    for await (const chunk of res) text += String(chunk)
    return text.slice(0, 300)
  }
  return {
    kind: 's3',
    async put(key, file) {
      const res = await send('PUT', key, { 'content-length': String(file.size), 'content-type': file.contentType }, createReadStream(file.path))
      if (res.statusCode !== 200) throw new Error(`object storage PUT answered ${res.statusCode}: ${await drain(res)}`)
      await drain(res)
    },
    async get(key, range) {
      if (!STORAGE_KEY.test(key)) return null
      // a range is asked of the service itself (S3 GetObject takes HTTP's Range and answers 206)
      const res = await send('GET', key, range ? { range: `bytes=${range.start}-${range.end}` } : {})
      if (res.statusCode === 404) {
        await drain(res)
        return null
      }
      if (res.statusCode !== (range ? 206 : 200)) throw new Error(`object storage GET answered ${res.statusCode}: ${await drain(res)}`)
      // 206: Content-Range `bytes 0-9/1234` carries the whole size
      const total = range ? /\/(\d+)$/.exec(String(res.headers['content-range'] ?? ''))?.[1] : undefined
      return { body: res, size: Number(total ?? res.headers['content-length'] ?? 0) }
    },
    async head(key) {
      if (!STORAGE_KEY.test(key)) return null
      const res = await send('HEAD', key)
      await drain(res)
      if (res.statusCode === 404) return null
      if (res.statusCode !== 200) throw new Error(`object storage HEAD answered ${res.statusCode}`)
      return { size: Number(res.headers['content-length'] ?? 0) }
    },
    async delete(key) {
      if (!STORAGE_KEY.test(key)) return
      const res = await send('DELETE', key)
      await drain(res)
    },
  }
}
