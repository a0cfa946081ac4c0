// The storage port's adapters and their selection: SigV4 against AWS's published example, the S3
// adapter's requests against a local HTTP server, the local directory, and production's refusal.
import { createServer, type IncomingMessage } from 'node:http'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { s3Storage, signV4 } from './s3-storage'
import { localStorage } from './local-storage'
import { storageFromEnv, storageRefusal } from './select-storage'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gmh-storage-test-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const KEY = '202611/0123456789abcdef0123456789abcdef.png'
const streamText = async (s: NodeJS.ReadableStream) => {
  let out = ''
  for await (const c of s) out += String(c)
  return out
}

describe('SigV4', () => {
  it("matches AWS's GET Object example (S3 documentation, 'Signature Calculations for the Authorization Header')", () => {
    const auth = signV4({
      method: 'GET',
      path: '/test.txt',
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date': '20130524T000000Z',
      },
      amzDate: '20130524T000000Z',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    })
    expect(auth).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    )
  })
})

describe('the S3 adapter', () => {
  it('PUTs path-style with the length and a signature, GETs the bytes back, DELETEs, 404 → null', async () => {
    const objects = new Map<string, Buffer>()
    const seen: { method: string; url: string; headers: IncomingMessage['headers'] }[] = []
    const server = createServer(async (req, res) => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers })
      const chunks: Buffer[] = []
      for await (const c of req) chunks.push(c as Buffer)
      if (req.method === 'PUT') objects.set(req.url!, Buffer.concat(chunks))
      if (req.method === 'DELETE') objects.delete(req.url!)
      const body = req.method === 'GET' ? objects.get(req.url!) : undefined
      res.statusCode = req.method === 'GET' && !body ? 404 : req.method === 'DELETE' ? 204 : 200
      if (body) res.setHeader('Content-Length', body.length)
      res.end(body)
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    try {
      const port = (server.address() as AddressInfo).port
      const s3 = s3Storage({ endpoint: `http://127.0.0.1:${port}`, bucket: 'gmh', region: 'ap-east-1', accessKeyId: 'AK', secretAccessKey: 'SK' }, () => new Date('2026-11-23T00:00:00Z'))
      const file = join(dir, 'up')
      await writeFile(file, 'hello bytes')
      await s3.put(KEY, { path: file, size: 11, contentType: 'image/png' })
      expect(seen[0]).toMatchObject({ method: 'PUT', url: `/gmh/${KEY}` })
      expect(seen[0]!.headers['content-length']).toBe('11')
      expect(seen[0]!.headers['x-amz-date']).toBe('20261123T000000Z')
      expect(seen[0]!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AK\/20261123\/ap-east-1\/s3\/aws4_request, SignedHeaders=content-length;content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/)
      const got = await s3.get(KEY)
      expect(got?.size).toBe(11)
      expect(await streamText(got!.body)).toBe('hello bytes')
      await s3.delete(KEY)
      expect(await s3.get(KEY)).toBeNull()
      expect(await s3.get('../../etc/passwd')).toBeNull()
    } finally {
      server.close()
    }
  })
})

describe('the local directory', () => {
  it('stores, reads back and deletes under its root; refuses keys that are not ours', async () => {
    const store = localStorage(join(dir, 'root'))
    const file = join(dir, 'tmp1')
    await writeFile(file, 'abc')
    await store.put(KEY, { path: file, size: 3, contentType: 'image/png' })
    expect(await readFile(join(dir, 'root', KEY), 'utf8')).toBe('abc')
    expect(await streamText((await store.get(KEY))!.body)).toBe('abc')
    expect(await store.get('../tmp1')).toBeNull()
    await expect(store.put('../x', { path: file, size: 3, contentType: 'x' })).rejects.toThrow()
    await store.delete(KEY)
    expect(await store.get(KEY)).toBeNull()
  })
})

describe('selection', () => {
  const S3 = { S3_ENDPOINT: 'https://s3.example', S3_BUCKET: 'b', S3_REGION: 'r', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 's' }
  it('S3 when all its settings are there, else the local directory', () => {
    expect(storageFromEnv(S3).kind).toBe('s3')
    expect(storageFromEnv({ ...S3, S3_BUCKET: '' }).kind).toBe('local')
    expect(storageFromEnv({}).kind).toBe('local')
  })
  it('production refuses to start without S3 unless UPLOAD_DIR is set explicitly; local mode never refuses', () => {
    expect(storageRefusal({ NODE_ENV: 'production' })).toMatch(/^production mode needs object storage; missing: S3_ENDPOINT, S3_BUCKET/)
    expect(storageRefusal({ NODE_ENV: 'production', DATA_DIR: '/data' })).not.toBeNull()
    expect(storageRefusal({ NODE_ENV: 'production', UPLOAD_DIR: '/srv/uploads' })).toBeNull()
    expect(storageRefusal({ NODE_ENV: 'production', ...S3 })).toBeNull()
    expect(storageRefusal({})).toBeNull()
  })
})
