// The thin reader of the session machine (core/session/session.machine.ts). The actor is started
// once at the app root (ui/main.tsx, through ui/accounts/api.ts) and handed down in SessionActorContext;
// every feature reads it here with useSelector and sends it events. Nothing here calls the server.
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore } from 'react'
import { createActor, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { LoginInfo } from '../../core/api/accounts'
import { sessionMachine, type LoginRequest } from '../../core/session/session.machine'

export type { LoginRequest }
export type SessionActor = ActorRefFrom<typeof sessionMachine>
type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

export const SessionActorContext = createContext<SessionActor | null>(null)

// Rendered without a session host (a view test of a page, say): a guest that never changes.
const GUEST = createActor(sessionMachine)

export interface SessionUserView {
  id: number
  nick: string
  avatar: string
}

export interface SessionView {
  user: SessionUserView | null
  /** the full login info (spec 000 §3) when signed in: kyc, membership, coin balance */
  info: LoginInfo | null
  /** true while the login info of a hinted session is on its way (guards wait for it) */
  checking: boolean
  /** ids of the users the reader follows (spec 000 §4: cleared on logout) */
  followIds: readonly number[]
  /** ids of the subjects the reader follows ('focus list'; cleared on logout) */
  subjectIds: readonly number[]
  /** ids ('HK00700'…) of the stocks the reader follows */
  stockIds: readonly string[]
  /** true at once when signed in; otherwise opens the login dialog and resolves when it closes */
  requireLogin: () => Promise<boolean>
  openLogin: (request?: LoginRequest) => Promise<boolean>
  logout: () => Promise<void>
  actor: SessionActor
}

const settled = (s: SessionSnapshot) => s.context.login === null && !s.matches('checking') && !s.matches('loggingOut')

/** Opens the login dialog and resolves, once it has closed and any check is over, with whether the reader is signed in. */
export async function openLoginOn(actor: SessionActor, request: LoginRequest = {}): Promise<boolean> {
  if (actor === GUEST) return false
  actor.send({ type: 'login.open', request })
  const s = await waitFor(actor, settled, { timeout: Infinity })
  return s.matches('signedIn')
}

export function requireLoginOn(actor: SessionActor): Promise<boolean> {
  return actor.getSnapshot().matches('signedIn') ? Promise.resolve(true) : openLoginOn(actor)
}

export function useSessionActor(): SessionActor {
  return useContext(SessionActorContext) ?? GUEST
}

/**
 * The session as the server renders every page: a guest (ui/server-entry.tsx). React reads it while it
 * hydrates, so a part of a served page that hydrates after the reader's login info has arrived (a lazily
 * loaded page: its chunk comes after the session's first call) still matches the server's HTML, and
 * redraws as the reader is right after (issue 25: the locked prompt's 登录 hydrated as the buy button,
 * React error 418 on /news/{id}).
 */
const SERVER_SNAPSHOT: SessionSnapshot = GUEST.getSnapshot()

function useSessionSnapshot(actor: SessionActor): SessionSnapshot {
  const subscribe = useCallback((onChange: () => void) => {
    const subscription = actor.subscribe(onChange)
    return () => subscription.unsubscribe()
  }, [actor])
  const current = useCallback(() => actor.getSnapshot(), [actor])
  return useSyncExternalStore(subscribe, current, () => SERVER_SNAPSHOT)
}

export function useSession(): SessionView {
  const actor = useSessionActor()
  const snapshot = useSessionSnapshot(actor)
  const info = snapshot.context.info
  const checking = snapshot.matches('checking')
  const { userIds: followIds, subjectIds, stockIds } = snapshot.context
  return useMemo<SessionView>(
    () => ({
      user: info ? { id: info.id, nick: info.nick, avatar: info.avatar } : null,
      info,
      checking,
      followIds,
      subjectIds,
      stockIds,
      requireLogin: () => requireLoginOn(actor),
      openLogin: (request) => openLoginOn(actor, request),
      logout: async () => {
        actor.send({ type: 'session.logout' })
        await waitFor(actor, (s) => !s.matches('loggingOut'), { timeout: Infinity })
      },
      actor,
    }),
    [actor, info, checking, followIds, subjectIds, stockIds],
  )
}
