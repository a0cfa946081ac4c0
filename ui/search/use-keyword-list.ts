// The strips above the search results (related stocks, subjects): a short list for the keyword,
// nothing while it loads, when none matches or when the call fails.
import { useEffect, useState } from 'react'

/** `load` must keep its identity across renders (a feature api's function does). */
export function useKeywordList<T>(load: (keyword: string) => Promise<readonly T[]>, keyword: string): readonly T[] {
  const [items, setItems] = useState<readonly T[]>([])
  useEffect(() => {
    let live = true
    load(keyword).then(
      (list) => live && setItems(list),
      () => live && setItems([]),
    )
    return () => {
      live = false
    }
  }, [load, keyword])
  return items
}
