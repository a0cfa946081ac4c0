// The personal reads (spec 000 §7 'Account'): favourites, reading history (recorded by POST), my
// comments and comments to me (/myHome/commentMe). What is no longer visible to the reader is left out.
import type { Db } from '../db/db'
import { notFound } from '../http/api-error'
import type { FavoriteItem, MyComment } from '../../core/api/interaction'
import type { ContentSource } from '../../core/api/posting'
import { cursorPage } from '../../core/api/page'
import { POSTING_MESSAGES as M } from '../../core/posting/limits'
import { toComment } from '../posting/comments'
import { excerpt } from '../messages/messages'
import { listPersonalComments } from '../posting/comments-repository'
import { favoritesBefore } from '../posting/favorites-repository'
import { postExists } from '../posting/posts-repository'
import { articleExists } from '../content/articles-repository'
import { listContentItems, type ContentItemRow } from './content-items'
import { readsBefore, recordReadRow } from './read-history-repository'

const toItem = (r: ContentItemRow) => ({
  source: r.source,
  id: Number(r.ref_id),
  title: r.title ?? '',
  summary: excerpt(r.body ?? '', 100),
  author: { id: Number(r.author_id ?? 0), nick: r.nick ?? '', avatar: r.avatar ?? '' },
  // the post's first picture, else the article's cover
  pictureUrl: r.picture_urls?.[0] || r.cover_url || '',
})

export async function myFavorites(db: Db, readerId: number, at: { before?: number | undefined; count: number }, now: number): Promise<{ list: FavoriteItem[]; hasMore: boolean }> {
  const before = at.before ?? Number.MAX_SAFE_INTEGER
  const rows = await listContentItems(db, favoritesBefore(db, readerId, before), { readerId, now, limit: at.count + 1 })
  const page = cursorPage(rows, at.count, (r) => Number(r.at))
  return { list: page.list.map((r) => ({ ...toItem(r), favTimestamp: Number(r.at) })), hasMore: page.hasMore }
}

export async function readHistory(db: Db, readerId: number, at: { before?: number | undefined; count: number }, now: number) {
  const before = at.before ?? Number.MAX_SAFE_INTEGER
  const rows = await listContentItems(db, readsBefore(db, readerId, before), { readerId, now, limit: at.count + 1 })
  const page = cursorPage(rows, at.count, (r) => Number(r.at))
  return { list: page.list.map((r) => ({ ...toItem(r), readTimestamp: Number(r.at) })), hasMore: page.hasMore }
}

/** Records that the reader opened a post (visible to them) or a news article; the newest read counts. */
export async function recordRead(db: Db, readerId: number, source: ContentSource, id: number, now: number): Promise<boolean> {
  const there = source === 'post' ? await postExists(db, { id, visibleTo: { readerId, now } }) : await articleExists(db, id)
  if (!there) throw notFound(source === 'post' ? M.postNotFound : M.newsNotFound)
  await recordReadRow(db, { user_id: readerId, source, ref_id: id, read_timestamp: now })
  return true
}

async function commentPage(db: Db, list: 'mine' | 'toMe', readerId: number, at: { before?: number | undefined; count: number }, now: number): Promise<{ list: MyComment[]; hasMore: boolean }> {
  const rows = await listPersonalComments(db, { list, readerId, now, before: at.before ?? Number.MAX_SAFE_INTEGER, limit: at.count + 1 })
  const page = cursorPage(rows, at.count, (r) => Number(r.create_timestamp))
  return {
    list: page.list.map((r) => ({ ...toComment(r, now), target: { title: r.target_title, link: r.source === 'post' ? `/p/${r.ref_id}` : `/news/${r.ref_id}` } })),
    hasMore: page.hasMore,
  }
}

/** /api/comment/my: the reader's comments, every status, on what is still there for them. */
export const myComments = (db: Db, readerId: number, at: { before?: number | undefined; count: number }, now: number) =>
  commentPage(db, 'mine', readerId, at, now)

/** Comments by others on the reader's posts and replies to the reader's comments: approved ones only. */
export const commentsToMe = (db: Db, readerId: number, at: { before?: number | undefined; count: number }, now: number) =>
  commentPage(db, 'toMe', readerId, at, now)
