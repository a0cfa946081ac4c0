import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { otherLang, parseLang, stripZhHkPrefix } from './lang'

describe('lang rules', () => {
  it('defaults to zh-cn and reads traditional variants as zh-hk', () => {
    expect(parseLang(undefined)).toBe('zh-cn')
    expect(parseLang('')).toBe('zh-cn')
    expect(parseLang('zh-cn')).toBe('zh-cn')
    expect(parseLang('zh-HK')).toBe('zh-hk')
    expect(parseLang('zh_hk')).toBe('zh-hk')
    expect(parseLang('en')).toBe('zh-cn')
  })
  it('toggles between the two scripts', () => {
    expect(otherLang('zh-cn')).toBe('zh-hk')
    expect(otherLang(otherLang('zh-cn'))).toBe('zh-cn')
  })
  it('strips the /zh-hk prefix keeping the query (spec 000 §2)', () => {
    expect(stripZhHkPrefix('/zh-hk/news/123', '?a=1&b=2')).toEqual({ to: '/news/123?a=1&b=2', lang: 'zh-hk' })
    expect(stripZhHkPrefix('/zh-hk', '')).toEqual({ to: '/', lang: 'zh-hk' })
    expect(stripZhHkPrefix('/zh-hk/', '?x=1')).toEqual({ to: '/?x=1', lang: 'zh-hk' })
    expect(stripZhHkPrefix('/news/1', '')).toBeNull()
    expect(stripZhHkPrefix('/zh-hkx/news', '')).toBeNull()
  })
  it('never hands history.replaceState a protocol-relative path: /zh-hk//evil stays on this site', () => {
    // '//anything' is a protocol-relative URL: replaceState throws (another origin) and the page stayed blank
    expect(stripZhHkPrefix('/zh-hk//anything', '')).toEqual({ to: '/anything', lang: 'zh-hk' })
    expect(stripZhHkPrefix('/zh-hk/\\evil.example/x', '?a=1')).toEqual({ to: '/evil.example/x?a=1', lang: 'zh-hk' })
    fc.assert(
      fc.property(fc.stringMatching(/^[/\\a-z.:@%-]{0,12}$/), fc.stringMatching(/^(\?[a-z]=[0-9]{1,3})?$/), (tail, q) => {
        const r = stripZhHkPrefix('/zh-hk/' + tail, q)
        const site = 'https://site.example'
        expect(new URL(r!.to, site).origin).toBe(site)
      }),
    )
  })
  it('any path under /zh-hk maps to the same path without it', () => {
    const seg = fc.stringMatching(/^[a-z0-9-]{1,8}$/)
    fc.assert(
      fc.property(fc.array(seg, { maxLength: 4 }), fc.stringMatching(/^(\?[a-z]=[0-9]{1,3})?$/), (segs, q) => {
        const path = '/' + segs.join('/')
        const r = stripZhHkPrefix('/zh-hk' + (path === '/' ? '' : path), q)
        expect(r?.to).toBe(path + q)
        expect(stripZhHkPrefix(path === '/' ? '/' : path, q) === null || segs[0] === 'zh-hk').toBe(true)
      }),
    )
  })
})
