// Uploads on the real app (issue 12; spec 000 §5, §7, §8): every upload endpoint × {guest, other,
// owner}; images judged by content (lying extensions both ways), the 3,000,000-byte bound, files of
// the accepted types with a matching signature, at most 10, never mixed with images; nothing stored
// when a request is refused; served back with the recorded type, nosniff, attachment for files; the
// 403-with-message case for a muted account.
import { readdir } from 'node:fs/promises'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUploadingClient, type UploadingClient } from '../testing/posting-client'
import { UPLOAD_MESSAGES } from '../../core/validation/upload'
import { MUTED_MESSAGE } from '../posting/permissions'
import { RECEIVE_MESSAGES } from './receive'

let t: UploadingClient
beforeAll(async () => {
  t = await createUploadingClient()
})
afterAll(() => t.close())

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const bytes = (head: readonly number[] | string, size: number) => {
  const b = new Uint8Array(size)
  b.set(typeof head === 'string' ? new TextEncoder().encode(head) : head)
  return b
}
const png = (size = 100) => bytes(PNG, size)
const gif = () => bytes('GIF89a', 64)
const jpg = () => bytes([0xff, 0xd8, 0xff, 0xe0], 64)
const pdf = () => bytes('%PDF-1.7\n', 200)
const html = () => new TextEncoder().encode('<html><script>alert(1)</script></html>')

type Part = [Uint8Array, string]
async function upload(path: string, headers: Record<string, string>, parts: Part[]) {
  const form = new FormData()
  for (const [data, name] of parts) form.append('file', new Blob([data as Uint8Array<ArrayBuffer>]), name)
  const res = await t.app.request(path, { method: 'POST', headers, body: form })
  return { status: res.status, body: (await res.json()) as { statusCode: number; message: string; result: { list: { url: string; name: string; extension: string; kind: string; size: number }[] } | null } }
}
const storedCount = async () => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM uploads`.execute(t.db.kysely)).rows[0]!.n)
const filesOnDisk = async () => (await readdir(t.uploadDir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).length

const IMAGE_PATHS = ['/file/api/file/post-img', '/api/file/dynamic/picture', '/api/file/dynamic/picture/v2', '/api/file/upload/v1']

describe('image uploads', () => {
  it.each(IMAGE_PATHS)('%s: guest 401 (nothing read or stored), other and owner 200', async (path) => {
    const before = await storedCount()
    const g = await upload(path, t.guest, [[png(), 'a.png']])
    expect(g.status).toBe(401)
    expect(g.body.message).toBe('请先登录')
    expect(await storedCount()).toBe(before)
    for (const who of [t.other, t.owner]) {
      const a = await upload(path, who, [[png(), 'a.png']])
      expect(a.status).toBe(200)
      expect(a.body.result!.list).toHaveLength(1)
      expect(a.body.result!.list[0]).toMatchObject({ kind: 'image', extension: 'png', size: 100, name: 'a.png' })
    }
  })

  it('judges by content: a PNG named .txt is a png; HTML named .png is refused', async () => {
    const ok = await upload('/file/api/file/post-img', t.owner, [[png(), 'photo.txt'], [gif(), 'x.jpg'], [jpg(), 'y']])
    expect(ok.status).toBe(200)
    expect(ok.body.result!.list.map((f) => f.extension)).toEqual(['png', 'gif', 'jpg'])
    expect(ok.body.result!.list.every((f) => /^\/file\/\d{6}\/[0-9a-f]{32}\.(png|gif|jpg)$/.test(f.url))).toBe(true)
    const before = await storedCount()
    const lying = await upload('/file/api/file/post-img', t.owner, [[png(), 'ok.png'], [html(), 'evil.png']])
    expect(lying.status).toBe(400)
    expect(lying.body.message).toBe(UPLOAD_MESSAGES.imageType)
    expect(await storedCount()).toBe(before) // all or nothing
  })

  it('3,000,000 bytes pass; one more is refused with the spec message', async () => {
    expect((await upload('/api/file/dynamic/picture', t.owner, [[png(3_000_000), 'big.png']])).status).toBe(200)
    const over = await upload('/api/file/dynamic/picture', t.owner, [[png(3_000_001), 'big.png']])
    expect(over.status).toBe(400)
    expect(over.body.message).toBe(UPLOAD_MESSAGES.imageTooLarge)
  })

  it('at most 9 images in one request', async () => {
    const ten: Part[] = Array.from({ length: 10 }, (_, i) => [png(), `${i}.png`])
    const a = await upload('/file/api/file/post-img', t.owner, ten)
    expect(a.status).toBe(400)
    expect(a.body.message).toBe(UPLOAD_MESSAGES.tooManyImages(9))
    expect((await upload('/file/api/file/post-img', t.owner, ten.slice(0, 9))).status).toBe(200)
  })

  it('serves an image back with its recorded type, nosniff, inline and no scripts', async () => {
    const a = await upload('/file/api/file/post-img', t.owner, [[gif(), 'page.html']])
    const res = await t.app.request(a.body.result!.list[0]!.url)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('image/gif')
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(res.headers.get('Content-Disposition')).toBe('inline')
    expect(res.headers.get('Content-Security-Policy')).toContain('sandbox')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(gif())
    expect((await t.app.request('/file/202611/' + '0'.repeat(32) + '.png')).status).toBe(404)
    expect((await t.app.request('/file/..%2F..%2Fetc/passwd')).status).toBe(404)
  })
})

describe('file uploads', () => {
  it('/api/file/post/pdf: guest 401; owner and other store a PDF, served as an attachment', async () => {
    expect((await upload('/api/file/post/pdf', t.guest, [[pdf(), 'a.pdf']])).status).toBe(401)
    expect((await upload('/api/file/post/pdf', t.other, [[pdf(), 'b.pdf']])).status).toBe(200)
    const a = await upload('/api/file/post/pdf', t.owner, [[pdf(), '年报 <b>.pdf']])
    expect(a.status).toBe(200)
    const f = a.body.result!.list[0]!
    expect(f).toMatchObject({ kind: 'file', extension: 'pdf', name: '年报 <b>.pdf' })
    const res = await t.app.request(f.url)
    expect(res.headers.get('Content-Type')).toBe('application/pdf')
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('年报 <b>.pdf')}`)
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
  })

  it('a lying extension is refused: HTML named .pdf or .txt, a PNG named .docx', async () => {
    for (const part of [[html(), 'report.pdf'], [html(), 'notes.txt'], [bytes('PK', 10), 'x.exe']] as Part[]) {
      const a = await upload('/api/file/post/pdf', t.owner, [part])
      expect(a.status, part[1]).toBe(400)
      expect(a.body.message).toBe(UPLOAD_MESSAGES.fileType)
    }
    const pngAsDocx = await upload('/api/file/post/pdf', t.owner, [[png(), 'a.docx']])
    expect(pngAsDocx.status).toBe(400)
    expect(pngAsDocx.body.message).toBe(UPLOAD_MESSAGES.fileType)
  })

  it('at most 10 files; images and files never in one request (nothing stored)', async () => {
    const eleven: Part[] = Array.from({ length: 11 }, (_, i) => [pdf(), `${i}.pdf`])
    const many = await upload('/api/file/upload/v1', t.owner, eleven)
    expect(many.status).toBe(400)
    expect(many.body.message).toBe(UPLOAD_MESSAGES.tooManyFiles)
    expect((await upload('/api/file/upload/v1', t.owner, eleven.slice(0, 10))).status).toBe(200)
    const before = await storedCount()
    const onDisk = await filesOnDisk()
    const mixed = await upload('/api/file/upload/v1', t.owner, [[png(), 'a.png'], [pdf(), 'b.pdf']])
    expect(mixed.status).toBe(400)
    expect(mixed.body.message).toBe(UPLOAD_MESSAGES.mixed)
    expect(await storedCount()).toBe(before)
    expect(await filesOnDisk()).toBe(onDisk)
  })
})

describe('refusals', () => {
  it('a muted account gets 403 with the message (spec 000 §8)', async () => {
    await sql`UPDATE users SET roles = array_append(roles, 'MUTED') WHERE id = ${t.otherId}`.execute(t.db.kysely)
    try {
      const a = await upload('/file/api/file/post-img', t.other, [[png(), 'a.png']])
      expect(a.status).toBe(403)
      expect(a.body).toEqual({ statusCode: 403, message: MUTED_MESSAGE, result: null })
    } finally {
      await sql`UPDATE users SET roles = array_remove(roles, 'MUTED') WHERE id = ${t.otherId}`.execute(t.db.kysely)
    }
  })

  it('no multipart, no file, a broken body: 400 with a Chinese message, never 500', async () => {
    const json = await t.call('POST', '/file/api/file/post-img', t.owner, { file: 'x' })
    expect(json.status).toBe(400)
    expect(json.body.message).toBe(RECEIVE_MESSAGES.notMultipart)
    const empty = await upload('/file/api/file/post-img', t.owner, [])
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe(RECEIVE_MESSAGES.noFile)
    const broken = await t.app.request('/file/api/file/post-img', {
      method: 'POST',
      headers: { ...t.owner, 'Content-Type': 'multipart/form-data; boundary=b' },
      body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    })
    expect(broken.status).toBe(400)
  })
})
