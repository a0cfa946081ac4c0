// The geetest_challenges table (037_geetest_challenges.sql): the GeeTest challenges issued, shared by
// every server process; each is taken (deleted) by the one verification it allows.
import { k, type Queryable } from '../db/queryable'

export interface IssuedChallenge {
  target: string
  online: boolean
  /** ms */
  at: number
}

export async function insertChallenge(d: Queryable, challenge: string, row: IssuedChallenge): Promise<void> {
  await k(d).insertInto('geetest_challenges').values({ challenge, target: row.target, online: row.online, created_at: row.at }).onConflict((oc) => oc.doNothing()).execute()
}

/** The challenge, removed in the same statement: of two processes verifying it at once, one gets it. */
export async function takeChallenge(d: Queryable, challenge: string): Promise<IssuedChallenge | undefined> {
  const row = await k(d).deleteFrom('geetest_challenges').where('challenge', '=', challenge).returning(['target', 'online', 'created_at']).executeTakeFirst()
  return row && { target: row.target, online: row.online, at: Number(row.created_at) }
}

/** Forgets challenges issued before `before` (ms). */
export async function deleteChallengesBefore(d: Queryable, before: number): Promise<void> {
  await k(d).deleteFrom('geetest_challenges').where('created_at', '<', before).execute()
}
