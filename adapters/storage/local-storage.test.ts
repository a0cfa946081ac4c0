// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { createLocalStorageStore } from './local-storage'

afterEach(() => window.localStorage.clear())

/** A Storage whose chosen methods throw the given error. */
function failingStorage(fail: Partial<Record<'getItem' | 'setItem' | 'removeItem', Error>>): Storage {
  const data = new Map<string, string>()
  return {
    get length() {
      return data.size
    },
    clear: () => data.clear(),
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => {
      if (fail.getItem) throw fail.getItem
      return data.get(k) ?? null
    },
    setItem: (k, v) => {
      if (fail.setItem) throw fail.setItem
      data.set(k, v)
    },
    removeItem: (k) => {
      if (fail.removeItem) throw fail.removeItem
      data.delete(k)
    },
  }
}

describe('createLocalStorageStore', () => {
  it('keeps values in window.localStorage', () => {
    const store = createLocalStorageStore()
    store.set('searchHistory', '["腾讯控股"]')
    expect(window.localStorage.getItem('searchHistory')).toBe('["腾讯控股"]')
    expect(store.get('searchHistory')).toBe('["腾讯控股"]')
    store.remove('searchHistory')
    expect(window.localStorage.getItem('searchHistory')).toBeNull()
    expect(store.get('searchHistory')).toBeNull()
  })

  it('leaves no probe key behind', () => {
    createLocalStorageStore()
    expect(window.localStorage.length).toBe(0)
  })

  it('drops a write when the quota is exceeded, keeping the old value', () => {
    const storage = failingStorage({})
    const store = createLocalStorageStore(() => storage)
    store.set('k', 'old')
    const quota = new DOMException('full', 'QuotaExceededError')
    storage.setItem = () => {
      throw quota
    }
    expect(() => store.set('k', 'new')).not.toThrow()
    expect(store.get('k')).toBe('old')
  })

  it('reads null when reading throws', () => {
    const storage = failingStorage({})
    const store = createLocalStorageStore(() => storage)
    storage.getItem = () => {
      throw new DOMException('denied', 'SecurityError')
    }
    expect(store.get('k')).toBeNull()
    storage.removeItem = () => {
      throw new DOMException('denied', 'SecurityError')
    }
    expect(() => store.remove('k')).not.toThrow()
  })

  it('falls back to memory when touching localStorage throws (cookies blocked)', () => {
    const store = createLocalStorageStore(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    store.set('k', 'v')
    expect(store.get('k')).toBe('v')
    store.remove('k')
    expect(store.get('k')).toBeNull()
  })

  it('falls back to memory when there is no localStorage', () => {
    const store = createLocalStorageStore(() => undefined)
    store.set('k', 'v')
    expect(store.get('k')).toBe('v')
  })

  it('falls back to memory when every write fails (storage with no quota)', () => {
    const store = createLocalStorageStore(() => failingStorage({ setItem: new DOMException('full', 'QuotaExceededError') }))
    store.set('k', 'v')
    expect(store.get('k')).toBe('v')
  })
})
