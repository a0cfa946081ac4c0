// The login info of signed-in readers, kept for a second (issue 11: GET /api/user/get/v2 is asked on
// every signed-in page; on the embedded database each answer costs ~1 ms of its single thread, so 50
// busy readers queued to a p99 of ~190 ms). Any state-changing request clears every entry once it has
// run (app.ts), and a read begun before that stores nothing (MicroCache's generation), so a reader
// sees their own follow, favourite, purchase or new message at once; what changes with time alone (a
// risk result or a post approval coming due) is at most LOGIN_INFO_CACHE_MS late. Per process: with
// several server processes on one PostgreSQL, another process's write is seen within that second too.
import type { LoginInfo } from '../../core/api/accounts'
import type { Db } from '../db/db'
import { MicroCache } from '../http/micro-cache'
import { loginInfo } from './users'

export const LOGIN_INFO_CACHE_MS = 1_000
/** Our choice: at most this many readers' login info at once (a few MB). */
const MAX_ENTRIES = 5_000

const caches = new WeakMap<Db, MicroCache<LoginInfo>>()
function cacheOf(db: Db): MicroCache<LoginInfo> {
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new MicroCache<LoginInfo>(MAX_ENTRIES)))
  return cache
}

export const cachedLoginInfo = (db: Db, userId: number): Promise<LoginInfo> => cacheOf(db).get(String(userId), LOGIN_INFO_CACHE_MS, () => loginInfo(db, userId))

/** After any state-changing request: every kept login info may be out of date. */
export const forgetLoginInfos = (db: Db): void => cacheOf(db).clear()
