// One query shape for a personal list of (source, ref_id, at): each entry joined to its post (when the
// reader may see it) or news article and their author. favorites-repository.ts and
// read-history-repository.ts give the list; the personal reads (personal.ts) map the rows.
import type { SelectQueryBuilder } from 'kysely'
import type { Database } from '../db/schema'
import { k, type Queryable } from '../db/queryable'
import { visibleTo } from '../posting/visibility'

type Source = 'post' | 'news'
/** A list to join: selects `source`, `ref_id` and `at` (seconds). */
export type ItemList = SelectQueryBuilder<Database, never, { source: Source; ref_id: number; at: number | string }>

export interface ContentItemRow {
  source: Source
  ref_id: number
  at: number | string
  /** the post's title, else the article's, else the post's first 60 characters */
  title: string | null
  body: string | null
  author_id: number | null
  nick: string | null
  avatar: string | null
  picture_urls: string[] | null
  cover_url: string | null
}

/** The list's entries whose content is still there for the reader, newest `at` first. */
export async function listContentItems(d: Queryable, list: ItemList, q: { readerId: number; now: number; limit: number }): Promise<ContentItemRow[]> {
  return k(d)
    .selectFrom(list.as('x'))
    .leftJoin('posts as p', (j) => j.on('x.source', '=', 'post').onRef('p.id', '=', 'x.ref_id').on(visibleTo('p', q.readerId, q.now)))
    .leftJoin('articles as a', (j) => j.on('x.source', '=', 'news').onRef('a.id', '=', 'x.ref_id'))
    .leftJoin('users as u', (j) => j.on((eb) => eb('u.id', '=', eb.fn.coalesce('p.user_id', 'a.author_id'))))
    .select((eb) => [
      'x.source',
      'x.ref_id',
      'x.at',
      eb.fn.coalesce(eb.fn<string | null>('nullif', ['p.title', eb.val('')]), 'a.title', eb.fn<string>('left', ['p.content', eb.lit(60)])).as('title'),
      eb.fn.coalesce('p.content', 'a.summary').as('body'),
      eb.fn.coalesce('p.user_id', 'a.author_id').as('author_id'),
      'u.nick',
      'u.avatar',
      'p.picture_urls',
      'a.cover_url',
    ])
    .where((eb) => eb.or([eb('p.id', 'is not', null), eb('a.id', 'is not', null)]))
    .orderBy('x.at', 'desc')
    .orderBy('x.ref_id', 'desc')
    .limit(q.limit)
    .execute()
}
