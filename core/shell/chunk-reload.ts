// spec 000 §4, §8: a chunk-load failure triggers one page reload, at most once per 60 seconds.
export const CHUNK_RELOAD_INTERVAL_MS = 60_000
export const CHUNK_RELOAD_KEY = 'gmh.chunkReloadAt'

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /ChunkLoadError/i,
  /Loading chunk [\w-]+ failed/i,
  /Unable to preload CSS/i,
]

export function isChunkLoadError(error: unknown): boolean {
  const text =
    error instanceof Error ? `${error.name} ${error.message}` : typeof error === 'string' ? error : ''
  return CHUNK_ERROR_PATTERNS.some((p) => p.test(text))
}

/** Reload when no reload happened in the last 60 s (a bad or missing stored time counts as none). */
export function shouldReloadForChunkError(lastReloadAt: string | null, nowMs: number): boolean {
  const last = lastReloadAt === null ? NaN : Number(lastReloadAt)
  if (!Number.isFinite(last) || last > nowMs) return true
  return nowMs - last >= CHUNK_RELOAD_INTERVAL_MS
}
