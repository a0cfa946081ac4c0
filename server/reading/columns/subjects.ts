// Subjects (专题) with contents and follows, and hotspots (热点) (spec 000 §7 'Subjects and hotspots').
import { numberedPage, type NumberedPage } from '../../../core/api/page'
import { sql } from 'kysely'
import type { FollowStatus, Hotspot, Subject, ThemeItem } from '../../../core/api/reading-columns'
import type { Db } from '../../db/db'
import type { ContentLang } from '../../i18n/to-hk'
import { ApiError, notFound } from '../../http/api-error'
import type { ColumnsTables } from '../../db/schema'
import { themeItems } from './items'

export const MESSAGES = {
  subjectNotFound: '专题不存在',
  hotspotNotFound: '热点不存在',
} as const

const k = (db: Db) => db.kysely.withTables<ColumnsTables>()

/**
 * How many items a subject (`s`) or a hotspot (`h`) holds and when the newest came (its own creation
 * when it holds none). Correlated subqueries on the outer row: `sql`, as the query builder cannot
 * say a subquery in a select list against an alias of the outer query here.
 */
function contentStats(contents: 'subject_contents' | 'hotspot_contents', key: 'subject_id' | 'hotspot_id', outer: 's' | 'h') {
  const items = sql`from ${sql.table(contents)} c where ${sql.ref(`c.${key}`)} = ${sql.ref(`${outer}.id`)}`
  return [
    sql<number>`(select count(*) ${items})::int`.as('content_count'),
    sql<number>`coalesce((select max(c.create_timestamp) ${items}), ${sql.ref(`${outer}.create_timestamp`)})`.as('update_timestamp'),
  ] as const
}

/** What contentStats selected, as the contract's numbers. */
const statsOf = (r: { content_count: number; update_timestamp: number }) => ({
  contentCount: Number(r.content_count),
  updateTimestamp: Number(r.update_timestamp),
})

function subjectQuery(db: Db) {
  return k(db)
    .selectFrom('subjects as s')
    .select([
      's.id', 's.title', 's.brief', 's.cover_url', 's.is_hot', 's.create_timestamp',
      sql<number>`(select count(*) from subject_follows f where f.subject_id = s.id)::int`.as('follow_count'),
      ...contentStats('subject_contents', 'subject_id', 's'),
    ])
}
type SubjectRow = Awaited<ReturnType<ReturnType<typeof subjectQuery>['execute']>>[number]
const toSubject = (r: SubjectRow): Subject => ({
  id: r.id,
  title: r.title,
  brief: r.brief,
  coverUrl: r.cover_url,
  isHot: r.is_hot,
  followCount: Number(r.follow_count),
  ...statsOf(r),
})

/** Hot subjects first, then the most recently updated. */
export async function listSubjects(db: Db, page: number, limit: number): Promise<NumberedPage<Subject>> {
  const total = Number((await k(db).selectFrom('subjects').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  const rows = await subjectQuery(db)
    .orderBy('s.is_hot', 'desc')
    .orderBy('update_timestamp', 'desc')
    .orderBy('s.id')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute()
  return numberedPage(rows.map(toSubject), { page: page, count: limit, total })
}

export async function subjectDetail(db: Db, id: number): Promise<Subject> {
  const row = await subjectQuery(db).where('s.id', '=', id).executeTakeFirst()
  if (!row) throw notFound(MESSAGES.subjectNotFound)
  return toSubject(row)
}

/**
 * Newest first by a timestamp cursor. A page never ends inside a group of rows sharing one
 * timestamp (the group is completed), so 'strictly older' has no gaps and no repeats.
 */
async function timestampPage<R extends { create_timestamp: number }>(
  fetch: (before: number | undefined, limit: number | undefined, exactly?: number) => Promise<R[]>,
  before: number | undefined,
  count: number,
): Promise<{ rows: R[]; hasMore: boolean }> {
  const rows = await fetch(before, count + 1)
  let hasMore = rows.length > count
  const page = rows.slice(0, count)
  const last = page.at(-1)
  if (hasMore && last && Number(rows[count]!.create_timestamp) === Number(last.create_timestamp)) {
    const group = await fetch(undefined, undefined, Number(last.create_timestamp))
    const seen = page.length - page.findIndex((r) => Number(r.create_timestamp) === Number(last.create_timestamp))
    page.push(...group.slice(seen))
    hasMore = (await fetch(Number(last.create_timestamp), 1)).length > 0
  }
  return { rows: page, hasMore }
}

export async function subjectContents(
  db: Db,
  id: number,
  q: { isChoice: boolean; before: number | undefined; count: number },
  lang: ContentLang,
): Promise<{ list: ThemeItem[]; hasMore: boolean }> {
  await subjectDetail(db, id)
  const { rows, hasMore } = await timestampPage(
    (before, limit, exactly) => {
      let s = k(db).selectFrom('subject_contents').select(['kind', 'ref_id', 'is_choice', 'create_timestamp']).where('subject_id', '=', id)
      if (q.isChoice) s = s.where('is_choice', '=', true)
      if (before !== undefined) s = s.where('create_timestamp', '<', before)
      if (exactly !== undefined) s = s.where('create_timestamp', '=', exactly)
      s = s.orderBy('create_timestamp', 'desc').orderBy('kind').orderBy('ref_id', 'desc')
      return (limit !== undefined ? s.limit(limit) : s).execute()
    },
    q.before,
    q.count,
  )
  return { list: await themeItems(db, rows, lang), hasMore }
}

export async function followStatus(db: Db, userId: number | null, ids: readonly number[]): Promise<(typeof FollowStatus.Type)[]> {
  const unique = [...new Set(ids)]
  const followed =
    userId === null
      ? new Set<number>()
      : new Set(
          (await k(db).selectFrom('subject_follows').select('subject_id').where('user_id', '=', userId).where('subject_id', 'in', unique).execute()).map(
            (r) => r.subject_id,
          ),
        )
  return unique.map((subjectId) => ({ subjectId, followed: followed.has(subjectId) }))
}

/** Idempotent: following twice leaves one follow; unfollowing what is not followed changes nothing. */
export async function setFollow(db: Db, userId: number, subjectId: number, follow: boolean, now: number) {
  await subjectDetail(db, subjectId)
  if (follow) {
    await k(db)
      .insertInto('subject_follows')
      .values({ subject_id: subjectId, user_id: userId, create_timestamp: now })
      .onConflict((oc) => oc.columns(['user_id', 'subject_id']).doNothing())
      .execute()
  } else {
    await k(db).deleteFrom('subject_follows').where('user_id', '=', userId).where('subject_id', '=', subjectId).execute()
  }
  const { followCount } = await subjectDetail(db, subjectId)
  return { subjectId, followed: follow, followCount }
}

/** The reader's followed subjects, newest follow first. */
export async function followedSubjects(db: Db, userId: number, q: { page: number; limit: number; isHot: boolean }): Promise<NumberedPage<Subject>> {
  let base = k(db).selectFrom('subject_follows as f').innerJoin('subjects as s2', 's2.id', 'f.subject_id').where('f.user_id', '=', userId)
  if (q.isHot) base = base.where('s2.is_hot', '=', true)
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  const ids = await base.select(['f.subject_id', 'f.create_timestamp']).orderBy('f.create_timestamp', 'desc').orderBy('f.subject_id', 'desc').limit(q.limit).offset((q.page - 1) * q.limit).execute()
  const rows = ids.length ? await subjectQuery(db).where('s.id', 'in', ids.map((r) => r.subject_id)).execute() : []
  const byId = new Map(rows.map((r) => [r.id, toSubject(r)]))
  return numberedPage(ids.flatMap((r) => byId.get(r.subject_id) ?? []), { page: q.page, count: q.limit, total })
}

// --- hotspots -----------------------------------------------------------------------------------

function hotspotQuery(db: Db) {
  return k(db)
    .selectFrom('hotspots as h')
    .select([
      'h.id', 'h.title', 'h.brief', 'h.heat',
      ...contentStats('hotspot_contents', 'hotspot_id', 'h'),
    ])
}
type HotspotRow = Awaited<ReturnType<ReturnType<typeof hotspotQuery>['execute']>>[number]
const toHotspot = (r: HotspotRow): Hotspot => ({
  id: r.id,
  title: r.title,
  brief: r.brief,
  heat: r.heat,
  ...statsOf(r),
})

export async function popularHotspots(db: Db, page: number, size: number): Promise<NumberedPage<Hotspot>> {
  const total = Number((await k(db).selectFrom('hotspots').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  const rows = await hotspotQuery(db).orderBy('h.heat', 'desc').orderBy('h.id').limit(size).offset((page - 1) * size).execute()
  return numberedPage(rows.map(toHotspot), { page: page, count: size, total })
}

export async function hotspotContents(db: Db, id: number, q: { before: number | undefined; count: number }, lang: ContentLang) {
  const row = await hotspotQuery(db).where('h.id', '=', id).executeTakeFirst()
  if (!row) throw notFound(MESSAGES.hotspotNotFound)
  const { rows, hasMore } = await timestampPage(
    (before, limit, exactly) => {
      let s = k(db).selectFrom('hotspot_contents').select(['kind', 'ref_id', sql<boolean>`false`.as('is_choice'), 'create_timestamp']).where('hotspot_id', '=', id)
      if (before !== undefined) s = s.where('create_timestamp', '<', before)
      if (exactly !== undefined) s = s.where('create_timestamp', '=', exactly)
      s = s.orderBy('create_timestamp', 'desc').orderBy('kind').orderBy('ref_id', 'desc')
      return (limit !== undefined ? s.limit(limit) : s).execute()
    },
    q.before,
    q.count,
  )
  return { hotspot: toHotspot(row), list: await themeItems(db, rows, lang), hasMore }
}

// --- subject search (/api/subject/search/v1; registered by the docs part) -----------------------

export const SEARCH_MESSAGES = { emptyKeyword: '请输入搜索关键词' } as const

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * Subjects whose title or brief holds every space-separated term of the keyword (case-insensitive;
 * LIKE metacharacters are literal). Title matches first, then hot subjects, then the most followed.
 */
export async function searchSubjects(db: Db, keyword: string, page: number, count: number): Promise<NumberedPage<Omit<Subject, 'updateTimestamp'>>> {
  const terms = keyword.trim().split(/\s+/).filter(Boolean).slice(0, 5)
  if (!terms.length) throw new ApiError(400, SEARCH_MESSAGES.emptyKeyword)
  let base = k(db).selectFrom('subjects as s')
  for (const term of terms) {
    const p = likePattern(term)
    base = base.where((eb) => eb.or([eb('s.title', 'ilike', p), eb('s.brief', 'ilike', p)]))
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  const titleHits = terms.map((t) => sql<number>`(case when s.title ilike ${likePattern(t)} then 1 else 0 end)`)
  const rows = await base
    .select([
      's.id', 's.title', 's.brief', 's.cover_url', 's.is_hot',
      sql<number>`(select count(*) from subject_follows f where f.subject_id = s.id)::int`.as('follow_count'),
      sql<number>`(select count(*) from subject_contents c where c.subject_id = s.id)::int`.as('content_count'),
      sql<number>`(${sql.join(titleHits, sql` + `)})`.as('title_hits'),
    ])
    .orderBy('title_hits', 'desc')
    .orderBy('s.is_hot', 'desc')
    .orderBy('follow_count', 'desc')
    .orderBy('s.id')
    .limit(count)
    .offset((page - 1) * count)
    .execute()
  return numberedPage(
    rows.map((r) => ({
      id: r.id,
      title: r.title,
      brief: r.brief,
      coverUrl: r.cover_url,
      isHot: r.is_hot,
      followCount: Number(r.follow_count),
      contentCount: Number(r.content_count),
    })),
    { page, count, total },
  )
}
