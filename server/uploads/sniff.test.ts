// Content sniffing: examples per format, and the law that a name never makes content an image.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { acceptedFileExtension, sniffImage } from './sniff'

const b = (...xs: (number | string)[]) => new Uint8Array(xs.flatMap((x) => (typeof x === 'string' ? [...x].map((c) => c.charCodeAt(0)) : [x])))

describe('sniffImage', () => {
  it('knows JPEG, PNG and GIF by their first bytes', () => {
    expect(sniffImage(b(0xff, 0xd8, 0xff, 0xe0))).toBe('jpg')
    expect(sniffImage(b(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png')
    expect(sniffImage(b('GIF87a'))).toBe('gif')
    expect(sniffImage(b('GIF89a'))).toBe('gif')
    expect(sniffImage(b('<svg onload=alert(1)>'))).toBeNull()
    expect(sniffImage(b('BM'))).toBeNull() // bmp is not accepted
    expect(sniffImage(new Uint8Array(0))).toBeNull()
  })
  it('text is never an image, whatever it says', () => {
    fc.assert(fc.property(fc.string(), (s) => sniffImage(new TextEncoder().encode(s)) === null))
  })
})

describe('acceptedFileExtension', () => {
  it('needs the accepted extension and its signature', () => {
    expect(acceptedFileExtension('a.pdf', b('%PDF-1.4'))).toBe('pdf')
    expect(acceptedFileExtension('a.PDF', b('%PDF-1.4'))).toBe('pdf')
    expect(acceptedFileExtension('a.pdf', b('<html>'))).toBeNull()
    expect(acceptedFileExtension('a.docx', b('PK', 3, 4))).toBe('docx')
    expect(acceptedFileExtension('a.doc', b(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe('doc')
    expect(acceptedFileExtension('a.7z', b('7z', 0xbc, 0xaf, 0x27, 0x1c))).toBe('7z')
    expect(acceptedFileExtension('a.rar', b('Rar!', 0x1a, 0x07, 0x00))).toBe('rar')
    expect(acceptedFileExtension('notes.md', b('# 标题\n正文'))).toBe('md')
    expect(acceptedFileExtension('notes.txt', b('  <!DOCTYPE html>'))).toBeNull()
    expect(acceptedFileExtension('notes.txt', b('a', 0, 'b'))).toBeNull()
    expect(acceptedFileExtension('song.mp3', b('ID3', 4))).toBe('mp3')
    expect(acceptedFileExtension('song.wav', b('RIFF', 0, 0, 0, 0, 'WAVE'))).toBe('wav')
    expect(acceptedFileExtension('run.exe', b('MZ'))).toBeNull()
    expect(acceptedFileExtension('page.html', b('<html>'))).toBeNull()
  })
})
