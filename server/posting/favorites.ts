// Favourites of posts and news (spec 000 §7: POST /api/favorite/v2, DELETE /api/favorite/{source}/{id}/v2,
// POST /api/post/{id}/fav/add). One row per reader and item; posts keep a count.
import type { Db } from '../db/db'
import { notFound } from '../http/api-error'
import type { ContentSource } from '../../core/api/posting'
import { POSTING_MESSAGES as M } from '../../core/posting/limits'
import { articleExists } from '../content/articles-repository'
import { actionablePost } from './posts'
import { recountFavorites } from './posts-repository'
import * as favorites from './favorites-repository'

/** The item must be there for this reader: an approved post (or a 403 for the author's own under review), or a news article. */
export async function checkTarget(db: Db, source: ContentSource, id: number, userId: number): Promise<void> {
  if (source === 'post') await actionablePost(db, id, userId)
  else if (!(await articleExists(db, id))) throw notFound(M.newsNotFound)
}

async function favCount(db: Db, source: ContentSource, id: number): Promise<number> {
  return source === 'post' ? recountFavorites(db, id) : favorites.countFavorites(db, 'news', id)
}

export async function setFavorite(db: Db, userId: number, source: ContentSource, id: number, on: boolean, nowMs: number): Promise<{ favorited: boolean; favCount: number }> {
  await checkTarget(db, source, id, userId)
  if (on) await favorites.addFavorite(db, userId, source, id, Math.floor(nowMs / 1000))
  else await favorites.removeFavorite(db, userId, source, id)
  return { favorited: on, favCount: await favCount(db, source, id) }
}

/** How many readers hold the item and whether `userId` is one (false for a guest); writes nothing. */
export async function favoriteState(db: Db, userId: number | null, source: ContentSource, id: number): Promise<{ favorited: boolean; favCount: number }> {
  await checkTarget(db, source, id, userId ?? 0)
  const row = await favorites.favoriteCounts(db, source, id, userId ?? 0)
  return { favorited: userId !== null && row.mine, favCount: row.n }
}
