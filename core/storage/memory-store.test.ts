import { describe, expect, it } from 'vitest'
import * as fc from 'fast-check'
import { createMemoryStore } from './memory-store'

describe('createMemoryStore', () => {
  it('stores, reads and removes values', () => {
    const store = createMemoryStore()
    expect(store.get('history')).toBeNull()
    store.set('history', '["腾讯"]')
    expect(store.get('history')).toBe('["腾讯"]')
    store.remove('history')
    expect(store.get('history')).toBeNull()
  })

  it('starts from the initial entries without sharing them', () => {
    const initial = { lang: 'zh-hk' }
    const store = createMemoryStore(initial)
    expect(store.get('lang')).toBe('zh-hk')
    store.set('lang', 'zh-cn')
    expect(initial.lang).toBe('zh-hk')
  })

  it('does not read keys inherited from Object.prototype', () => {
    expect(createMemoryStore().get('toString')).toBeNull()
    expect(createMemoryStore().get('__proto__')).toBeNull()
  })

  it('behaves like a map for any sequence of operations (property)', () => {
    const key = fc.constantFrom('a', 'b', '__proto__', 'constructor', '')
    const op = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key, value: fc.string() }),
      fc.record({ kind: fc.constant('remove' as const), key }),
    )
    fc.assert(
      fc.property(fc.array(op), (ops) => {
        const store = createMemoryStore()
        const model = new Map<string, string>()
        for (const o of ops) {
          if (o.kind === 'set') {
            store.set(o.key, o.value)
            model.set(o.key, o.value)
          } else {
            store.remove(o.key)
            model.delete(o.key)
          }
          for (const k of ['a', 'b', '__proto__', 'constructor', '']) expect(store.get(k)).toBe(model.get(k) ?? null)
        }
      }),
    )
  })
})
