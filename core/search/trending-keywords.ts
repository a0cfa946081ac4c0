// Config `trendingSearchKeywords` is one comma-separated string (spec 000 §3); the search box
// rotates through the words every 5 s (spec 000 §9: hot-word carousel 5 s).

/** Splits the config value into trimmed, non-empty, distinct words, in order. Both the ASCII
 * comma and the full-width comma (，) separate words, since the value is edited by hand. */
export function parseTrendingKeywords(value: string | null | undefined): string[] {
  if (!value) return []
  const out: string[] = []
  for (const part of value.split(/[,，]/)) {
    const word = part.trim()
    if (word !== '' && !out.includes(word)) out.push(word)
  }
  return out
}

/** The word shown at carousel position `index` (wraps around); undefined with no words. */
export function hotWordAt(words: readonly string[], index: number): string | undefined {
  if (words.length === 0) return undefined
  const i = ((index % words.length) + words.length) % words.length
  return words[i]
}
