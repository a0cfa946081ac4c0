// Result page: /search?keyword={text}&type=post|live|financeCircle (spec 000 §2).

export type SearchResultType = 'post' | 'live' | 'financeCircle'

export const SEARCH_RESULT_PATH = '/search'

/** `/search?keyword=<encoded>` plus `&type=` when a result tab is named. */
export function buildResultsUrl(keyword: string, type?: SearchResultType): string {
  const query = `keyword=${encodeURIComponent(keyword)}${type ? `&type=${type}` : ''}`
  return `${SEARCH_RESULT_PATH}?${query}`
}
