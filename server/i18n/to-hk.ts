// zh-cn → zh-hk (Hong Kong traditional) for content text, with opencc-js; memoised per string.
import * as OpenCC from 'opencc-js'

/**
 * Built on first use: opencc's phrase tables take ~40 MB of heap, and a server whose readers all
 * read zh-cn never needs them (issue 11: memory after start).
 */
let converter: ((text: string) => string) | null = null
const convert = (text: string): string => (converter ??= OpenCC.Converter({ from: 'cn', to: 'hk' }))(text)

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

export function toHk(text: string): string {
  if (!HAS_HAN.test(text)) return text
  const hit = cache.get(text)
  if (hit !== undefined) return hit
  const converted = convert(text)
  cache.set(text, converted)
  return converted
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
  // the membership add-on's offer (spec 001 §3 vipDiscount: tip, summary, button)
  'tip',
  'button',
])

/**
 * Returns a copy of `value` with every string (or array of strings) under a key in `fields`
 * converted to zh-hk, at any depth. Other values are shared, not copied.
 */
export function localiseToHk(value: unknown, fields: ReadonlySet<string> = TEXT_FIELDS): unknown {
  if (Array.isArray(value)) return value.map((item) => localiseToHk(item, fields))
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) {
    if (fields.has(key) && typeof v === 'string') out[key] = toHk(v)
    else if (fields.has(key) && Array.isArray(v) && v.every((s) => typeof s === 'string')) out[key] = v.map((s: string) => toHk(s))
    else out[key] = localiseToHk(v, fields)
  }
  return out
}

export type ContentLang = 'zh-cn' | 'zh-hk'

/** spec 000 §7: the client sends Client-Lang (default zh-cn). */
export function contentLang(header: string | undefined | null): ContentLang {
  return header?.trim().toLowerCase() === 'zh-hk' ? 'zh-hk' : 'zh-cn'
}
