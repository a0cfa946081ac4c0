// Marking search matches without HTML: ranges [start, end) into the text, and the text cut into
// plain segments the view renders as text (a hit in <mark>), so user input is never markup.

export type HighlightRange = readonly [number, number]

export interface Segment {
  readonly text: string
  readonly hit: boolean
}

/** The words of a keyword: split at white space, lower-cased, distinct, longest first. */
export function keywordTerms(keyword: string): string[] {
  const out: string[] = []
  for (const part of keyword.toLowerCase().split(/\s+/)) if (part !== '' && !out.includes(part)) out.push(part)
  return out.sort((a, b) => b.length - a.length)
}

/** Every occurrence of every term in `text` (case-insensitive), merged, in order. */
export function highlightRanges(text: string, terms: readonly string[]): HighlightRange[] {
  const lower = text.toLowerCase()
  // lower-casing may change the length of some characters: then match nothing rather than misplace
  if (lower.length !== text.length) return []
  const found: [number, number][] = []
  for (const term of terms) {
    if (term === '') continue
    for (let i = lower.indexOf(term); i !== -1; i = lower.indexOf(term, i + term.length)) found.push([i, i + term.length])
  }
  found.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  const merged: [number, number][] = []
  for (const [s, e] of found) {
    const last = merged[merged.length - 1]
    if (last && s <= last[1]) last[1] = Math.max(last[1], e)
    else merged.push([s, e])
  }
  return merged
}

/** Cuts `text` into segments at the ranges (bad or out-of-order ranges are skipped). */
export function toSegments(text: string, ranges: readonly (readonly [number, number])[]): Segment[] {
  const out: Segment[] = []
  let at = 0
  for (const [s0, e0] of ranges) {
    const s = Math.max(at, Math.min(s0, text.length))
    const e = Math.min(Math.max(e0, s), text.length)
    if (e <= s) continue
    if (s > at) out.push({ text: text.slice(at, s), hit: false })
    out.push({ text: text.slice(s, e), hit: true })
    at = e
  }
  if (at < text.length || out.length === 0) out.push({ text: text.slice(at), hit: false })
  return out
}
