// The reader's session on the client. CONTRACT used by other features: `useSession()` gives the
// signed-in user (or null) and `requireLogin()`, which opens the login dialog for guests (spec 000
// §4: guests who act get the login dialog) and resolves true once signed in.
// SessionProvider (ui/main.tsx wraps the app in it) asks for the login info only when the
// server's `gmh_login` hint cookie says there is a session, after first paint; the login dialog
// and the WeChat return flow load on demand (not in the home bundle).
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import type { LoginInfo } from '../../core/api/accounts'
import type { BindInfo } from '../../core/auth/auth-types'
import { readCookie } from '../../adapters/storage/cookies'
import { useServices } from '../services'

export interface SessionUserView {
  id: number
  nick: string
  avatar: string
}

export interface LoginRequest {
  tab?: 'phoneCode' | 'password' | 'forget'
  page?: 'base' | 'bindphone'
  bindInfo?: BindInfo
}

export interface SessionApi {
  user: SessionUserView | null
  /** true at once when signed in; otherwise opens the login dialog */
  requireLogin: () => Promise<boolean>
  /** the full login info (spec 000 §3) when signed in */
  info?: LoginInfo | null
  /** true while the login info of a hinted session is still on its way (guards wait for it) */
  checking?: boolean
  /** ids of the users the reader follows (spec 000 §4: cleared on logout) */
  followIds?: readonly number[]
  openLogin?: (request?: LoginRequest) => Promise<boolean>
  setInfo?: (info: LoginInfo | null) => void
  refresh?: () => Promise<void>
  logout?: () => Promise<void>
  setFollowIds?: (ids: readonly number[]) => void
  /** ids ('HK00700'…) of the stocks the reader follows (spec 000 §4: fetched after login, cleared on logout) */
  stockIds?: readonly string[]
  setStockIds?: (ids: readonly string[]) => void
  /** ids of what the reader focuses on (spec 000 §4 'focus list'; cleared on logout) */
  focusIds?: readonly number[]
  setFocusIds?: (ids: readonly number[]) => void
  /** GET /api/friendships/followings/v2 (500) into followIds; errors leave the list as it was */
  loadFollows?: () => Promise<void>
  /** GET /api/userstock/v2 into stockIds; errors leave the list as it was */
  loadStockFollows?: () => Promise<void>
}

const guest: SessionApi = { user: null, requireLogin: async () => false }

export const SessionContext = createContext<SessionApi>(guest)

export function useSession(): SessionApi {
  return useContext(SessionContext)
}

export const LOGIN_HINT_COOKIE = 'gmh_login'
const LoginDialog = lazy(() => import('./login-dialog').then((m) => ({ default: m.LoginDialog })))
const WechatReturn = lazy(() => import('./wechat-return').then((m) => ({ default: m.WechatReturn })))

const wxcodeOf = () => (typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('wxcode'))

export function SessionProvider({ children }: { children: ReactNode }) {
  const { http } = useServices()
  const [info, setInfo] = useState<LoginInfo | null>(null)
  const [followIds, setFollowIds] = useState<readonly number[]>([])
  const [stockIds, setStockIds] = useState<readonly string[]>([])
  const [focusIds, setFocusIds] = useState<readonly number[]>([])
  const [dialog, setDialog] = useState<LoginRequest | null>(null)
  const [wxcode] = useState(wxcodeOf)
  const [checking, setChecking] = useState(() => !wxcode && typeof document !== 'undefined' && !!readCookie(LOGIN_HINT_COOKIE))
  const waiters = useRef<((ok: boolean) => void)[]>([])
  const infoRef = useRef(info)
  infoRef.current = info

  const loadFollows = useCallback(async () => {
    const api = await import('../../core/api/accounts')
    await http.call(api.followings, { query: { page: '1', count: '500' } }).then(
      (p) => setFollowIds(p.list.map((u) => u.id)),
      () => undefined,
    )
  }, [http])

  const loadStockFollows = useCallback(async () => {
    const market = await import('../../core/api/market')
    await http.call(market.listUserStocksV2).then(
      (list) => setStockIds(list.map((s) => s.id)),
      () => undefined,
    )
  }, [http])

  const refresh = useCallback(async () => {
    const api = await import('../../core/api/accounts')
    try {
      setInfo(await http.call(api.getUser))
    } catch {
      setInfo(null)
      return
    } finally {
      setChecking(false)
    }
    // a page loaded with a live session gets the same lists as a fresh login (spec 000 §4)
    void loadFollows()
    void loadStockFollows()
  }, [http, loadFollows, loadStockFollows])

  useEffect(() => {
    if (wxcode || !readCookie(LOGIN_HINT_COOKIE)) return
    // after first paint: the header shows the sign-in link until the answer comes
    const id = setTimeout(() => void refresh(), 0)
    return () => clearTimeout(id)
  }, [refresh, wxcode])

  const openLogin = useCallback((request: LoginRequest = {}) => {
    setDialog(request)
    return new Promise<boolean>((resolve) => waiters.current.push(resolve))
  }, [])

  const closeDialog = useCallback((signedIn: boolean) => {
    setDialog(null)
    const list = waiters.current
    waiters.current = []
    for (const w of list) w(signedIn)
  }, [])

  const logout = useCallback(async () => {
    const api = await import('../../core/api/accounts')
    await http.call(api.logout).catch(() => undefined)
    // spec 000 §4: logout clears the login data and the follow, focus and stock lists
    setInfo(null)
    setFollowIds([])
    setFocusIds([])
    setStockIds([])
  }, [http])

  const value = useMemo<SessionApi>(
    () => ({
      user: info ? { id: info.id, nick: info.nick, avatar: info.avatar } : null,
      info,
      checking,
      followIds,
      requireLogin: () => (infoRef.current ? Promise.resolve(true) : openLogin()),
      openLogin,
      setInfo,
      refresh,
      logout,
      setFollowIds,
      stockIds,
      setStockIds,
      focusIds,
      setFocusIds,
      loadFollows,
      loadStockFollows,
    }),
    [info, checking, followIds, stockIds, focusIds, openLogin, refresh, logout, loadFollows, loadStockFollows],
  )

  return (
    <SessionContext.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        {dialog ? <LoginDialog request={dialog} onClose={closeDialog} /> : null}
        {wxcode ? <WechatReturn wxcode={wxcode} isLoggedIn={!!readCookie(LOGIN_HINT_COOKIE)} /> : null}
      </Suspense>
    </SessionContext.Provider>
  )
}
