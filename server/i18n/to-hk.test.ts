import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { contentLang, localiseToHk, LruCache, toHk } from './to-hk'

describe('toHk', () => {
  it('converts simplified Chinese to Hong Kong traditional', () => {
    expect(toHk('腾讯控股')).toBe('騰訊控股')
    expect(toHk('港股收盘：恒生指数上涨')).toBe('港股收盤：恒生指數上漲')
  })
  it('leaves text without Han characters unchanged', () => {
    fc.assert(fc.property(fc.string().filter((s) => !/[\u3400-\u9fff\uf900-\ufaff]/.test(s)), (s) => toHk(s) === s))
  })
  it('is stable: converting twice gives the same as once, and repeated calls agree', () => {
    for (const s of ['腾讯控股', '美联储议息会议', '苹果公司发布财报']) {
      expect(toHk(toHk(s))).toBe(toHk(s))
      expect(toHk(s)).toBe(toHk(s))
    }
  })
})

describe('localiseToHk', () => {
  it('converts only text fields, at any depth, and keeps ids, slugs and urls', () => {
    const input = {
      list: [
        {
          id: 1,
          title: '腾讯发布财报',
          channelType: 'hk-stocks',
          coverUrl: '/covers/1.svg',
          author: { id: 2, nick: '港股观察员', avatar: '/avatars/2.svg' },
          tags: ['腾讯', '财报'],
          stocks: [{ id: 'hk00700', name: '腾讯控股' }],
        },
      ],
      hasMore: true,
    }
    expect(localiseToHk(input)).toEqual({
      list: [
        {
          id: 1,
          title: '騰訊發佈財報',
          channelType: 'hk-stocks',
          coverUrl: '/covers/1.svg',
          author: { id: 2, nick: '港股觀察員', avatar: '/avatars/2.svg' },
          tags: ['騰訊', '財報'],
          stocks: [{ id: 'hk00700', name: '騰訊控股' }],
        },
      ],
      hasMore: true,
    })
    expect(input.list[0]!.title).toBe('腾讯发布财报')
  })
})

describe('localiseToHk on the order dialog', () => {
  it('converts the membership add-on offer, and leaves its icon path alone', () => {
    const offer = { specsId: 101, tip: '开通黄金会员，本单立享9折', summary: '会员专享文章与研报全文', button: '加购黄金会员月卡', icon: '/vip-gold.svg' }
    expect(localiseToHk({ vipDiscount: offer })).toEqual({
      vipDiscount: { specsId: 101, tip: toHk('开通黄金会员，本单立享9折'), summary: toHk('会员专享文章与研报全文'), button: toHk('加购黄金会员月卡'), icon: '/vip-gold.svg' },
    })
    expect(toHk('开通黄金会员，本单立享9折')).toBe('開通黃金會員，本單立享9折')
  })
})

describe('contentLang', () => {
  it('reads Client-Lang, defaulting to zh-cn', () => {
    expect(contentLang('zh-hk')).toBe('zh-hk')
    expect(contentLang('ZH-HK ')).toBe('zh-hk')
    expect(contentLang('zh-cn')).toBe('zh-cn')
    expect(contentLang(undefined)).toBe('zh-cn')
    expect(contentLang('en')).toBe('zh-cn')
  })
})

describe('LruCache', () => {
  it('evicts the least recently used entry beyond its size', () => {
    const lru = new LruCache<string, number>(2)
    lru.set('a', 1)
    lru.set('b', 2)
    expect(lru.get('a')).toBe(1) // a is now the most recent
    lru.set('c', 3)
    expect(lru.get('b')).toBeUndefined()
    expect(lru.get('a')).toBe(1)
    expect(lru.get('c')).toBe(3)
    expect(lru.size).toBe(2)
  })
  it('never holds more than its size', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 })), fc.integer({ min: 1, max: 10 }), (keys, max) => {
        const lru = new LruCache<number, number>(max)
        for (const k of keys) lru.set(k, k)
        return lru.size <= max && (keys.length === 0 || lru.get(keys[keys.length - 1]!) === keys[keys.length - 1])
      }),
    )
  })
})
