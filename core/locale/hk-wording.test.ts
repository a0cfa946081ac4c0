import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { findLongest, HK_WORDING, replaceLongest } from './hk-wording'

describe('replaceLongest', () => {
  const map = new Map([
    ['登錄', '登入'],
    ['退出登錄', '登出'],
    ['贊', '讚'],
    ['贊助', '贊助'],
  ])
  const apply = replaceLongest(map)
  it('replaces the longest key at each place, left to right', () => {
    expect(apply('請先登錄，或退出登錄')).toBe('請先登入，或登出')
    expect(apply('已贊；贊助商')).toBe('已讚；贊助商')
    expect(apply('a.b*c')).toBe('a.b*c') // keys are text, not patterns
  })
  it('is the identity on text holding no key, and with no keys at all', () => {
    fc.assert(fc.property(fc.string(), (s) => replaceLongest(new Map())(s) === s))
    fc.assert(fc.property(fc.string().filter((s) => ![...map.keys()].some((k) => s.includes(k))), (s) => apply(s) === s))
  })
  it('finds the keys a replacement would change, once each', () => {
    expect(findLongest(map, '登錄後退出登錄，贊助，再登錄', (k) => map.get(k) !== k)).toEqual(['登錄', '退出登錄'])
  })
})

describe('the Hong Kong wording table', () => {
  it('names each mainland term once, with a reason', () => {
    const cns = HK_WORDING.map((t) => t.cn)
    expect(new Set(cns).size).toBe(cns.length)
    for (const t of HK_WORDING) expect(t.why.length, t.cn).toBeGreaterThan(10)
  })
  it('holds the terms issue 24 names', () => {
    const byCn = new Map(HK_WORDING.map((t) => [t.cn, t.hk]))
    expect(Object.fromEntries(['加载', '点赞', '登录', '退出登录', '账户', '超链接', '搜索'].map((cn) => [cn, byCn.get(cn)]))).toEqual({
      加载: '載入',
      点赞: '讚好',
      登录: '登入',
      退出登录: '登出',
      账户: '帳戶',
      超链接: '超連結',
      搜索: '搜尋',
    })
  })
})
