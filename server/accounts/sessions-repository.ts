// The sessions table (002_accounts.sql): one row per signed-in browser, keyed by the SHA-256 of its
// token (session.ts makes and reads the cookie; the chat's sockets ask whether their session lives).
// Times are milliseconds (the app's clock).
import type { Insertable } from 'kysely'
import type { Database } from '../db/schema'
import { k, type Queryable } from '../db/queryable'

/** A session and its user (nick, whether merged away), by token hash. */
export async function findSessionUser(d: Queryable, tokenHash: string): Promise<{ id: number; nick: string; expires_at: number; merged_into: number | null } | undefined> {
  return k(d)
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.nick', 'sessions.expires_at', 'users.merged_into'])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst()
}

export async function insertSession(d: Queryable, row: Insertable<Database['sessions']>): Promise<void> {
  await k(d).insertInto('sessions').values(row).execute()
}

export async function deleteSession(d: Queryable, tokenHash: string): Promise<void> {
  await k(d).deleteFrom('sessions').where('token_hash', '=', tokenHash).execute()
}

/** Ends every session of a user (a password change, a merged account). */
export async function deleteSessionsOf(d: Queryable, userId: number): Promise<void> {
  await k(d).deleteFrom('sessions').where('user_id', '=', userId).execute()
}

/** Whether this user's session lives at `nowMs` and the account is not merged away. */
export async function sessionLives(d: Queryable, userId: number, tokenHash: string, nowMs: number): Promise<boolean> {
  const row = await k(d)
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select('s.token_hash')
    .where('s.token_hash', '=', tokenHash)
    .where('s.user_id', '=', userId)
    .where('s.expires_at', '>', nowMs)
    .where('u.merged_into', 'is', null)
    .executeTakeFirst()
  return row !== undefined
}

/** Which of these token hashes are still live sessions at `nowMs`. */
export async function liveTokenHashes(d: Queryable, tokenHashes: readonly string[], nowMs: number): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set()
  const rows = await k(d).selectFrom('sessions').select('token_hash').where('token_hash', 'in', [...tokenHashes]).where('expires_at', '>', nowMs).execute()
  return new Set(rows.map((r) => r.token_hash))
}
