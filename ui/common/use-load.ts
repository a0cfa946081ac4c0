// A loader hook for a view's one read (market pages, portfolio pages): loading, failed with the message, ready.
import { useCallback, useEffect, useRef, useState } from 'react'
import { errorMessage } from '../../core/api/api-error'

export type Load<T> = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; data: T }

/**
 * Runs `load` whenever `key` changes; `reload` runs it again. The latest answer wins. With `initial`
 * (the server's inlined first answer, ui/common/first-screen.tsx) it starts ready and does not ask
 * for its first key, so a server-rendered page hydrates as it was served; any later key is asked for.
 */
export function useLoad<T>(load: () => Promise<T>, key: string, initial?: T): Load<T> & { reload: () => void } {
  const [state, setState] = useState<Load<T>>(() => (initial === undefined ? { status: 'loading' } : { status: 'ready', data: initial }))
  const [n, setN] = useState(0)
  const loadRef = useRef(load)
  loadRef.current = load
  // the first run is answered already when the server inlined it
  const answered = useRef(initial !== undefined)
  useEffect(() => {
    if (answered.current) {
      answered.current = false
      return
    }
    let live = true
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }))
    loadRef.current().then(
      (data) => live && setState({ status: 'ready', data }),
      (e: unknown) => live && setState({ status: 'failed', message: errorMessage(e) }),
    )
    return () => {
      live = false
    }
  }, [key, n])
  const reload = useCallback(() => setN((x) => x + 1), [])
  return { ...state, reload } as Load<T> & { reload: () => void }
}
