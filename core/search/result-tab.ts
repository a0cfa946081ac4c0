// One tab of the results page (/search?type=post|live|financeCircle, spec 000 §2): /api/search/{type}
// fills only the asked part of SearchResults; the tab shows that part's hits, tagged with their kind.
import type { LiveHit, PostHit, SearchResults } from '../api/search'
import type { SearchResultType } from './search-url'

export type ResultHit = { kind: 'post'; hit: PostHit } | { kind: 'live'; hit: LiveHit } | { kind: 'circle'; hit: { id: number; name: string } }

export interface ResultTab {
  list: ResultHit[]
  hasMore: boolean
  /** hits in the whole result (0 when the server sent no part) */
  total: number
}

export function resultTab(answer: SearchResults, type: SearchResultType): ResultTab {
  const tab = <P extends { list: readonly unknown[]; hasMore: boolean; total?: number | undefined }>(part: P | undefined, tag: (hit: P['list'][number]) => ResultHit): ResultTab => ({
    list: (part?.list ?? []).map(tag),
    hasMore: part?.hasMore ?? false,
    total: part?.total ?? 0,
  })
  if (type === 'post') return tab(answer.searchPost, (hit) => ({ kind: 'post', hit }))
  if (type === 'live') return tab(answer.searchLive, (hit) => ({ kind: 'live', hit }))
  return tab(answer.searchFinancialCircle, (hit) => ({ kind: 'circle', hit }))
}
