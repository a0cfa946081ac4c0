// How a view gets its feature's API module (design.md 'App state and the API layer'): each feature
// writes, in ui/<feature>/api.ts, one function from the HTTP port to the calls and machine actors
// it needs; views call `useXxxApi()` and never touch the port.
import { useMemo } from 'react'
import type { HttpPort } from '../../core/api/http-port'
import { useServices } from '../services'

/** `make` must be a module-level function (it is the memo's key together with the port). */
export function useApi<T>(make: (http: HttpPort) => T): T {
  const { http } = useServices()
  return useMemo(() => make(http), [make, http])
}
