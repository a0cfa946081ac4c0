// Favourites of posts and news (spec 000 §7: POST /api/favorite/v2, DELETE /api/favorite/{source}/{id}/v2,
// POST /api/post/{id}/fav/add). One row per reader and item; posts keep a count.
import { sql } from 'kysely'
import type { Db } from '../db/db'
import { notFound } from '../http/api-error'
import type { ContentSource } from '../../core/api/posting'
import { POSTING_MESSAGES as M } from '../../core/posting/limits'
import { actionablePost } from './posts'

export interface FavoriteRow {
  user_id: number
  source: ContentSource
  ref_id: number
  create_timestamp: number
}

/** The item must be there for this reader: an approved post (or a 403 for the author's own under review), or a news article. */
export async function checkTarget(db: Db, source: ContentSource, id: number, userId: number): Promise<void> {
  if (source === 'post') await actionablePost(db, id, userId)
  else if (!(await sql`SELECT 1 FROM articles WHERE id = ${id}`.execute(db.kysely)).rows[0]) throw notFound(M.newsNotFound)
}

async function favCount(db: Db, source: ContentSource, id: number): Promise<number> {
  if (source === 'post') {
    const row = (
      await sql<{ fav_count: number }>`UPDATE posts SET fav_count = (SELECT count(*) FROM favorites WHERE source = 'post' AND ref_id = ${id})
        WHERE id = ${id} RETURNING fav_count`.execute(db.kysely)
    ).rows[0]
    return Number(row?.fav_count ?? 0)
  }
  return Number((await sql<{ n: number }>`SELECT count(*) AS n FROM favorites WHERE source = 'news' AND ref_id = ${id}`.execute(db.kysely)).rows[0]?.n ?? 0)
}

export async function setFavorite(db: Db, userId: number, source: ContentSource, id: number, on: boolean, nowMs: number): Promise<{ favorited: boolean; favCount: number }> {
  await checkTarget(db, source, id, userId)
  if (on) {
    await sql`INSERT INTO favorites (user_id, source, ref_id, create_timestamp) VALUES (${userId}, ${source}, ${id}, ${Math.floor(nowMs / 1000)})
      ON CONFLICT DO NOTHING`.execute(db.kysely)
  } else await sql`DELETE FROM favorites WHERE user_id = ${userId} AND source = ${source} AND ref_id = ${id}`.execute(db.kysely)
  return { favorited: on, favCount: await favCount(db, source, id) }
}

/** How many readers hold the item and whether `userId` is one (false for a guest); writes nothing. */
export async function favoriteState(db: Db, userId: number | null, source: ContentSource, id: number): Promise<{ favorited: boolean; favCount: number }> {
  await checkTarget(db, source, id, userId ?? 0)
  const row = (
    await sql<{ n: number; mine: boolean | null }>`SELECT count(*)::int AS n, bool_or(user_id = ${userId ?? 0}) AS mine
      FROM favorites WHERE source = ${source} AND ref_id = ${id}`.execute(db.kysely)
  ).rows[0]
  return { favorited: userId !== null && row?.mine === true, favCount: Number(row?.n ?? 0) }
}
