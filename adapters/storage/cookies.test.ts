// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import * as fc from 'fast-check'
import { readCookie, removeCookie, serialiseCookie, writeCookie } from './cookies'

afterEach(() => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; max-age=0; path=/`
  }
})

describe('serialiseCookie', () => {
  it('writes max-age in seconds, path=/ and SameSite=Lax', () => {
    // spec 000 §9: the locale cookie lasts 365 days
    expect(serialiseCookie('lang', 'zh-hk', { maxAgeDays: 365 })).toBe('lang=zh-hk; max-age=31536000; path=/; SameSite=Lax')
  })

  it('encodes values that would break the cookie string', () => {
    expect(serialiseCookie('q', '腾讯; path=/x', { maxAgeDays: 1 })).toBe(
      `q=${encodeURIComponent('腾讯; path=/x')}; max-age=86400; path=/; SameSite=Lax`,
    )
  })
})

describe('readCookie', () => {
  it('finds a cookie by exact name in a cookie string', () => {
    const jar = 'xlang=en; lang=zh-hk; csrf_token=a=b; langx=fr'
    expect(readCookie('lang', jar)).toBe('zh-hk')
    expect(readCookie('csrf_token', jar)).toBe('a=b')
    expect(readCookie('missing', jar)).toBeNull()
    expect(readCookie('lang', '')).toBeNull()
  })

  it('keeps a malformed escape as it is instead of throwing', () => {
    expect(readCookie('bad', 'bad=%E0%A4%A')).toBe('%E0%A4%A')
  })

  it('round-trips any value through serialiseCookie (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z_]{1,12}$/), fc.string(), (name, value) => {
        const pair = serialiseCookie(name, value, { maxAgeDays: 1 }).split(';')[0]!
        expect(readCookie(name, `other=1; ${pair}; z=2`)).toBe(value)
      }),
    )
  })
})

describe('writeCookie / removeCookie on document.cookie', () => {
  it('stores the language choice and reads it back', () => {
    writeCookie('lang', 'zh-hk', { maxAgeDays: 365 })
    expect(readCookie('lang')).toBe('zh-hk')
    writeCookie('lang', 'zh-cn', { maxAgeDays: 365 })
    expect(readCookie('lang')).toBe('zh-cn')
  })

  it('removes a cookie', () => {
    writeCookie('lang', 'zh-hk', { maxAgeDays: 365 })
    removeCookie('lang')
    expect(readCookie('lang')).toBeNull()
  })
})
