// Joining a circle (spec 001 §7 POST /api/momentUser/v1: a free circle or course, after logging in) and
// buying or renewing a paid one through the order dialog: the one way the circle and course pages let
// a reader in. `join` asks the server; the reads under `invalidates` are read again once it has.
import { useState } from 'react'
import { normaliseError } from '../../core/api/api-error'
import { useBuy } from '../common/buy'
import { useSession } from '../common/session'
import { useInvalidate } from '../common/use-read'

export function useJoin(join: () => Promise<unknown>, invalidates: readonly string[]) {
  const buy = useBuy()
  const session = useSession()
  const invalidate = useInvalidate()
  const [joining, setJoining] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const run = async () => {
    if (!(await session.requireLogin())) return
    setJoining(true)
    setError(null)
    try {
      await join()
      for (const key of invalidates) invalidate(key)
    } catch (e) {
      setError(normaliseError(e).message)
    } finally {
      setJoining(false)
    }
  }
  return { buy, joining, error, join: run }
}
