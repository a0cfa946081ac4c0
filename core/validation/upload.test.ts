import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  FILE_EXTENSIONS,
  IMAGE_EXTENSIONS,
  MAX_IMAGE_BYTES,
  UPLOAD_MESSAGES,
  checkFileSelection,
  checkImageSelection,
  extensionOf,
  isAcceptedFile,
  type UploadDescriptor,
} from './upload'

const img = (name: string, size = 1000, type = 'image/png'): UploadDescriptor => ({ name, size, type })
const doc = (name: string, type = ''): UploadDescriptor => ({ name, size: 1000, type })
const none = { images: 0, files: 0 }

const baseName = fc.array(fc.constantFrom(...'abc年报_-1 '), { minLength: 1, maxLength: 8 }).map((cs) => cs.join(''))
const upper = (s: string, flag: boolean) => (flag ? s.toUpperCase() : s)
const goodImage = fc
  .tuple(baseName, fc.constantFrom(...IMAGE_EXTENSIONS), fc.boolean(), fc.integer({ min: 0, max: MAX_IMAGE_BYTES }))
  .map(([b, e, u, size]) => img(`${b}.${upper(e, u)}`, size))

describe('messages', () => {
  it('are natural Chinese for the spec texts', () => {
    expect(UPLOAD_MESSAGES.tooManyImages(9)).toBe('最多只能上传9张图片')
    expect(UPLOAD_MESSAGES.imageType).toBe('仅支持 .jpg .jpeg .png .gif 格式的图片')
    expect(UPLOAD_MESSAGES.imageTooLarge).toBe('图片大小超出限制')
    expect(UPLOAD_MESSAGES.tooManyFiles).toBe('上传数量限制为10个')
    expect(UPLOAD_MESSAGES.mixed).toBe('不能同时上传图片和文件')
  })
})

describe('extensionOf', () => {
  it.each([
    ['a.JPG', 'jpg'],
    ['report.final.pdf', 'pdf'],
    ['archive.7z', '7z'],
    ['noext', ''],
    ['.hidden', ''],
    ['trailing.', ''],
  ])('%s → %j', (name, ext) => {
    expect(extensionOf(name)).toBe(ext)
  })
})

describe('checkImageSelection', () => {
  it('allows one image by default', () => {
    expect(checkImageSelection([img('a.png')], none)).toEqual({ ok: true })
    expect(checkImageSelection([img('a.png'), img('b.png')], none)).toEqual({ ok: false, message: '最多只能上传1张图片' })
    expect(checkImageSelection([img('a.png')], { images: 1, files: 0 })).toEqual({ ok: false, message: '最多只能上传1张图片' })
  })

  it('allows 9 in the discussion dialog', () => {
    const nine = Array.from({ length: 9 }, (_, i) => img(`${i}.jpg`))
    expect(checkImageSelection(nine, none, 9)).toEqual({ ok: true })
    expect(checkImageSelection([...nine, img('x.gif')], none, 9)).toEqual({ ok: false, message: '最多只能上传9张图片' })
  })

  it('checks type and size', () => {
    expect(checkImageSelection([img('a.webp')], none)).toEqual({ ok: false, message: UPLOAD_MESSAGES.imageType })
    expect(checkImageSelection([img('a.JPEG', MAX_IMAGE_BYTES)], none)).toEqual({ ok: true })
    expect(checkImageSelection([img('a.jpeg', MAX_IMAGE_BYTES + 1)], none)).toEqual({ ok: false, message: '图片大小超出限制' })
  })

  it('refuses images once files are attached', () => {
    expect(checkImageSelection([img('a.png')], { images: 0, files: 1 })).toEqual({ ok: false, message: '不能同时上传图片和文件' })
  })

  it('accepts exactly the selections within every rule', () => {
    const anyImage = fc.oneof(
      goodImage,
      fc.tuple(baseName, fc.constantFrom('webp', 'bmp', 'svg', 'pdf', ''), fc.nat(MAX_IMAGE_BYTES)).map(([b, e, s]) => img(e ? `${b}.${e}` : b, s)),
      fc.tuple(baseName, fc.integer({ min: MAX_IMAGE_BYTES + 1, max: 4 * MAX_IMAGE_BYTES })).map(([b, s]) => img(`${b}.png`, s)),
    )
    fc.assert(
      fc.property(fc.array(anyImage, { maxLength: 10 }), fc.nat(9), fc.nat(2), fc.integer({ min: 1, max: 9 }), (selected, images, files, limit) => {
        const result = checkImageSelection(selected, { images, files }, limit)
        const valid =
          selected.length === 0 ||
          (files === 0 &&
            images + selected.length <= limit &&
            selected.every((f) => (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(f.name)) && f.size <= MAX_IMAGE_BYTES))
        expect(result.ok).toBe(valid)
      }),
    )
  })
})

describe('checkFileSelection', () => {
  it('accepts the spec types, audio, and at most 10 files', () => {
    expect(checkFileSelection([doc('年报.PDF'), doc('data.xlsx'), doc('notes.markdown'), doc('a.7z')], none)).toEqual({ ok: true })
    expect(checkFileSelection([doc('voice.bin', 'audio/mpeg')], none)).toEqual({ ok: true })
    expect(checkFileSelection([doc('voice.mp3')], none)).toEqual({ ok: true })
    expect(checkFileSelection([doc('setup.exe')], none)).toEqual({ ok: false, message: UPLOAD_MESSAGES.fileType })
    expect(checkFileSelection([doc('a.pdf')], { images: 0, files: 10 })).toEqual({ ok: false, message: '上传数量限制为10个' })
    expect(checkFileSelection([doc('a.pdf')], { images: 1, files: 0 })).toEqual({ ok: false, message: '不能同时上传图片和文件' })
  })

  it('accepts exactly the listed types up to 10 in total', () => {
    const listed = fc.tuple(baseName, fc.constantFrom(...FILE_EXTENSIONS), fc.boolean()).map(([b, e, u]) => doc(`${b}.${upper(e, u)}`))
    const other = fc.tuple(baseName, fc.constantFrom('exe', 'js', 'html', 'png', 'docm', '')).map(([b, e]) => doc(e ? `${b}.${e}` : b, 'application/octet-stream'))
    fc.assert(
      fc.property(fc.array(fc.oneof(listed, other), { maxLength: 12 }), fc.nat(10), fc.nat(1), (selected, files, images) => {
        const valid = selected.length === 0 || (images === 0 && files + selected.length <= 10 && selected.every(isAcceptedFile))
        expect(checkFileSelection(selected, { images, files }).ok).toBe(valid)
        for (const f of selected) expect(isAcceptedFile(f)).toBe((FILE_EXTENSIONS as readonly string[]).includes(extensionOf(f.name)))
      }),
    )
  })
})
