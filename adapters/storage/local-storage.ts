// KeyValueStore on window.localStorage. Browsers may forbid it (blocked cookies, sandboxed frames:
// SecurityError), give it no room (QuotaExceededError) or lack it; none of these may break a page.
import type { KeyValueStore } from '../../core/storage/storage-port'
import { createMemoryStore } from '../../core/storage/memory-store'

const PROBE_KEY = '__gmh_storage_probe__'

export function createLocalStorageStore(getStorage: () => Storage | undefined = () => globalThis.localStorage): KeyValueStore {
  const storage = usableStorage(getStorage)
  // Unusable storage: remember for this page only.
  if (!storage) return createMemoryStore()
  return {
    get: (key) => {
      try {
        return storage.getItem(key)
      } catch {
        return null
      }
    },
    set: (key, value) => {
      try {
        storage.setItem(key, value)
      } catch {
        // full or forbidden: the write is dropped
      }
    },
    remove: (key) => {
      try {
        storage.removeItem(key)
      } catch {
        // forbidden: nothing to do
      }
    },
  }
}

/** The storage if it can be reached and written to, else undefined. */
function usableStorage(getStorage: () => Storage | undefined): Storage | undefined {
  try {
    const storage = getStorage()
    if (!storage) return undefined
    storage.setItem(PROBE_KEY, '1')
    storage.removeItem(PROBE_KEY)
    return storage
  } catch {
    return undefined
  }
}
