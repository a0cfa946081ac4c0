// The session host: hands the session actor (core/session/session.machine.ts, started once at the
// app root) to every view through SessionActorContext, and shows what the session asks for: the
// login dialog while its `login` request is set, and the WeChat return flow when the page loads
// with ?wxcode=. Both load on demand (not in the home bundle). Views read the session with
// useSession() from ui/common/session.ts.
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import { readCookie } from '../../adapters/storage/cookies'
import { SessionActorContext, type SessionActor } from '../common/session'
import { useApi } from '../common/use-api'
import { sessionStarter } from './session-api'

export type { LoginRequest } from '../common/session'

export const LOGIN_HINT_COOKIE = 'gmh_login'
const LoginDialog = lazy(() => import('./login-dialog').then((m) => ({ default: m.LoginDialog })))
const WechatReturn = lazy(() => import('./wechat-return').then((m) => ({ default: m.WechatReturn })))

const wxcodeOf = () => (typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('wxcode'))

/** Whether the page starts by checking a session: the hint cookie is set and this is not a WeChat return. */
export const sessionHinted = () => !wxcodeOf() && typeof document !== 'undefined' && !!readCookie(LOGIN_HINT_COOKIE)

/** `actor`: the one started at the app root; without it (view tests) the host starts its own. */
export function SessionProvider({ actor: given, children }: { actor?: SessionActor; children: ReactNode }) {
  const start = useApi(sessionStarter)
  const [actor] = useState(() => given ?? start(sessionHinted()))
  const [wxcode] = useState(wxcodeOf)
  const request = useSelector(actor, (s) => s.context.login)
  return (
    <SessionActorContext.Provider value={actor}>
      {children}
      <Suspense fallback={null}>
        {request ? <LoginDialog request={request} /> : null}
        {wxcode ? <WechatReturn wxcode={wxcode} isLoggedIn={!!readCookie(LOGIN_HINT_COOKIE)} /> : null}
      </Suspense>
    </SessionActorContext.Provider>
  )
}
