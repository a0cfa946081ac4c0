// The reader's session on the client. CONTRACT used by other features: `useSession()` gives the
// signed-in user (or null) and `requireLogin()`, which opens the login dialog for guests (spec 000
// §4: guests who act get the login dialog) and resolves true once signed in.
import { createContext, useContext } from 'react'

export interface SessionUserView {
  id: number
  nick: string
  avatar: string
}

export interface SessionApi {
  user: SessionUserView | null
  /** true at once when signed in; otherwise opens the login dialog */
  requireLogin: () => Promise<boolean>
}

const guest: SessionApi = { user: null, requireLogin: async () => false }

export const SessionContext = createContext<SessionApi>(guest)

export function useSession(): SessionApi {
  return useContext(SessionContext)
}
