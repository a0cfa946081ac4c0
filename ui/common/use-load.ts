// A loader hook for a view's one read (market pages, portfolio pages): loading, failed with the message, ready.
import { useCallback, useEffect, useRef, useState } from 'react'

export type Load<T> = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; data: T }

/** Runs `load` whenever `key` changes; `reload` runs it again. The latest answer wins. */
export function useLoad<T>(load: () => Promise<T>, key: string): Load<T> & { reload: () => void } {
  const [state, setState] = useState<Load<T>>({ status: 'loading' })
  const [n, setN] = useState(0)
  const loadRef = useRef(load)
  loadRef.current = load
  useEffect(() => {
    let live = true
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }))
    loadRef.current().then(
      (data) => live && setState({ status: 'ready', data }),
      (e: unknown) => live && setState({ status: 'failed', message: e instanceof Error ? e.message : String(e) }),
    )
    return () => {
      live = false
    }
  }, [key, n])
  const reload = useCallback(() => setN((x) => x + 1), [])
  return { ...state, reload } as Load<T> & { reload: () => void }
}

