// Search history: a list of strings in browser storage (spec 000 §3), newest first, at most 20
// entries (spec 000 §9: search history max 20 entries), no duplicates. Kept through the
// storage port (core/storage/storage-port.ts).
import type { KeyValueStore } from '../storage/storage-port'

/** spec 000 §9: search history max 20 entries */
export const SEARCH_HISTORY_MAX = 20

/** The storage key the history is kept under. */
export const SEARCH_HISTORY_KEY = 'searchHistory'

/**
 * Puts `keyword` (trimmed) at the front, removes an older copy of it and keeps at most
 * `max` entries. An empty keyword leaves the history as it is.
 */
export function addToHistory(
  history: readonly string[],
  keyword: string,
  max: number = SEARCH_HISTORY_MAX,
): string[] {
  const term = keyword.trim()
  if (term === '') return [...history]
  return [term, ...history.filter((h) => h !== term)].slice(0, max)
}

/** Reads the stored history; anything unreadable counts as no history. */
export function readHistory(store: Pick<KeyValueStore, 'get'>, key: string = SEARCH_HISTORY_KEY): string[] {
  let raw: string | null
  try {
    raw = store.get(key)
  } catch {
    return []
  }
  if (!raw) return []
  try {
    const parsed: unknown = JSON.parse(raw)
    if (!Array.isArray(parsed)) return []
    const out: string[] = []
    for (const item of parsed) {
      if (typeof item !== 'string') continue
      const term = item.trim()
      if (term !== '' && !out.includes(term)) out.push(term)
    }
    return out.slice(0, SEARCH_HISTORY_MAX)
  } catch {
    return []
  }
}

/** Writes the history (an empty history removes the key). */
export function writeHistory(
  store: Pick<KeyValueStore, 'set' | 'remove'>,
  history: readonly string[],
  key: string = SEARCH_HISTORY_KEY,
): void {
  if (history.length === 0) store.remove(key)
  else store.set(key, JSON.stringify(history.slice(0, SEARCH_HISTORY_MAX)))
}
