// The port for small string values kept by the browser (search history, dismissed notices…).
// Implementations: adapters/storage/local-storage.ts in the browser, ./memory-store.ts in tests.

export interface KeyValueStore {
  /** The stored value, or null when there is none (or storage cannot be read). */
  get(key: string): string | null
  /** Stores the value; never throws (a full or forbidden storage drops the write). */
  set(key: string, value: string): void
  remove(key: string): void
}
