// zh-cn → zh-hk (Hong Kong traditional): the one conversion of every zh-hk text — answers and messages
// here, and the client's strings (scripts/gen-zh-hk.ts generates ui/i18n/zh-hk.ts with it). opencc-js
// 'cn' → 'hkp' (characters, HK glyphs, OpenCC's HKPhrases), then the reviewed Hong Kong wording of
// core/locale/hk-wording.ts by longest match; memoised per string.
import * as OpenCC from 'opencc-js'
import { findLongest, HK_WORDING, replaceLongest } from '../../core/locale/hk-wording'

interface Conversion {
  /** OpenCC alone */
  readonly opencc: (text: string) => string
  /** OpenCC, then the Hong Kong wording */
  readonly full: (text: string) => string
  /** each mainland form (as OpenCC renders it, and as written) → its HK word; protected phrases → themselves */
  readonly terms: ReadonlyMap<string, string>
}

/**
 * Built on first use: opencc's phrase tables take ~40 MB of heap, and a server whose readers all
 * read zh-cn never needs them (issue 11: memory after start).
 */
let conversion: Conversion | null = null
function build(): Conversion {
  const opencc = OpenCC.Converter({ from: 'cn', to: 'hkp' })
  // a term as OpenCC renders it alone, and as written: in a sentence OpenCC may segment it apart
  // and leave it as it was (在通讯录中搜索 keeps 搜索, though 搜索 alone becomes 搜尋)
  const terms = new Map(HK_WORDING.map((t) => [opencc(t.cn), t.hk]))
  for (const t of HK_WORDING) if (!terms.has(t.cn)) terms.set(t.cn, t.hk)
  const applyWording = replaceLongest(terms)
  return { opencc, full: (text) => applyWording(opencc(text)), terms }
}
const convert = (text: string): string => (conversion ??= build()).full(text)

/** A small LRU: Map keeps insertion order, so the first key is the least recently used. */
export class LruCache<K, V> {
  readonly #max: number
  readonly #map = new Map<K, V>()
  constructor(max: number) {
    this.#max = max
  }
  get size(): number {
    return this.#map.size
  }
  get(key: K): V | undefined {
    const value = this.#map.get(key)
    if (value !== undefined) {
      this.#map.delete(key)
      this.#map.set(key, value)
    }
    return value
  }
  set(key: K, value: V): void {
    this.#map.delete(key)
    this.#map.set(key, value)
    if (this.#map.size > this.#max) {
      const oldest = this.#map.keys().next()
      if (!oldest.done) this.#map.delete(oldest.value)
    }
  }
}

const cache = new LruCache<string, string>(4000)
// only text with at least one CJK ideograph can change
const HAS_HAN = /[\u3400-\u9fff\uf900-\ufaff]/
/** …or a mark the Hong Kong wording changes (“” → 「」) */
const MAY_CHANGE = /[\u3400-\u9fff\uf900-\ufaff\u201c\u201d]/

export function toHk(text: string): string {
  if (!MAY_CHANGE.test(text)) return text
  const hit = cache.get(text)
  if (hit !== undefined) return hit
  const converted = convert(text)
  cache.set(text, converted)
  return converted
}

/**
 * The mainland terms of the Hong Kong wording table found in `text` (a zh-hk text should have none),
 * as written there; a phrase the table protects (贊助) is not one.
 */
export function mainlandTermsIn(text: string): string[] {
  const { terms } = (conversion ??= build())
  return findLongest(terms, text, (key) => terms.get(key) !== key)
}

/**
 * The characters of traditional Chinese: Big5's hanzi (levels 1 and 2, lead bytes A4–F9), read
 * with the WHATWG decoder. Built on first use.
 */
let big5: ReadonlySet<string> | null = null
function traditionalCharacters(): ReadonlySet<string> {
  if (big5) return big5
  const decoder = new TextDecoder('big5')
  const set = new Set<string>()
  for (let lead = 0xa4; lead <= 0xf9; lead++)
    for (const [from, to] of [[0x40, 0x7e], [0xa1, 0xfe]] as const)
      for (let trail = from; trail <= to; trail++) {
        const c = decoder.decode(new Uint8Array([lead, trail]))
        if (c !== '\ufffd') set.add(c)
      }
  return (big5 = set)
}

/**
 * The simplified characters of `text` (issue 24's check: 0 on every zh-hk page): each character
 * OpenCC's simplified → Hong Kong conversion changes that traditional Chinese does not write.
 * Big5 decides what traditional Chinese writes, so a character both scripts share (里 in 毛里求斯,
 * 干 in 若干, 后 in 皇后) is not counted, nor are the Hong Kong glyphs OpenCC itself produces (着,
 * 説, 户); 万 is counted though Big5 keeps it for a surname, since it is what a missed 萬 looks like.
 */
export function simplifiedCharsIn(text: string): string[] {
  if (!HAS_HAN.test(text)) return []
  const { opencc } = (conversion ??= build())
  const traditional = traditionalCharacters()
  return [...text].filter((c) => HAS_HAN.test(c) && (c === '万' || !traditional.has(c)) && opencc(c) !== c)
}

/** The fields of an answer that hold Chinese text (not ids, slugs, URLs). */
export const TEXT_FIELDS: ReadonlySet<string> = new Set([
  'title',
  'summary',
  'paragraphs',
  'name',
  'nick',
  'brief',
  'tags',
  'channelName',
  'content',
  'source',
  'trendingSearchKeywords',
  // a circle's intro, a moment's sample, its tags and topics (issue 27: 社群 reads 社羣 in zh-hk)
  'intro',
  'excerpt',
  'tagName',
  'topicName',
  // the membership add-on's offer (spec 001 §3 vipDiscount: tip, summary, button)
  'tip',
  'button',
  // the goods of /member and the order dialog (spec 001 §3 'Purchase info', 'Coupon', 'Order info'):
  // 黄金会员 tags, 3个月 periods, 券后 badges, 立即开通 buttons, coupon names and rights (issue 24)
  'tag',
  'period',
  'badge',
  'displayUnit',
  'displayButtonText',
  'couponName',
  'validTime',
  'rightDescriptionList',
  // coupon descriptions; the questionnaire's description and its options' (spec 001 §3 'Question set')
  'description',
  // the values filled into an agreement's {{keys}} (spec 001 §3 'Agreement': a record of strings)
  'paramMap',
  // a membership tier's cheapest spec on /api/vips/v5 (铂金会员・月卡 on /black-gold/promote; issue 25)
  'specName',
  // the WeCom address book (core/api/wecom.ts): a member's position and company, a client's note and
  // company, a customer group's owner and notice
  'position',
  'corpName',
  'remark',
  'ownerName',
  'notice',
  // a circle's, a course's and a live column's introduction (core/api/circles.ts, circle-extras.ts; issue 27)
  'intro',
])

const isStringRecord = (v: unknown): v is Record<string, string> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((s) => typeof s === 'string')

/**
 * Returns a copy of `value` with every string (array of strings, record of strings) under a key in `fields`
 * converted to zh-hk, at any depth. Other values are shared, not copied.
 */
export function localiseToHk(value: unknown, fields: ReadonlySet<string> = TEXT_FIELDS): unknown {
  if (Array.isArray(value)) return value.map((item) => localiseToHk(item, fields))
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) {
    if (fields.has(key) && typeof v === 'string') out[key] = toHk(v)
    else if (fields.has(key) && Array.isArray(v) && v.every((s) => typeof s === 'string')) out[key] = v.map((s: string) => toHk(s))
    else if (fields.has(key) && isStringRecord(v)) out[key] = Object.fromEntries(Object.entries(v).map(([k, s]) => [k, toHk(s)]))
    else out[key] = localiseToHk(v, fields)
  }
  return out
}

export type ContentLang = 'zh-cn' | 'zh-hk'

/** spec 000 §7: the client sends Client-Lang (default zh-cn). */
export function contentLang(header: string | undefined | null): ContentLang {
  return header?.trim().toLowerCase() === 'zh-hk' ? 'zh-hk' : 'zh-cn'
}
