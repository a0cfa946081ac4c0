// The signed-in reader of a request. CONTRACT used by other features (watchlist, follows…):
// `currentUser(c, db)` → the user or null; `requireUser(c, db)` → the user or ApiError 401 请先登录.
// The accounts feature implements sessions (HttpOnly cookie) behind these two functions.
import type { Context } from 'hono'
import type { Db } from '../db/db'
import { ApiError } from '../http/api-error'

export interface SessionUser {
  id: number
  nick: string
}

export const NOT_LOGGED_IN = '请先登录'

export async function currentUser(_c: Context, _db: Db): Promise<SessionUser | null> {
  return null // until sessions exist every request is a guest's
}

export async function requireUser(c: Context, db: Db): Promise<SessionUser> {
  const user = await currentUser(c, db)
  if (!user) throw new ApiError(401, NOT_LOGGED_IN)
  return user
}
