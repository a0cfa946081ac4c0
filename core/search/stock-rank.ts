// Which stock a reader means (issue 24; spec 000 §7 'Search', /api/search/stock). A stock is found by
// its keys — its code, its names (the short name, the same without its share-class marker, the
// Hong Kong name, the English name), the aliases of Chinese-language financial media (中移动, 港交所,
// Tencent…), searched like names, and the pinyin of its Chinese names — and ranked:
//
//   1. an exact code            (00700, 700, 00700.HK, hk00700, AAPL)
//   2. an exact name or alias   (腾讯控股, 腾讯, Tencent, 阿里巴巴 for 阿里巴巴-W)
//   3. exact pinyin             (txkg, tengxun of the alias 腾讯)
//   4. a prefix of any key      (腾 → 腾讯控股, 腾讯音乐; 70 → 00700)
//   5. a name containing it     (控股 → 腾讯控股)
//
// and, within a tier, by popularity: the listing most readers mean first. The measure is market
// value (shares outstanding × last close, in Hong Kong dollars; US dollars at the peg), of the
// company rather than the listing, and of a company listed in both markets its Hong Kong listing
// first. Why market value rather than turnover or follows: it is the "giant" readers mean — a parent
// is worth more than its subsidiary (腾讯控股 before 腾讯音乐, 阿里巴巴 before 阿里健康) — it moves
// slowly (turnover swings with each day's news), it exists for every listing on the first day (follows
// of a new site are few, and can be farmed), and it needs no data we do not already hold.
// Ties end at the id, so the order is total: the same answer for the same stocks, in any order.
//
// The server answers with SQL that mirrors `matchTier` and orders by the stored `popularityOrder`;
// server/reading/search.test.ts checks that it equals `rankStocks` over every seeded stock.

/** A lower tier ranks first. */
export const TIER = { code: 0, name: 1, pinyin: 2, prefix: 3, substring: 4 } as const
export type Tier = (typeof TIER)[keyof typeof TIER]

export type SearchKeyKind = 'code' | 'name' | 'pinyin'
/** One key of a stock, already normalised (see `stockKeys`). */
export interface SearchKey {
  readonly kind: SearchKeyKind
  readonly key: string
}

/** The three forms of a keyword: for names, for pinyin (no spaces) and for codes (no leading zeros). */
export interface StockQuery {
  readonly text: string
  readonly compact: string
  readonly code: string
}

/** Traditional → simplified (the server gives OpenCC hk → cn; our names and aliases are stored simplified). */
export type ToSimplified = (text: string) => string
/** Pinyin initials and full pinyin of a Chinese name, lower-case a–z and digits only. */
export type PinyinOf = (name: string) => { initials: string; full: string }

/** NFKC (full-width → half-width), lower case, one space between words, trimmed. */
export function searchText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim()
}

/** A short name without its share-class marker: 阿里巴巴-W → 阿里巴巴, 百度集团-SW → 百度集团, 谷歌-A → 谷歌. */
export function baseName(name: string): string {
  return name.replace(/-[A-Z]{1,2}$/, '')
}

/** A numeric code without leading zeros (00700 → 700, so 700 finds it), a ticker in lower case. */
export function codeKey(code: string): string {
  const c = code.toLowerCase()
  return /^[0-9]+$/.test(c) ? c.replace(/^0+/, '') : c
}

/** A code as shown or as an id: 00700.HK and hk00700 are 00700, AAPL.US is AAPL. */
function typedCode(compact: string): string {
  return /^(?:hk)?([0-9]+)(?:\.hk)?$/.exec(compact)?.[1] ?? /^([a-z][a-z0-9.-]*)\.us$/.exec(compact)?.[1] ?? compact
}

export function stockQuery(keyword: string, toSimplified: ToSimplified): StockQuery {
  const text = searchText(toSimplified(searchText(keyword)))
  const compact = text.replace(/ /g, '')
  return { text, compact, code: codeKey(typedCode(compact)) }
}

export interface StockNames {
  readonly code: string
  readonly name: string
  readonly nameHk: string
  readonly nameEn: string
}

const HAN = /\p{Script=Han}/u

/** Every key of a stock, without repeats, in a fixed order: code, names and aliases, pinyin. */
export function stockKeys(stock: StockNames, aliases: readonly string[], convert: { toSimplified: ToSimplified; pinyin: PinyinOf }): SearchKey[] {
  const norm = (s: string) => searchText(convert.toSimplified(searchText(s)))
  const out: SearchKey[] = []
  const add = (kind: SearchKeyKind, key: string) => {
    if (key !== '' && !out.some((k) => k.kind === kind && k.key === key)) out.push({ kind, key })
  }
  add('code', codeKey(stock.code))
  const names = [stock.name, baseName(stock.name), stock.nameHk, baseName(stock.nameHk), stock.nameEn, ...aliases].map(norm)
  for (const n of names) add('name', n)
  const chinese = [baseName(stock.name), baseName(stock.nameHk), ...aliases].map(norm).filter((n) => HAN.test(n))
  for (const n of chinese) {
    const { initials, full } = convert.pinyin(n)
    add('pinyin', initials)
    add('pinyin', full)
  }
  return out
}

/** How one key matches, or null. The server's SQL (server/reading/search.ts) says the same. */
export function keyTier(k: SearchKey, q: StockQuery): Tier | null {
  switch (k.kind) {
    case 'code':
      if (q.code === '') return null
      return k.key === q.code ? TIER.code : k.key.startsWith(q.code) ? TIER.prefix : null
    case 'name':
      if (q.text === '') return null
      return k.key === q.text ? TIER.name : k.key.startsWith(q.text) ? TIER.prefix : k.key.includes(q.text) ? TIER.substring : null
    case 'pinyin':
      if (q.compact === '') return null
      return k.key === q.compact ? TIER.pinyin : k.key.startsWith(q.compact) ? TIER.prefix : null
  }
}

/** A stock's best tier over its keys, or null when nothing matches. */
export function matchTier(keys: readonly SearchKey[], q: StockQuery): Tier | null {
  let best: Tier | null = null
  for (const k of keys) {
    const t = keyTier(k, q)
    if (t !== null && (best === null || t < best)) best = t
  }
  return best
}

// --- popularity --------------------------------------------------------------------------------

/** HKMA's linked exchange rate: 7.75–7.85 HKD to the US dollar; its centre. */
export const HKD_PER_USD = 7.8
/** Of one company's listings, Hong Kong's first: the site is for Hong Kong and US readers, Hong Kong first. */
const MARKET_ORDER: Readonly<Record<string, number>> = { hk: 0, us: 1 }

export interface Listing {
  readonly id: string
  readonly market: string
  /** the English name, which a company's listings share (hk09988 and usBABA: Alibaba Group) */
  readonly nameEn: string
  readonly currency: string
  readonly sharesOutstanding: number
  readonly lastCloseCents: number
}

/** Shares outstanding × last close, in Hong Kong dollars. Indices (no shares) are worth 0. */
export function marketValueHkd(l: Listing): number {
  return ((l.sharesOutstanding * l.lastCloseCents) / 100) * (l.currency === 'USD' ? HKD_PER_USD : 1)
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Listing ids, most popular first: company value, then Hong Kong first, then the listing's own value, then id. */
export function popularityOrder(listings: readonly Listing[]): string[] {
  const company = new Map<string, number>()
  const companyOf = (l: Listing) => searchText(l.nameEn)
  for (const l of listings) company.set(companyOf(l), Math.max(company.get(companyOf(l)) ?? 0, marketValueHkd(l)))
  return [...listings]
    .sort(
      (a, b) =>
        company.get(companyOf(b))! - company.get(companyOf(a))! ||
        (MARKET_ORDER[a.market] ?? 9) - (MARKET_ORDER[b.market] ?? 9) ||
        marketValueHkd(b) - marketValueHkd(a) ||
        byCodeUnits(a.id, b.id),
    )
    .map((l) => l.id)
}

// --- ranking -----------------------------------------------------------------------------------

export interface RankCandidate {
  readonly id: string
  readonly keys: readonly SearchKey[]
  /** the stock's place in `popularityOrder` (lower first) */
  readonly popularity: number
}

export type Ranked<T extends RankCandidate> = T & { readonly tier: Tier }

/** Tier, then popularity, then id: a total order. */
export function compareRanked(a: { id: string; tier: Tier; popularity: number }, b: { id: string; tier: Tier; popularity: number }): number {
  return a.tier - b.tier || a.popularity - b.popularity || byCodeUnits(a.id, b.id)
}

/** The stocks that match, the one most readers mean first. */
export function rankStocks<T extends RankCandidate>(candidates: readonly T[], q: StockQuery): Ranked<T>[] {
  const out: Ranked<T>[] = []
  for (const c of candidates) {
    const tier = matchTier(c.keys, q)
    if (tier !== null) out.push({ ...c, tier })
  }
  return out.sort(compareRanked)
}
