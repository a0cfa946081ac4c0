import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { KNOWN_TOP_LEVEL_DOMAINS, LINK_MESSAGES, isValidLinkAddress, validateLink } from './link'

const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')
const label = fc
  .tuple(alnum, fc.array(fc.constantFrom(...'abcxyz0189-'), { maxLength: 10 }), alnum)
  .map(([a, mid, b]) => a + mid.join('') + b)
const tld = fc.constantFrom(...KNOWN_TOP_LEVEL_DOMAINS)
const domain = fc.tuple(fc.array(label, { minLength: 1, maxLength: 3 }), tld).map(([ls, t]) => [...ls, t].join('.'))
const octet = fc.integer({ min: 0, max: 255 }).map(String)
const ipv4 = fc.tuple(octet, octet, octet, octet).map((p) => p.join('.'))
const scheme = fc.constantFrom('', 'http://', 'https://', 'HTTPS://')
const port = fc.option(fc.integer({ min: 1, max: 65535 }).map((p) => `:${p}`), { nil: '' })
const pathChar = fc.constantFrom(...'abcXYZ019-._~/%=&+:;@!$\'()*,')
const tail = fc
  .tuple(
    fc.option(fc.array(pathChar, { maxLength: 12 }).map((cs) => `/${cs.join('')}`), { nil: '' }),
    fc.option(fc.array(pathChar, { maxLength: 12 }).map((cs) => `?${cs.join('')}`), { nil: '' }),
    fc.option(fc.array(pathChar, { maxLength: 8 }).map((cs) => `#${cs.join('')}`), { nil: '' }),
  )
  .map((parts) => parts.join(''))
const validAddress = fc.tuple(scheme, fc.oneof(domain, ipv4), port, tail).map((parts) => parts.join(''))

describe('validateLink', () => {
  it('gives the spec messages', () => {
    expect(validateLink({ url: '' })).toEqual({ ok: false, message: '请填写超链接地址' })
    expect(validateLink({ url: '   ' })).toEqual({ ok: false, message: '请填写超链接地址' })
    expect(validateLink({ url: 'not a link' })).toEqual({ ok: false, message: '所填写超链接不合规' })
  })

  it('trims and defaults the text to the address', () => {
    expect(validateLink({ url: '  https://www.gelonghui.com/news/1  ', text: '  ' })).toEqual({
      ok: true,
      url: 'https://www.gelonghui.com/news/1',
      text: 'https://www.gelonghui.com/news/1',
    })
    expect(validateLink({ url: 'example.cn', text: ' 港股 ' })).toEqual({ ok: true, url: 'example.cn', text: '港股' })
  })

  it.each([
    'https://www.example.com',
    'http://example.com.hk/path?q=1#top',
    'example.org',
    'sub.domain.example.co',
    '192.168.0.1',
    'http://10.0.0.255:8080/a/b',
    'https://a.io:443',
    'HTTP://EXAMPLE.COM',
    'example.com/?',
  ])('accepts %s', (url) => {
    expect(isValidLinkAddress(url)).toBe(true)
  })

  it.each([
    'ftp://example.com',
    'https://',
    'example',
    'example.unknowntld',
    'example.c',
    '-bad.com',
    'bad-.com',
    'a..com',
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    'http://example.com:0',
    'http://example.com:70000',
    'example.com/a b',
    'javascript:alert(1)',
    'example.com/"onmouseover="x',
    'example.com/<script>',
    'https//example.com',
    'http:/example.com',
  ])('rejects %s', (url) => {
    expect(isValidLinkAddress(url)).toBe(false)
    expect(validateLink({ url })).toEqual({ ok: false, message: LINK_MESSAGES.invalid })
  })

  it('accepts every address built from the rule', () => {
    fc.assert(
      fc.property(validAddress, fc.string(), (url, pad) => {
        const result = validateLink({ url: ` ${url}\t`, text: pad })
        expect(result.ok).toBe(true)
        if (result.ok) {
          expect(result.url).toBe(url)
          expect(result.text).toBe(pad.trim() === '' ? url : pad.trim())
        }
      }),
    )
  })

  it('rejects unknown top-level domains, octets above 255, other schemes and inner spaces', () => {
    const unknownTld = fc
      .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), { minLength: 2, maxLength: 8 })
      .map((cs) => cs.join(''))
      .filter((t) => !KNOWN_TOP_LEVEL_DOMAINS.has(t))
    const bigOctet = fc.integer({ min: 256, max: 999 }).map(String)
    const invalid = fc.oneof(
      fc.tuple(scheme, label, unknownTld, tail).map(([s, l, t, rest]) => `${s}${l}.${t}${rest}`),
      fc.tuple(scheme, octet, octet, bigOctet, octet).map(([s, a, b, c, d]) => `${s}${a}.${b}.${c}.${d}`),
      fc.tuple(fc.constantFrom('ftp://', 'mailto:', 'file://', 'ws://'), domain).map(([s, d]) => s + d),
      fc.tuple(validAddress, fc.constantFrom(' ', '\t', '<', '>', '"')).map(([u, c]) => `${u}/x${c}y`),
    )
    fc.assert(
      fc.property(invalid, (url) => {
        expect(validateLink({ url })).toEqual({ ok: false, message: LINK_MESSAGES.invalid })
      }),
    )
  })
})
