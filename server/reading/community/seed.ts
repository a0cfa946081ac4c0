// Seed rows of the reading 'community' part (see server/db/feature-seeds.ts). Versions 230–249.
import { sql } from 'kysely'
import type { FeatureSeed } from '../../db/feature-seeds'
import type { Db } from '../../db/db'
import { generateCommunity } from '../../../fixtures/reading-community/community'
import { firstUsers } from '../../accounts/users-repository'

/** Topics and discussion posts by the seeded users about the seeded stocks; safe to run again. */
export async function seedCommunity(db: Db, seedNow: number): Promise<void> {
  const users = await firstUsers(db, Number.MAX_SAFE_INTEGER)
  const stocks = (await sql<{ id: string; name: string; code_disp: string; market: string }>`
    SELECT id, name, code_disp, market FROM stocks WHERE category = 'stock' ORDER BY shares_outstanding * last_close_cents DESC, id`.execute(db.kysely)).rows
  const { topics, posts } = generateCommunity({
    users: users.map((u) => ({ id: Number(u.id), nick: u.nick })),
    stocks: stocks.map((s) => ({ id: s.id, name: s.name, codeDisp: s.code_disp, market: s.market })),
    now: seedNow,
  })
  for (const t of topics) {
    await sql`INSERT INTO topics (id, name, brief, read_count, create_timestamp) VALUES (${t.id}, ${t.name}, ${t.brief}, ${t.readCount}, ${t.createTimestamp}) ON CONFLICT (id) DO NOTHING`.execute(db.kysely)
  }
  for (let i = 0; i < posts.length; i += 100) {
    const part = posts.slice(i, i + 100)
    await sql`INSERT INTO posts (id, user_id, title, content, topic_id, stocks, like_count, comment_count, read_count, create_timestamp) VALUES ${sql.join(
      part.map((p) => sql`(${p.id}, ${p.userId}, ${p.title}, ${p.content}, ${p.topicId}, ${p.stocks}::text[], ${p.likeCount}, ${p.commentCount}, ${p.readCount}, ${p.createTimestamp})`),
    )} ON CONFLICT (id) DO NOTHING`.execute(db.kysely)
  }
  // later posting inserts without ids: move the identity sequences past the seeded rows
  await sql`SELECT setval(pg_get_serial_sequence('topics', 'id'), GREATEST((SELECT max(id) FROM topics), 1))`.execute(db.kysely)
  await sql`SELECT setval(pg_get_serial_sequence('posts', 'id'), GREATEST((SELECT max(id) FROM posts), 1))`.execute(db.kysely)
}

export const readingCommunitySeeds: FeatureSeed[] = [{ version: 230, name: 'reading community: topics and posts', run: (db, seedNow) => seedCommunity(db, seedNow) }]
