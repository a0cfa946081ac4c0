// The strips above the search results (related stocks, subjects, portfolios): a short list for the
// keyword through the one read helper, nothing while it loads, when none matches or when the call fails.
import { useRead, type Read } from '../common/use-read'

export function useKeywordList<T>(read: Read<{ readonly list: readonly T[] }>): readonly T[] {
  const answer = useRead(read)
  return answer.status === 'ready' ? answer.data.list : []
}
