import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { HK_WORDING } from '../../core/locale/hk-wording'
import { contentLang, localiseToHk, LruCache, mainlandTermsIn, simplifiedCharsIn, toHk } from './to-hk'

describe('toHk', () => {
  it('converts simplified Chinese to Hong Kong traditional', () => {
    expect(toHk('腾讯控股')).toBe('騰訊控股')
    expect(toHk('港股收盘：恒生指数上涨')).toBe('港股收盤：恒生指數上漲')
  })
  it('leaves text without Han characters or “” unchanged', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }).filter((s) => !/[\u3400-\u9fff\uf900-\ufaff\u201c\u201d]/.test(s)), (s) => toHk(s) === s))
    expect(toHk('“')).toBe('「')
  })
  it('is stable: converting twice gives the same as once, and repeated calls agree', () => {
    for (const s of ['腾讯控股', '美联储议息会议', '苹果公司发布财报']) {
      expect(toHk(toHk(s))).toBe(toHk(s))
      expect(toHk(s)).toBe(toHk(s))
    }
  })
})

describe('toHk: Hong Kong wording (core/locale/hk-wording.ts)', () => {
  it('says what Hong Kong readers say', () => {
    expect(toHk('退出登录')).toBe('登出')
    expect(toHk('请先登录')).toBe('請先登入')
    expect(toHk('加载失败，请重试')).toBe('載入失敗，請重試')
    expect(toHk('点赞')).toBe('讚好')
    expect(toHk('已赞 3')).toBe('已讚 3')
    expect(toHk('我的账户')).toBe('我的帳戶')
    expect(toHk('账号设置')).toBe('帳號設定')
    expect(toHk('插入超链接')).toBe('插入超連結')
    expect(toHk('搜索历史')).toBe('搜尋歷史')
    expect(toHk('请填写手机号')).toBe('請填寫手機號碼')
    expect(toHk('手机号码')).toBe('手機號碼')
    expect(toHk('短信验证码')).toBe('短訊驗證碼')
    expect(toHk('图片上传中…')).toBe('圖片上載中…')
    expect(toHk('文件大小超出限制')).toBe('檔案大小超出限制')
    expect(toHk('详细信息')).toBe('詳細資訊')
    expect(toHk('市净率')).toBe('市賬率')
  })
  it('leaves the phrases a shorter rule would spoil', () => {
    expect(toHk('赞助商赞成')).toBe('贊助商贊成')
    expect(toHk('港美汇信息科技有限公司')).toContain('信息科技有限公司')
    expect(toHk('互联网信息服务许可证照片')).toBe('互聯網信息服務許可證照片')
    expect(toHk('政府文件')).toBe('政府文件') // a document, not a file
  })
  it('turns every mainland term of the table into its Hong Kong word, which the conversion keeps', () => {
    for (const term of HK_WORDING) {
      expect(toHk(term.cn), term.cn).toBe(term.hk)
      expect(toHk(term.hk), term.hk).toBe(term.hk)
      expect(mainlandTermsIn(term.hk), term.hk).toEqual([])
    }
  })
  it('finds the mainland terms and simplified characters left in a text', () => {
    expect(mainlandTermsIn('請先登錄後搜索，再點贊')).toEqual(['登錄', '搜索', '點贊'])
    expect(mainlandTermsIn('贊助商')).toEqual([])
    expect(simplifiedCharsIn('騰讯控股 1.23亿')).toEqual(['讯', '亿'])
    expect(simplifiedCharsIn(toHk('腾讯控股 1.23亿'))).toEqual([])
    // characters both scripts write are not simplified ones; 万 is, whatever Big5 keeps it for
    expect(simplifiedCharsIn('毛里求斯 若干 皇后 着 説 户 1.23万')).toEqual(['万'])
  })
  // texts made of the table's terms (both sides) and ordinary words, each followed by a word or a
  // mark that is no part of any term (two terms run together can spell a third: 私隱 + 私 … → 隱私)
  const pieces = [...HK_WORDING.flatMap((t) => [t.cn, t.hk]), '腾讯', '请', '后', '用户', '{{n}}', '干', '发', '里']
  const gaps = ['的', '，', ' ', 'abc', '。']
  const text = fc.array(fc.tuple(fc.constantFrom(...pieces), fc.constantFrom(...gaps)), { maxLength: 12 }).map((parts) => parts.flat().join(''))
  it('is idempotent: converting a converted text changes nothing', () => {
    fc.assert(fc.property(text, (s) => toHk(toHk(s)) === toHk(s)), { numRuns: 2000 })
  })
  it('leaves no mainland term of the table in what it produces', () => {
    fc.assert(fc.property(text, (s) => mainlandTermsIn(toHk(s)).length === 0), { numRuns: 2000 })
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

describe('localiseToHk on the goods of /member', () => {
  it('converts tiers, periods, badges, buttons, coupons, rights and the values filled into agreements', () => {
    const info = {
      specsId: 101, name: '黄金会员·月卡', price: 9900, tag: '黄金会员', period: '3个月', badge: '券后¥89.00', displayButtonText: '立即开通',
      coupons: [{ couponId: 1, couponName: '新人专享券', description: '满99元可用', isAvailable: true }],
      agreements: [{ id: 1, title: '会员服务协议', paramMap: { productName: '港美汇会员', price: '¥99.00' } }],
    }
    expect(localiseToHk(info)).toEqual({
      specsId: 101, name: '黃金會員·月卡', price: 9900, tag: '黃金會員', period: '3個月', badge: '券後¥89.00', displayButtonText: '立即開通',
      coupons: [{ couponId: 1, couponName: '新人專享券', description: '滿99元可用', isAvailable: true }],
      agreements: [{ id: 1, title: '會員服務協議', paramMap: { productName: toHk('港美汇会员'), price: '¥99.00' } }],
    })
    expect(localiseToHk({ rightDescription: { title: '黄金会员权益', rightDescriptionList: ['每日会员早报'] } })).toEqual({ rightDescription: { title: '黃金會員權益', rightDescriptionList: ['每日會員早報'] } })
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
