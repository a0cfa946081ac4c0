import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { addToHistory, readHistory, SEARCH_HISTORY_KEY, SEARCH_HISTORY_MAX, writeHistory } from './search-history'
import type { KeyValueStore } from '../storage/storage-port'

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    get: (k) => data.get(k) ?? null,
    set: (k, v) => void data.set(k, v),
    remove: (k) => void data.delete(k),
  }
}

const term = fc.string({ minLength: 1, maxLength: 6 }).filter((s) => s.trim() === s && s !== '')
const history = fc.uniqueArray(term, { maxLength: 25 })

describe('addToHistory', () => {
  it('puts the newest first and moves an existing term to the front', () => {
    expect(addToHistory(['腾讯', '苹果'], '特斯拉')).toEqual(['特斯拉', '腾讯', '苹果'])
    expect(addToHistory(['腾讯', '苹果', '特斯拉'], '苹果')).toEqual(['苹果', '腾讯', '特斯拉'])
  })
  it('keeps 20 entries at most (spec 000 §9)', () => {
    const full = Array.from({ length: 20 }, (_, i) => `w${i}`)
    const next = addToHistory(full, 'new')
    expect(next).toHaveLength(20)
    expect(next[0]).toBe('new')
    expect(next).not.toContain('w19')
  })
  it('trims and ignores empty terms', () => {
    expect(addToHistory(['a'], '  b  ')).toEqual(['b', 'a'])
    expect(addToHistory(['a'], '   ')).toEqual(['a'])
  })
  it('property: newest first, no duplicates, at most 20, others keep their order', () => {
    fc.assert(
      fc.property(history, term, (h, t) => {
        const next = addToHistory(h, t)
        expect(next[0]).toBe(t)
        expect(new Set(next).size).toBe(next.length)
        expect(next.length).toBeLessThanOrEqual(SEARCH_HISTORY_MAX)
        expect(next.length).toBe(Math.min(SEARCH_HISTORY_MAX, h.filter((x) => x !== t).length + 1))
        expect(next.slice(1)).toEqual(h.filter((x) => x !== t).slice(0, SEARCH_HISTORY_MAX - 1))
      }),
    )
  })
  it('property: adding the same term twice changes nothing more', () => {
    fc.assert(
      fc.property(history, term, (h, t) => {
        expect(addToHistory(addToHistory(h, t), t)).toEqual(addToHistory(h, t))
      }),
    )
  })
})

describe('readHistory / writeHistory', () => {
  it('round-trips through a store', () => {
    fc.assert(
      fc.property(fc.uniqueArray(term, { maxLength: 20 }), (h) => {
        const store = memoryStore()
        writeHistory(store, h)
        expect(readHistory(store)).toEqual(h)
      }),
    )
  })
  it('an empty history removes the key', () => {
    const store = memoryStore()
    writeHistory(store, ['a'])
    writeHistory(store, [])
    expect(store.data.has(SEARCH_HISTORY_KEY)).toBe(false)
  })
  it('treats missing, broken or foreign data as no history and drops non-strings', () => {
    const store = memoryStore()
    expect(readHistory(store)).toEqual([])
    store.set(SEARCH_HISTORY_KEY, '{not json')
    expect(readHistory(store)).toEqual([])
    store.set(SEARCH_HISTORY_KEY, '{"a":1}')
    expect(readHistory(store)).toEqual([])
    store.set(SEARCH_HISTORY_KEY, JSON.stringify(['a', 3, ' ', 'a', 'b']))
    expect(readHistory(store)).toEqual(['a', 'b'])
    expect(readHistory({ get: () => { throw new Error('denied') } })).toEqual([])
  })
})
