// The full-text search port (issue 31 'Full text at scale'): what the search service
// (server/reading/search.ts) asks of an engine, so a deployment past one database can plug another
// (OpenSearch or Elasticsearch with a Chinese analyzer such as IK or smartcn) without touching the
// routes or the service. The service normalises the keyword, asks the engine for one page of ids,
// then reads those rows from the database and highlights them; the engine owns only matching and
// ranking. The default is the database's own index (server/reading/search-postgres.ts), the same
// code on PGlite and PostgreSQL; search.ts's useTextSearchEngine plugs another.
/** The contract every engine keeps (the PostgreSQL engine's figures: docs/search.md). */
export interface TextQuery {
  /** the keyword's words: NFKC, lower case, simplified Chinese, no punctuation or space, distinct */
  readonly terms: readonly string[]
  /** 1-based */
  readonly page: number
  readonly count: number
}

export interface ArticleTextQuery extends TextQuery {
  /** VIP articles only */
  readonly vipOnly: boolean
  /** every word in the title (not only in title or summary) */
  readonly titleOnly: boolean
}

export interface FlashTextQuery extends TextQuery {
  /** create_timestamp bounds, seconds, inclusive */
  readonly from: number
  readonly to: number
}

/**
 * One page of matches. A match holds every term as a substring (exact: 腾讯 finds exactly the items
 * whose text contains 腾讯) in the article's title or summary, or the flash's title or content. The
 * newest RANK_WINDOW matches are ranked, more terms in the title first, then newer first (then the
 * larger id); `total` counts them (so it is at most RANK_WINDOW), and `ids` is the asked page of them.
 */
export interface TextMatches {
  readonly ids: number[]
  readonly total: number
}

export interface TextSearchEngine {
  /** shown by the bench and in logs */
  readonly name: string
  articles(query: ArticleTextQuery): Promise<TextMatches>
  flashes(query: FlashTextQuery): Promise<TextMatches>
}

/** How many of the newest matches are ranked and paged (pages beyond it are not offered). */
export const RANK_WINDOW = 500
