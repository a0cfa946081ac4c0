// The favorites table (011_posting.sql): one row per reader and post or news article (spec 000 §7:
// POST /api/favorite/v2, DELETE /api/favorite/{source}/{id}/v2). posts.fav_count is kept by
// posts-repository.ts recountFavorites.
import type { Selectable } from 'kysely'
import type { FavoritesTable } from '../db/schema'
import { k, type Queryable } from '../db/queryable'

export type FavoriteRow = Selectable<FavoritesTable>
type Source = FavoriteRow['source']

export async function addFavorite(d: Queryable, userId: number, source: Source, refId: number, now: number): Promise<void> {
  await k(d).insertInto('favorites').values({ user_id: userId, source, ref_id: refId, create_timestamp: now }).onConflict((oc) => oc.doNothing()).execute()
}

export async function removeFavorite(d: Queryable, userId: number, source: Source, refId: number): Promise<void> {
  await k(d).deleteFrom('favorites').where('user_id', '=', userId).where('source', '=', source).where('ref_id', '=', refId).execute()
}

/** Every reader's favourite of one item (the item is deleted). */
export async function deleteFavoritesOf(d: Queryable, source: Source, refId: number): Promise<void> {
  await k(d).deleteFrom('favorites').where('source', '=', source).where('ref_id', '=', refId).execute()
}

export async function countFavorites(d: Queryable, source: Source, refId: number): Promise<number> {
  const row = await k(d).selectFrom('favorites').select((eb) => eb.fn.countAll<number>().as('n')).where('source', '=', source).where('ref_id', '=', refId).executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** How many readers hold the item and whether `userId` is one of them, in one statement. */
export async function favoriteCounts(d: Queryable, source: Source, refId: number, userId: number): Promise<{ n: number; mine: boolean }> {
  const row = await k(d)
    .selectFrom('favorites')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn<boolean | null>('bool_or', [eb('user_id', '=', userId)]).as('mine')])
    .where('source', '=', source)
    .where('ref_id', '=', refId)
    .executeTakeFirst()
  return { n: Number(row?.n ?? 0), mine: row?.mine === true }
}

/** A reader's favourites made before `before` (seconds), as a list for server/interaction/content-items.ts. */
export function favoritesBefore(d: Queryable, userId: number, before: number) {
  return k(d).selectFrom('favorites').select(['source', 'ref_id', 'create_timestamp as at']).where('user_id', '=', userId).where('create_timestamp', '<', before)
}
