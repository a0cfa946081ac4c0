// Receiving a multipart upload (spec 000 §5, §7): each part named `file` is streamed to a temporary
// file while its bytes are counted and its first bytes kept, then judged by content — images by
// their magic bytes (jpg, png, gif; the name does not count), files by the accepted extension AND
// a matching signature. The rules: images at most 3,000,000 bytes; files at most 10; images and
// files never in one request. All or nothing: one bad part refuses the whole request and nothing is
// stored. Only then is each part handed to the storage port and recorded (uploads table).
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import busboy from 'busboy'
import type { Db } from '../db/db'
import { ApiError } from '../http/api-error'
import type { StoragePort } from '../storage/storage-port'
import { FILE_URL_PREFIX, MAX_FILE_BYTES, MAX_IMAGES_PER_REQUEST, type UploadedFile } from '../../core/api/uploads'
import { MAX_FILES, MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from '../../core/validation/upload'
import { WRITE_LIMIT_MESSAGE } from '../../core/limits/write-limits'
import { insertUpload, type UploadRow } from './uploads-repository'
import { COURSE_FORM_MESSAGES, MAX_VIDEO_BYTES } from '../../core/circle-admin/course-form'
import { acceptedFileExtension, fileContentType, IMAGE_CONTENT_TYPES, SNIFF_BYTES, sniffImage, sniffVideo, VIDEO_CONTENT_TYPES } from './sniff'

export const RECEIVE_MESSAGES = {
  notMultipart: '请以 multipart/form-data 上传文件',
  noFile: '请选择要上传的文件',
  fileTooLarge: '文件大小超出限制',
  broken: '上传内容不完整，请重试',
} as const

/** Which kinds an endpoint takes ('video': one course video, mp4 or webm, core/circle-admin/course-form.ts). */
export type Accepts = 'images' | 'files' | 'either' | 'video'

interface Part {
  name: string
  path: string
  size: number
  head: Uint8Array
  tooLarge: boolean
}

/** A reader's file name as text: no path, no control characters, at most 255 characters. */
export function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim()
  return (clean || 'file').slice(0, 255)
}

/** Streams every part to a temporary directory; the caller removes `dir`. */
async function receiveParts(body: ReadableStream<Uint8Array>, contentType: string, maxParts: number, dir: string, maxBytes = Math.max(MAX_IMAGE_BYTES, MAX_FILE_BYTES)): Promise<Part[]> {
  const parts: Part[] = []
  const writes: Promise<void>[] = []
  let bb: busboy.Busboy
  try {
    bb = busboy({
      headers: { 'content-type': contentType },
      defParamCharset: 'utf8', // browsers send UTF-8 file names
      // one part more than allowed so that "too many" is seen, one byte more than allowed so that "too large" is
      limits: { files: maxParts + 1, fileSize: maxBytes + 1, fields: 20, fieldSize: 1024, parts: maxParts + 21, headerPairs: 20 },
    })
  } catch {
    throw new ApiError(400, RECEIVE_MESSAGES.notMultipart)
  }
  bb.on('file', (field, stream, info) => {
    if (field !== 'file' || parts.length > maxParts) {
      stream.on('error', () => undefined) // a skipped part's end is not ours to report
      stream.resume()
      return
    }
    const part: Part = { name: cleanName(info.filename ?? ''), path: join(dir, String(parts.length)), size: 0, head: new Uint8Array(0), tooLarge: false }
    parts.push(part)
    const out = createWriteStream(part.path)
    stream.on('data', (chunk: Buffer) => {
      if (part.head.length < SNIFF_BYTES) {
        const more = new Uint8Array(Math.min(SNIFF_BYTES, part.head.length + chunk.length))
        more.set(part.head)
        more.set(chunk.subarray(0, more.length - part.head.length), part.head.length)
        part.head = more
      }
      part.size += chunk.length
    })
    stream.on('limit', () => (part.tooLarge = true))
    writes.push(
      new Promise<void>((resolve, reject) => {
        out.on('finish', resolve)
        out.on('error', reject)
        stream.on('error', reject)
      }),
    )
    stream.pipe(out)
  })
  const parsed = await new Promise<void>((resolve, reject) => {
    bb.on('close', resolve)
    bb.on('error', reject)
    const input = Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>)
    input.on('error', reject)
    input.pipe(bb)
  }).then(
    () => true,
    () => false,
  )
  // every part's write is waited for (and its failure taken) whether or not the form parsed
  const written = await Promise.allSettled(writes)
  if (!parsed || written.some((w) => w.status === 'rejected')) throw new ApiError(400, RECEIVE_MESSAGES.broken)
  return parts
}

interface Judged {
  part: Part
  kind: 'image' | 'file'
  extension: string
  contentType: string
}

/** The rules, in the order the client's checks give them (core/validation/upload.ts). */
export function judge(parts: readonly Part[], accepts: Accepts): Judged[] {
  if (parts.length === 0) throw new ApiError(400, RECEIVE_MESSAGES.noFile)
  if (accepts === 'video') return [judgeVideo(parts)]
  const judged = parts.map((part): Judged | { part: Part; kind: 'unknown' } => {
    const image = sniffImage(part.head)
    if (image) return { part, kind: 'image', extension: image, contentType: IMAGE_CONTENT_TYPES[image] }
    const ext = accepts === 'images' ? null : acceptedFileExtension(part.name, part.head)
    return ext ? { part, kind: 'file', extension: ext, contentType: fileContentType(ext) } : { part, kind: 'unknown' }
  })
  const images = judged.filter((j) => j.kind === 'image').length
  const files = judged.filter((j) => j.kind === 'file').length
  if (accepts === 'images') {
    if (images !== judged.length) throw new ApiError(400, UPLOAD_MESSAGES.imageType)
  } else if (accepts === 'files') {
    if (images > 0 && files > 0) throw new ApiError(400, UPLOAD_MESSAGES.mixed)
    if (files !== judged.length) throw new ApiError(400, UPLOAD_MESSAGES.fileType)
  } else {
    if (images > 0 && files > 0) throw new ApiError(400, UPLOAD_MESSAGES.mixed)
    if (images + files !== judged.length) throw new ApiError(400, images > 0 ? UPLOAD_MESSAGES.imageType : UPLOAD_MESSAGES.fileType)
  }
  if (images > MAX_IMAGES_PER_REQUEST) throw new ApiError(400, UPLOAD_MESSAGES.tooManyImages(MAX_IMAGES_PER_REQUEST))
  if (files > MAX_FILES) throw new ApiError(400, UPLOAD_MESSAGES.tooManyFiles)
  for (const j of judged as Judged[]) {
    if (j.kind === 'image' && (j.part.tooLarge || j.part.size > MAX_IMAGE_BYTES)) throw new ApiError(400, UPLOAD_MESSAGES.imageTooLarge)
    if (j.kind === 'file' && (j.part.tooLarge || j.part.size > MAX_FILE_BYTES)) throw new ApiError(400, RECEIVE_MESSAGES.fileTooLarge)
  }
  return judged as Judged[]
}

/** One course video: mp4 or webm by its content, at most MAX_VIDEO_BYTES (recorded as a file). */
function judgeVideo(parts: readonly Part[]): Judged {
  if (parts.length > 1) throw new ApiError(400, COURSE_FORM_MESSAGES.videoOne)
  const part = parts[0]!
  const video = sniffVideo(part.head)
  if (!video) throw new ApiError(400, COURSE_FORM_MESSAGES.videoType)
  if (part.tooLarge || part.size > MAX_VIDEO_BYTES) throw new ApiError(400, COURSE_FORM_MESSAGES.videoTooLarge)
  return { part, kind: 'file', extension: video, contentType: VIDEO_CONTENT_TYPES[video] }
}

const monthOf = (nowMs: number) => new Date(nowMs).toISOString().slice(0, 7).replace('-', '')

/** Receives, judges, stores and records one upload request; answers what was stored. */
export async function receiveUpload(
  deps: {
    db: Db
    storage: StoragePort
    nowMs: number
    /** counts the judged parts' bytes against the reader's hourly quota; false refuses the whole request (429) */
    admitBytes?: (bytes: number) => Promise<boolean>
    /**
     * records what was stored under a key; by default the uploads table, which /file/{key} serves to
     * anyone. A private upload (the identity card, server/certification) records it elsewhere instead.
     */
    record?: (row: UploadRow) => Promise<void>
  },
  userId: number,
  request: { body: ReadableStream<Uint8Array> | null; contentType: string },
  accepts: Accepts,
): Promise<UploadedFile[]> {
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(request.contentType) || !request.body) throw new ApiError(400, RECEIVE_MESSAGES.notMultipart)
  const dir = await mkdtemp(join(tmpdir(), 'gmh-upload-'))
  const stored: string[] = []
  try {
    const maxParts = accepts === 'images' ? MAX_IMAGES_PER_REQUEST : accepts === 'video' ? 1 : MAX_FILES
    const judged = judge(await receiveParts(request.body, request.contentType, maxParts, dir, accepts === 'video' ? MAX_VIDEO_BYTES : undefined), accepts)
    // the bytes quota per hour (issue 23): counted once the parts are judged, before anything is stored
    if (deps.admitBytes && !(await deps.admitBytes(judged.reduce((sum, j) => sum + j.part.size, 0)))) throw new ApiError(429, WRITE_LIMIT_MESSAGE)
    const out: UploadedFile[] = []
    const now = Math.floor(deps.nowMs / 1000)
    for (const j of judged) {
      const key = `${monthOf(deps.nowMs)}/${randomBytes(16).toString('hex')}.${j.extension}`
      await deps.storage.put(key, { path: j.part.path, size: j.part.size, contentType: j.contentType })
      stored.push(key)
      await (deps.record ?? ((row: UploadRow) => insertUpload(deps.db, row)))({ storage_key: key, user_id: userId, kind: j.kind, name: j.part.name, extension: j.extension, content_type: j.contentType, size: j.part.size, create_timestamp: now })
      out.push({ url: `${FILE_URL_PREFIX}${key}`, name: j.part.name, extension: j.extension, size: j.part.size, kind: j.kind })
    }
    stored.length = 0
    return out
  } finally {
    // a request refused half way stores nothing
    for (const key of stored) await deps.storage.delete(key).catch(() => undefined)
    await rm(dir, { recursive: true, force: true })
  }
}
