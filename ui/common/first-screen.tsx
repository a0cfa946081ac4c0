// The first screen the server inlined (core/api/first-screen.ts, core/api/initial-data.ts): the query
// cache (ui/common/use-read.ts) is seeded with the answers to its first calls, on the server and in the
// browser alike, so the browser hydrates the server's HTML without a mismatch and without asking
// again. The answers belong to the page the HTML was served for: after the first navigation they are
// forgotten (going back fetches afresh).
import { useEffect, useSyncExternalStore } from 'react'
import { useLocation } from 'wouter'
import { useServices, type Services } from '../services'

const samePath = (a: string, b: string) => a.replace(/(.)\/$/, '$1') === b.replace(/(.)\/$/, '$1')

function onServedPage(initial: Services['initial'], location: string): boolean {
  return initial.path !== null && initial.answers !== undefined && samePath(initial.path, location)
}

/**
 * "Now" for relative times ("3 分钟前"): on the served page, the time its answers were taken, so the
 * server and the browser write the same text; afterwards the clock.
 */
export function useRenderNow(): number {
  const { initial, now } = useServices()
  const [location] = useLocation()
  return onServedPage(initial, location) && initial.servedAt !== undefined ? initial.servedAt : now()
}

/** Mounted once in the app: forgets the inlined answers when the reader leaves the served page. */
export function ForgetFirstScreen() {
  const { initial } = useServices()
  const [location] = useLocation()
  useEffect(() => {
    if (initial.path !== null && !samePath(initial.path, location)) {
      initial.path = null
      initial.answers = undefined
    }
  }, [initial, location])
  return null
}

const noSubscription = () => () => {}
/**
 * False while the server renders and while the browser hydrates its HTML, true after: for what only
 * the browser draws (a chart, a lazy part kept out of the first screen). No effect and no setState.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false)
}
