import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  baseName,
  codeKey,
  compareRanked,
  HKD_PER_USD,
  marketValueHkd,
  matchTier,
  popularityOrder,
  rankStocks,
  searchText,
  stockKeys,
  stockQuery,
  TIER,
  type RankCandidate,
  type SearchKey,
  type StockQuery,
} from './stock-rank'

const q = (keyword: string): StockQuery => stockQuery(keyword, (s) => s)
const code = (key: string): SearchKey => ({ kind: 'code', key })
const name = (key: string): SearchKey => ({ kind: 'name', key })
const pinyin = (key: string): SearchKey => ({ kind: 'pinyin', key })

describe('the keys a reader types', () => {
  it('searchText: NFKC, lower case, one space between words', () => {
    expect(searchText('  Tencent   Holdings ')).toBe('tencent holdings')
    expect(searchText('ＨＳＢＣ')).toBe('hsbc')
    expect(searchText('阿里巴巴-W')).toBe('阿里巴巴-w')
  })
  it('baseName drops the share-class marker of a short name, nothing else', () => {
    expect(baseName('阿里巴巴-W')).toBe('阿里巴巴')
    expect(baseName('百度集团-SW')).toBe('百度集团')
    expect(baseName('谷歌-A')).toBe('谷歌')
    expect(baseName('T-Mobile US')).toBe('T-Mobile US')
    expect(baseName('纳指100ETF-Invesco')).toBe('纳指100ETF-Invesco')
    expect(baseName('腾讯控股')).toBe('腾讯控股')
  })
  it('codeKey: a numeric code without its leading zeros, a ticker in lower case', () => {
    expect(codeKey('00700')).toBe('700')
    expect(codeKey('AAPL')).toBe('aapl')
    expect(codeKey('000')).toBe('')
  })
  it('stockQuery: the name form goes through the script conversion; the code form drops leading zeros', () => {
    const toCn = (s: string) => s.replace('騰訊', '腾讯')
    expect(stockQuery(' 騰訊 ', toCn)).toEqual({ text: '腾讯', compact: '腾讯', code: '腾讯' })
    expect(stockQuery('00700', toCn)).toEqual({ text: '00700', compact: '00700', code: '700' })
    expect(stockQuery('00700.HK', toCn).code).toBe('700')
    expect(stockQuery('hk00700', toCn).code).toBe('700')
    expect(stockQuery('AAPL.US', toCn).code).toBe('aapl')
    expect(stockQuery('BRK.B', toCn).code).toBe('brk.b')
    expect(stockQuery('Tencent  Holdings', toCn)).toEqual({ text: 'tencent holdings', compact: 'tencentholdings', code: 'tencentholdings' })
  })
  it('stockKeys: the code, every name (short, without class marker, Hong Kong, English), the aliases and their pinyin', () => {
    const keys = stockKeys(
      { code: '09988', name: '阿里巴巴-W', nameHk: '阿里巴巴-W', nameEn: 'Alibaba Group' },
      ['阿里', 'Alibaba'],
      { toSimplified: (s) => s, pinyin: (s) => (s === '阿里巴巴' ? { initials: 'albb', full: 'alibaba' } : s === '阿里' ? { initials: 'al', full: 'ali' } : { initials: '', full: '' }) },
    )
    expect(keys).toEqual([
      code('9988'),
      name('阿里巴巴-w'),
      name('阿里巴巴'),
      name('alibaba group'),
      name('阿里'),
      name('alibaba'),
      pinyin('albb'),
      pinyin('alibaba'),
      pinyin('al'),
      pinyin('ali'),
    ])
  })
})

describe('matchTier', () => {
  const tencent = [code('700'), name('腾讯控股'), name('腾讯'), name('tencent holdings'), pinyin('txkg'), pinyin('tengxunkonggu')]
  it.each([
    ['00700', TIER.code],
    ['700', TIER.code],
    ['腾讯', TIER.name],
    ['腾讯控股', TIER.name],
    ['Tencent Holdings', TIER.name],
    ['txkg', TIER.pinyin],
    ['tengxunkonggu', TIER.pinyin],
    ['70', TIER.prefix],
    ['腾', TIER.prefix],
    ['tencent', TIER.prefix],
    ['tengxun', TIER.prefix],
    ['控股', TIER.substring],
    ['holdings', TIER.substring],
  ])('%s → tier %i', (keyword, tier) => {
    expect(matchTier(tencent, q(keyword))).toBe(tier)
  })
  it('no match is null; a code is matched by its start only, never by zeros alone', () => {
    expect(matchTier(tencent, q('阿里'))).toBeNull()
    expect(matchTier(tencent, q('00'))).toBeNull()
    expect(matchTier(tencent, q('00'))).toBeNull()
    expect(matchTier([code('aapl')], q('pl'))).toBeNull()
    expect(matchTier([pinyin('txkg')], q('kg'))).toBeNull()
  })
})

describe('popularityOrder: market value in Hong Kong dollars, a company by its largest listing', () => {
  const listing = (id: string, market: string, nameEn: string, currency: string, sharesOutstanding: number, lastCloseCents: number) => ({
    id,
    market,
    nameEn,
    currency,
    sharesOutstanding,
    lastCloseCents,
  })
  const tencent = listing('hk00700', 'hk', 'Tencent Holdings', 'HKD', 9_150e6, 62_000)
  const tmeHk = listing('hk01698', 'hk', 'Tencent Music Entertainment', 'HKD', 3_080e6, 8_000)
  const tmeUs = listing('usTME', 'us', 'Tencent Music Entertainment', 'USD', 1_540e6, 2_000)
  const alibabaHk = listing('hk09988', 'hk', 'Alibaba Group', 'HKD', 19_000e6, 15_000)
  const alibabaUs = listing('usBABA', 'us', 'Alibaba Group', 'USD', 2_380e6, 15_500)
  const hsi = listing('hkHSI', 'hk', 'Hang Seng Index', 'HKD', 0, 2_580_000)

  it('converts US dollars at the peg', () => {
    expect(HKD_PER_USD).toBe(7.8)
    expect(marketValueHkd(alibabaUs)).toBeCloseTo((2_380e6 * 155 * 7.8), -3)
    expect(marketValueHkd(tencent)).toBe(9_150e6 * 620)
  })
  it('the parent before its subsidiary; one company listed twice: Hong Kong first whichever listing is worth more', () => {
    expect(marketValueHkd(alibabaUs)).toBeGreaterThan(marketValueHkd(alibabaHk))
    expect(popularityOrder([hsi, tmeUs, alibabaUs, tmeHk, tencent, alibabaHk])).toEqual(['hk00700', 'hk09988', 'usBABA', 'hk01698', 'usTME', 'hkHSI'])
  })

  const listings = fc.uniqueArray(
    fc.record({
      id: fc.tuple(fc.constantFrom('hk', 'us'), over('ABC012', 3)).map(([m, c]) => m + c),
      market: fc.constantFrom('hk', 'us'),
      nameEn: fc.constantFrom('A Co', 'B Co', 'C Co', 'D Co'),
      currency: fc.constantFrom('HKD', 'USD'),
      sharesOutstanding: fc.integer({ min: 0, max: 5 }).map((n) => n * 1_000_000),
      lastCloseCents: fc.integer({ min: 0, max: 4 }).map((n) => n * 100),
    }),
    { selector: (l) => l.id, maxLength: 12 },
  )
  it('property: a permutation of the ids, by company value, then Hong Kong first, then the listing, whatever the input order', () => {
    fc.assert(
      fc.property(listings, fc.nat(), (ls, seed) => {
        const order = popularityOrder(ls)
        expect([...order].sort()).toEqual(ls.map((l) => l.id).sort())
        const shuffled = [...ls].sort((a, b) => ((a.id.charCodeAt(a.id.length - 1) * seed) % 7) - ((b.id.charCodeAt(b.id.length - 1) * seed) % 7))
        expect(popularityOrder(shuffled)).toEqual(order)
        const company = new Map<string, number>()
        for (const l of ls) company.set(l.nameEn, Math.max(company.get(l.nameEn) ?? 0, marketValueHkd(l)))
        const byId = new Map(ls.map((l) => [l.id, l]))
        for (let i = 1; i < order.length; i++) {
          const a = byId.get(order[i - 1]!)!
          const b = byId.get(order[i]!)!
          expect(company.get(a.nameEn)!).toBeGreaterThanOrEqual(company.get(b.nameEn)!)
          if (a.nameEn === b.nameEn && a.market !== b.market) expect(a.market).toBe('hk')
        }
      }),
    )
  })
})

// candidates over a tiny alphabet, so that codes, names and pinyin collide, prefix and contain each other
const over = (chars: string, maxLength: number) => fc.array(fc.constantFrom(...chars), { minLength: 1, maxLength }).map((cs) => cs.join(''))
const keyArb: fc.Arbitrary<SearchKey> = fc.oneof(over('123ab', 3).map(code), over('腾讯阿里ab', 4).map(name), over('ab', 3).map(pinyin))
const candidates = fc.uniqueArray(
  fc.record({ id: over('abcdefgh12', 4), keys: fc.array(keyArb, { minLength: 1, maxLength: 5 }), popularity: fc.integer({ min: 0, max: 5 }) }),
  { selector: (c) => c.id, maxLength: 10 },
)
/** a non-empty piece of `key`: from a, of length 1 + b (bounded) */
const piece = (key: string, a: number, b: number) => {
  const from = a % key.length
  return key.slice(from, from + 1 + (b % (key.length - from)))
}
/** a keyword: one of a candidate's own keys (or a piece of one), or anything over the same alphabet */
const keywordFor = (cs: readonly RankCandidate[]) =>
  cs.length === 0
    ? over('123ab腾讯阿里', 3)
    : fc.oneof(
        fc.constantFrom(...cs.flatMap((c) => c.keys.map((k) => k.key))),
        fc.tuple(fc.constantFrom(...cs.flatMap((c) => c.keys.map((k) => k.key))), fc.nat(), fc.nat()).map(([k, a, b]) => piece(k, a, b)),
        over('123ab腾讯阿里', 3),
      )
const withKeyword = candidates.chain((cs) => keywordFor(cs).map((k) => [cs, k] as const))

describe('rankStocks', () => {
  it('an exact code before an exact name or alias, before a prefix, before a substring; ties by popularity', () => {
    const cs: RankCandidate[] = [
      { id: 'usTME', keys: [code('tme'), name('腾讯音乐')], popularity: 40 },
      { id: 'hk01698', keys: [code('1698'), name('腾讯音乐-sw'), name('腾讯音乐')], popularity: 39 },
      { id: 'hk00700', keys: [code('700'), name('腾讯控股'), name('腾讯')], popularity: 1 },
      { id: 'hkXYZ', keys: [code('xyz'), name('大腾讯')], popularity: 0 },
    ]
    expect(rankStocks(cs, q('腾讯')).map((r) => [r.id, r.tier])).toEqual([
      ['hk00700', TIER.name],
      ['hk01698', TIER.prefix],
      ['usTME', TIER.prefix],
      ['hkXYZ', TIER.substring],
    ])
    expect(rankStocks(cs, q('TME')).map((r) => r.id)).toEqual(['usTME'])
  })

  it('property: an exact code match is always first', () => {
    fc.assert(
      fc.property(withKeyword, ([cs, keyword]) => {
        const query = q(keyword)
        const exact = cs.filter((c) => c.keys.some((k) => k.kind === 'code' && k.key === query.code && query.code !== ''))
        const ranked = rankStocks(cs, query)
        if (exact.length > 0) {
          expect(exact.map((c) => c.id)).toContain(ranked[0]!.id)
          expect(ranked.slice(0, exact.length).map((r) => r.id).sort()).toEqual(exact.map((c) => c.id).sort())
        }
      }),
      { numRuns: 300 },
    )
  })

  it('property: with no exact code, an exact name or alias match is always first', () => {
    fc.assert(
      fc.property(withKeyword, ([cs, keyword]) => {
        const query = q(keyword)
        const anyCode = cs.some((c) => c.keys.some((k) => k.kind === 'code' && k.key === query.code && query.code !== ''))
        const exactName = cs.filter((c) => c.keys.some((k) => k.kind === 'name' && k.key === query.text))
        const ranked = rankStocks(cs, query)
        if (!anyCode && exactName.length > 0) expect(exactName.map((c) => c.id)).toContain(ranked[0]!.id)
      }),
      { numRuns: 300 },
    )
  })

  it('property: exactly the matching stocks, each at its tier, ordered by tier, then popularity, then id', () => {
    fc.assert(
      fc.property(withKeyword, ([cs, keyword]) => {
        const query = q(keyword)
        const ranked = rankStocks(cs, query)
        expect(ranked.map((r) => r.id).sort()).toEqual(cs.filter((c) => matchTier(c.keys, query) !== null).map((c) => c.id).sort())
        for (const r of ranked) expect(r.tier).toBe(matchTier(r.keys, query))
        for (let i = 1; i < ranked.length; i++) expect(compareRanked(ranked[i - 1]!, ranked[i]!)).toBeLessThan(0)
      }),
      { numRuns: 300 },
    )
  })

  it('property: stable — the same answer whatever order the candidates come in, and ranking again changes nothing', () => {
    fc.assert(
      fc.property(withKeyword, fc.nat(), ([cs, keyword], seed) => {
        const query = q(keyword)
        const ranked = rankStocks(cs, query).map((r) => r.id)
        const rotated = [...cs.slice(seed % Math.max(1, cs.length)), ...cs.slice(0, seed % Math.max(1, cs.length))].reverse()
        expect(rankStocks(rotated, query).map((r) => r.id)).toEqual(ranked)
        expect(rankStocks(rankStocks(cs, query), query).map((r) => r.id)).toEqual(ranked)
      }),
      { numRuns: 300 },
    )
  })

  it('property: a key found whole, at its start or inside never ranks worse than exact, prefix or substring', () => {
    fc.assert(
      fc.property(over('腾讯阿里ab', 5), fc.nat(), fc.nat(), (key, a, b) => {
        expect(matchTier([name(key)], q(key))).toBe(TIER.name)
        expect(matchTier([name(key)], q(key.slice(0, 1 + (a % key.length))))).toBeLessThanOrEqual(TIER.prefix)
        expect(matchTier([name(key)], q(piece(key, a, b)))).toBeLessThanOrEqual(TIER.substring)
      }),
    )
  })
})
