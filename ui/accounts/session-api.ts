// The session's calls: the session machine's actors and the 401 rule, built from the HTTP port.
// In the entry chunk (main.tsx starts the session), so the contracts load on demand: Effect Schema
// stays out of the home page's first JS (the session check runs after first paint).
import { createActor, fromPromise } from 'xstate'
import { inspect } from '../dev/inspector'
import { isApiError } from '../../core/api/api-error'
import type { CallInput, HttpPort, UploadInput, UploadOptions } from '../../core/api/http-port'
import type { Endpoint, ResultOf } from '../../core/api/endpoint'
import { sessionMachine } from '../../core/session/session.machine'
import type { SessionActor } from '../common/session'

const accounts = () => import('../../core/api/accounts')
const market = () => import('../../core/api/market')
const columns = () => import('../../core/api/reading-columns')

/** spec 000 §9: followings page size 500 */
const FOLLOWINGS_PAGE = '500'
/** the most /api/subjects/-1/followed gives in one page (core/api/common.ts CountFromString) */
const FOCUS_PAGE = 100

/** The session machine with its side effects provided from the port. */
export function sessionFor(http: HttpPort) {
  return sessionMachine.provide({
    actors: {
      loadLoginInfo: fromPromise(async () => http.call((await accounts()).getUser)),
      loadFollows: fromPromise<readonly number[]>(async () => (await http.call((await accounts()).followings, { query: { page: '1', count: FOLLOWINGS_PAGE } })).list.map((u) => u.id)),
      // the focus list: one page of the reader's followed subjects, as many as a page may hold
      loadSubjectFollows: fromPromise<readonly number[]>(async () => (await http.call((await columns()).followedSubjects, { query: { page: 1, limit: FOCUS_PAGE } })).list.map((s) => s.id)),
      loadStockFollows: fromPromise<readonly string[]>(async () => (await http.call((await market()).listUserStocksV2)).map((s) => s.id)),
      logout: fromPromise<unknown>(async () => http.call((await accounts()).logout)),
    },
  })
}

/**
 * The HTTP port the app uses: a call answered 401 (the server no longer knows the session)
 * tells the session, which ends it (a guest ignores it).
 */
export function withSessionExpiry(http: HttpPort, session: () => SessionActor | null): HttpPort {
  return {
    call<E extends Endpoint>(endpoint: E, input?: CallInput<E>, options?: Parameters<HttpPort['call']>[2]): Promise<ResultOf<E>> {
      return http.call(endpoint, input, options).catch((e: unknown) => {
        if (isApiError(e) && e.statusCode === 401) session()?.send({ type: 'session.expired' })
        throw e
      })
    },
    upload<E extends Endpoint>(endpoint: E, input: UploadInput<E>, options?: UploadOptions): Promise<ResultOf<E>> {
      return http.upload(endpoint, input, options).catch((e: unknown) => {
        if (isApiError(e) && e.statusCode === 401) session()?.send({ type: 'session.expired' })
        throw e
      })
    },
  }
}

/**
 * Started once at the app root. `hinted`: the server's `gmh_login` cookie says there is a
 * session — checked after first paint (the machine's `firstPaint` delay).
 */
export function startSession(http: HttpPort, { hinted }: { hinted: boolean }): SessionActor {
  const actor = createActor(sessionFor(http), { inspect }).start()
  if (hinted) actor.send({ type: 'session.check' })
  return actor
}

/** For a host rendered without the root's actor (view tests): starts one on this port. */
export const sessionStarter = (http: HttpPort) => (hinted: boolean) => startSession(http, { hinted })
