// What a file is, by its first bytes (magic numbers), never by its name (issue 12: a lying extension
// is refused). Images: JPEG, PNG, GIF. Files of the accepted types (spec 000 §5): the binary formats
// must carry their own signature; the text formats (txt, md, markdown, csv) must not look like HTML,
// a script or a binary (they are served as attachments with nosniff in any case).
import { AUDIO_EXTENSIONS, FILE_EXTENSIONS, extensionOf } from '../../core/validation/upload'

/** How many leading bytes the checks read. */
export const SNIFF_BYTES = 512

export type ImageType = 'jpg' | 'png' | 'gif'
export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' }

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x)
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0))

/** The image type the bytes are, or null. */
export function sniffImage(head: Uint8Array): ImageType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpg'
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif'
  return null
}

export type VideoType = 'mp4' | 'webm'
export const VIDEO_CONTENT_TYPES: Record<VideoType, 'video/mp4' | 'video/webm'> = { mp4: 'video/mp4', webm: 'video/webm' }

/** The course video type the bytes are (an ISO-BMFF file of a video brand, or an EBML file of DocType webm), or null. */
export function sniffVideo(head: Uint8Array): VideoType | null {
  if (startsWith(head, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...head.subarray(8, 12))
    return /^(M4A |M4B |M4P |qt {2})$/.test(brand) ? null : 'mp4'
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    // the EBML header's DocType element (id 0x4282, then its size as a 1–8 byte vint) names the format: webm, not matroska
    for (let i = 4; i + 3 < Math.min(head.length, 128); i++) {
      if (head[i] !== 0x42 || head[i + 1] !== 0x82) continue
      const sizeLength = Math.clz32(head[i + 2]!) - 23
      if (sizeLength >= 1 && sizeLength <= 8 && startsWith(head, ascii('webm'), i + 2 + sizeLength)) return 'webm'
    }
  }
  return null
}

const ZIP = [0x50, 0x4b, 0x03, 0x04]
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06]
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] // doc, xls, ppt, pps (Compound File)
const isZip = (b: Uint8Array) => startsWith(b, ZIP) || startsWith(b, ZIP_EMPTY)
const isOle = (b: Uint8Array) => startsWith(b, OLE)

/** Text that a browser could take for markup or that holds NUL bytes is not a plain text file. */
function isPlainText(b: Uint8Array): boolean {
  if (b.includes(0)) return false
  const text = new TextDecoder('utf-8', { fatal: false }).decode(b).trimStart().toLowerCase()
  return !/^(<!doctype|<html|<script|<svg|<\?xml|<head|<body|<iframe|<object|<embed)/.test(text)
}

const AUDIO_CHECKS: Record<string, (b: Uint8Array) => boolean> = {
  mp3: (b) => startsWith(b, ascii('ID3')) || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0),
  wav: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WAVE'), 8),
  ogg: (b) => startsWith(b, ascii('OggS')),
  oga: (b) => startsWith(b, ascii('OggS')),
  opus: (b) => startsWith(b, ascii('OggS')),
  flac: (b) => startsWith(b, ascii('fLaC')),
  m4a: (b) => startsWith(b, ascii('ftyp'), 4),
  aac: (b) => b[0] === 0xff && ((b[1] ?? 0) & 0xf6) === 0xf0,
  amr: (b) => startsWith(b, ascii('#!AMR')),
  wma: (b) => startsWith(b, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]),
}

const FILE_CHECKS: Record<string, (b: Uint8Array) => boolean> = {
  pdf: (b) => startsWith(b, ascii('%PDF-')),
  docx: isZip,
  xlsx: isZip,
  pptx: isZip,
  ppts: isZip,
  zip: isZip,
  doc: isOle,
  xls: isOle,
  ppt: isOle,
  pps: isOle,
  rar: (b) => startsWith(b, ascii('Rar!\u001a\u0007')),
  '7z': (b) => startsWith(b, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]),
  txt: isPlainText,
  md: isPlainText,
  markdown: isPlainText,
  csv: isPlainText,
  ...AUDIO_CHECKS,
}

/** The accepted file extension of `name` whose content `head` really is, or null. */
export function acceptedFileExtension(name: string, head: Uint8Array): string | null {
  const ext = extensionOf(name)
  const known = (FILE_EXTENSIONS as readonly string[]).includes(ext) || (AUDIO_EXTENSIONS as readonly string[]).includes(ext)
  if (!known) return null
  const check = FILE_CHECKS[ext]
  return check && check(head) ? ext : null
}

/** What a stored file is served as: only the formats below by name, everything else as bytes. */
export function fileContentType(ext: string): string {
  if (ext === 'pdf') return 'application/pdf'
  if (ext === 'txt' || ext === 'md' || ext === 'markdown') return 'text/plain; charset=utf-8'
  if (ext === 'csv') return 'text/csv; charset=utf-8'
  return 'application/octet-stream'
}
