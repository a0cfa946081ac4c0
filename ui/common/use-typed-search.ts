// A search box's read (spec 000 §9: a search asks once the reader pauses): the text as typed, and the
// read of what was typed `delayMs` after the last keystroke (ui/common/use-read.ts: keyed by the
// keyword, so a late answer to an older keyword never shows for a newer one). The pause is kept by the
// input's handler, not an effect; an empty box shows nothing.
//
//   const box = useTypedSearch((k) => api.searchStocks(k), 500)
//   <input value={box.text} onChange={(e) => box.type(e.target.value)} />
//   box.hits?.map(…)          // undefined while nothing is asked or the answer is not in
//   box.clear()               // after a pick
import { useCallback, useEffect, useRef, useState } from 'react'
import { useRead, type Read } from './use-read'

export function useTypedSearch<T>(read: (keyword: string) => Read<T>, delayMs: number) {
  const [text, setText] = useState('')
  const [asked, setAsked] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => {
    const pending = timer
    return () => clearTimeout(pending.current)
  }, [])
  const type = useCallback(
    (value: string) => {
      setText(value)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setAsked(value.trim()), delayMs)
    },
    [delayMs],
  )
  const clear = useCallback(() => {
    clearTimeout(timer.current)
    setText('')
    setAsked('')
  }, [])
  const found = useRead(asked ? read(asked) : null)
  return { text, type, clear, hits: text.trim() ? found.data : undefined }
}
