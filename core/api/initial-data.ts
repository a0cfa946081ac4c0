// Data the server inlines into the HTML it serves (a JSON script element, id `initial-data`), so
// the first paint needs no API round trip and no schema code: the site config on every page, and
// on a server-rendered page the answers of its first screen's calls (core/api/first-screen.ts),
// keyed by firstCallKey. Produced on the server by its own API (the same Effect Schemas' encoders
// as the API answers, as a guest); read by ui/main.tsx and by the server renderer alike.
import type { SiteConfig } from './content'

export const INITIAL_DATA_ELEMENT_ID = 'initial-data'

export interface InitialData {
  config: SiteConfig
  /** the first screen's API answers (`result` of each envelope), by firstCallKey */
  answers?: Readonly<Record<string, unknown>>
  /** when the answers were taken (ms since the epoch): relative times ("3 分钟前") render from it on both sides */
  servedAt?: number
}

/** Reads the inlined JSON; anything malformed counts as none (the page then fetches). */
export function parseInitialData(text: string | null | undefined): InitialData | null {
  if (!text) return null
  try {
    const data = JSON.parse(text) as unknown
    if (typeof data !== 'object' || data === null) return null
    const config = (data as { config?: unknown }).config
    if (typeof config !== 'object' || config === null) return null
    const answers = (data as { answers?: unknown }).answers
    const servedAt = (data as { servedAt?: unknown }).servedAt
    return {
      config: config as SiteConfig,
      ...(typeof answers === 'object' && answers !== null && !Array.isArray(answers) ? { answers: answers as Record<string, unknown> } : {}),
      ...(typeof servedAt === 'number' && Number.isFinite(servedAt) ? { servedAt } : {}),
    }
  } catch {
    return null
  }
}

/** Inline JSON inside <script>: `<` is escaped so no text can close the element. */
export function serialiseInitialData(data: InitialData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}
