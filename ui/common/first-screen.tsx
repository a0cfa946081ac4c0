// The first screen the server inlined (core/api/first-screen.ts, core/api/initial-data.ts): a view's
// machine starts from the answer to its first call, on the server and in the browser alike, so the
// browser hydrates the server's HTML without a mismatch and without asking again. The answers belong
// to the page the HTML was served for: after the first navigation they are forgotten (going back
// fetches afresh).
import { useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { firstCallKey, type FirstCall } from '../../core/api/first-screen'
import { useServices, type Services } from '../services'

const samePath = (a: string, b: string) => a.replace(/(.)\/$/, '$1') === b.replace(/(.)\/$/, '$1')

function onServedPage(initial: Services['initial'], location: string): boolean {
  return initial.path !== null && initial.answers !== undefined && samePath(initial.path, location)
}

/** The inlined answer to `call` while the served page is shown (read once, when the view mounts). */
export function useFirstAnswer<T>(call: FirstCall | null): T | undefined {
  const { initial } = useServices()
  const [location] = useLocation()
  const [answer] = useState(() => (call && onServedPage(initial, location) ? (initial.answers?.[firstCallKey(call)] as T | undefined) : undefined))
  return answer
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
