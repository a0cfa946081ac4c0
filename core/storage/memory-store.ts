import type { KeyValueStore } from './storage-port'

/** A KeyValueStore kept in memory: for tests, and the fallback when browser storage is unavailable. */
export function createMemoryStore(initial: Record<string, string> = {}): KeyValueStore {
  const entries = new Map<string, string>(Object.entries(initial))
  return {
    get: (key) => entries.get(key) ?? null,
    set: (key, value) => {
      entries.set(key, value)
    },
    remove: (key) => {
      entries.delete(key)
    },
  }
}
