// Seeds the follow graph (fixtures/follow-graph.ts) over the seeded users: friendships rows and each user's
// audience count. Safe to rerun: rows already there are kept, the audience is set, not added.
import type { Db } from '../db/db'
import type { FeatureSeed } from '../db/feature-seeds'
import { generateFollowGraph } from '../../fixtures/follow-graph'
import { fixtureUserCount } from '../../fixtures/generate'
import { accountsDb } from './tables'
import { fixtureUsers, updateUser } from './users-repository'

const CHUNK = 500

export async function seedFollowGraph(db: Db, seedNow: number): Promise<void> {
  const k = accountsDb(db)
  // the fixtures' users only (ids 1…n), so accounts registered before a forced reseed change nothing
  const users = await fixtureUsers(db, fixtureUserCount())
  const graph = generateFollowGraph(
    users.map((u) => ({ id: u.id, isColumnist: u.is_columnist, createTimestamp: Number(u.create_timestamp) })),
    seedNow,
  )
  for (let i = 0; i < graph.follows.length; i += CHUNK) {
    const rows = graph.follows.slice(i, i + CHUNK).map((f) => ({ follower_id: f.followerId, followee_id: f.followeeId, create_timestamp: f.createTimestamp }))
    await k.insertInto('friendships').values(rows).onConflict((oc) => oc.doNothing()).execute()
  }
  for (const [id, fans] of graph.audience) await updateUser(db, id, { audience_fans: fans })
}

export const followGraphSeed: FeatureSeed = { version: 110, name: 'accounts: follow graph', run: seedFollowGraph }
