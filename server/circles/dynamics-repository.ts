// The circle_dynamics table (025_circles.sql; spec 001 §3 Dynamic: dynamicId, top, essence; §4 review
// status): moments and questions in a circle. Every query on it; the row with its author's profile.
import { expressionBuilder, type Expression, type ExpressionBuilder, type Insertable, type SqlBool } from 'kysely'
import type { CircleDynamicsTable, CircleFileColumn, Database } from '../db/schema'
import { k, type Queryable } from '../db/queryable'
import type { AuthorColumns } from './author-columns'

export interface DynamicRow extends AuthorColumns {
  id: number
  circle_id: number
  kind: 'dynamic' | 'question'
  question_type: 'anonymity' | 'public' | null
  title: string
  content: string
  picture_urls: string[]
  files: CircleFileColumn[]
  topic_id: number | null
  topic_name: string | null
  ref_contents: string[]
  top: boolean
  essence: boolean
  ignored: boolean
  status: 'reviewing' | 'approved' | 'rejected'
  comments_closed: boolean
  create_timestamp: number
  /** 031: set-preview */
  preview: boolean
}

type DynamicsDb = Database & { d: CircleDynamicsTable }

/** What a list shows a reader: everything (owner, admins, reviewers), or approved and not ignored plus the reader's own not ignored. */
export type Visibility = { all: true } | { all: false; viewerId: number | null }

function visible(v: Visibility): Expression<SqlBool> {
  const eb = expressionBuilder<DynamicsDb, 'd'>()
  if (v.all) return eb.lit(true)
  return eb.and([eb('d.ignored', '=', false), eb.or([eb('d.status', '=', 'approved'), eb('d.author_id', '=', v.viewerId ?? 0)])])
}

function dynamicQuery(d: Queryable) {
  return k(d)
    .selectFrom('circle_dynamics as d')
    .innerJoin('users as u', 'u.id', 'd.author_id')
    .leftJoin('circle_topics as t', 't.id', 'd.topic_id')
    .select([
      'd.id', 'd.circle_id', 'd.author_id', 'u.nick', 'u.avatar', 'u.brief', 'd.kind', 'd.question_type', 'd.title', 'd.content', 'd.picture_urls', 'd.files',
      'd.topic_id', 't.name as topic_name', 'd.ref_contents', 'd.top', 'd.essence', 'd.ignored', 'd.status', 'd.comments_closed', 'd.create_timestamp',
      'd.preview',
    ])
}

const normal = (r: DynamicRow): DynamicRow => ({
  ...r,
  id: Number(r.id),
  circle_id: Number(r.circle_id),
  author_id: Number(r.author_id),
  topic_id: r.topic_id === null ? null : Number(r.topic_id),
  files: Array.isArray(r.files) ? r.files : [],
  create_timestamp: Number(r.create_timestamp),
})

export async function findDynamic(d: Queryable, id: number): Promise<DynamicRow | undefined> {
  const r = await dynamicQuery(d).where('d.id', '=', id).executeTakeFirst()
  return r && normal(r as DynamicRow)
}

/** A question's answer that stands: approved, or waiting for review (a rejected one does not). */
const answerStanding = (eb: ExpressionBuilder<Database & { d: CircleDynamicsTable }, 'd'>) =>
  eb.selectFrom('circle_answers as a').whereRef('a.dynamic_id', '=', 'd.id').where('a.status', 'in', ['approved', 'reviewing']).select('a.dynamic_id')

export type ContentKind = 'all' | 'essence' | 'questions' | 'answered' | 'unanswered' | 'mine'

/** A circle's moments a reader sees: pinned first (newest pin first), then newest. */
export async function listDynamics(
  d: Queryable,
  circleId: number,
  f: { visibility: Visibility; tagId?: number | undefined; kind: ContentKind; viewerId: number | null; offset: number; limit: number },
): Promise<{ rows: DynamicRow[]; total: number }> {
  const build = (q: ReturnType<typeof dynamicQuery>) => {
    let out = q.where('d.circle_id', '=', circleId).where(visible(f.visibility))
    if (f.tagId !== undefined) {
      const tagId = f.tagId
      out = out.where((eb) => eb.exists(eb.selectFrom('circle_dynamic_tags as dt').whereRef('dt.dynamic_id', '=', 'd.id').where('dt.tag_id', '=', tagId).select('dt.tag_id')))
    }
    if (f.kind === 'essence') out = out.where('d.essence', '=', true)
    if (f.kind === 'questions' || f.kind === 'answered' || f.kind === 'unanswered') out = out.where('d.kind', '=', 'question')
    // answered: an answer approved or waiting for review (its text shows once approved); a question whose
    // only answer was rejected is waiting again. The two lists split every question (questionCounts too).
    if (f.kind === 'answered') out = out.where((eb) => eb.exists(answerStanding(eb)))
    if (f.kind === 'unanswered') out = out.where((eb) => eb.not(eb.exists(answerStanding(eb))))
    if (f.kind === 'mine') out = out.where('d.author_id', '=', f.viewerId ?? 0)
    return out
  }
  const rows = await build(dynamicQuery(d))
    .orderBy('d.top', 'desc')
    .orderBy('d.top_timestamp', (ob) => ob.desc().nullsLast())
    .orderBy('d.create_timestamp', 'desc')
    .orderBy('d.id', 'desc')
    .offset(f.offset)
    .limit(f.limit)
    .execute()
  const total = await build(dynamicQuery(d)).clearSelect().select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return { rows: rows.map((r) => normal(r as DynamicRow)), total: Number(total.n) }
}

/** Approved, not ignored moments of these circles whose title or text holds the keyword, newest first. */
export async function searchDynamics(d: Queryable, circleIds: readonly number[], keyword: string, at: { offset: number; limit: number }): Promise<{ rows: DynamicRow[]; total: number }> {
  if (circleIds.length === 0) return { rows: [], total: 0 }
  const like = `%${keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
  const build = (q: ReturnType<typeof dynamicQuery>) =>
    q
      .where('d.circle_id', 'in', [...circleIds])
      .where('d.status', '=', 'approved')
      .where('d.ignored', '=', false)
      .where((eb) => eb.or([eb('d.title', 'ilike', like), eb('d.content', 'ilike', like)]))
  const rows = await build(dynamicQuery(d)).orderBy('d.create_timestamp', 'desc').orderBy('d.id', 'desc').offset(at.offset).limit(at.limit).execute()
  const total = await build(dynamicQuery(d)).clearSelect().select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return { rows: rows.map((r) => normal(r as DynamicRow)), total: Number(total.n) }
}

export interface FileHit extends CircleFileColumn {
  dynamic_id: number
  circle_id: number
  create_timestamp: number
}

/**
 * One page of the files in approved, not ignored moments of these circles whose name holds the keyword
 * (case-insensitive; % and _ are literal), newest moment first, and how many there are: each moment's
 * files are expanded by jsonb_array_elements and filtered in the database, so paging and the count are
 * the database's (issue 27: the service used to load every moment with files and filter in code).
 */
export async function searchFiles(d: Queryable, circleIds: readonly number[], keyword: string, at: { offset: number; limit: number }): Promise<{ rows: FileHit[]; total: number }> {
  if (circleIds.length === 0) return { rows: [], total: 0 }
  const like = `%${keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
  const build = () =>
    k(d)
      .selectFrom('circle_dynamics as d')
      .crossJoin((eb) => eb.fn<{ value: CircleFileColumn }>('jsonb_array_elements', ['d.files']).as('f'))
      .where('d.circle_id', 'in', [...circleIds])
      .where('d.status', '=', 'approved')
      .where('d.ignored', '=', false)
      .where((eb) => eb(eb.ref('f.value', '->>').key('name'), 'ilike', like))
  const rows = await build()
    .select((eb) => [
      'd.id as dynamic_id',
      'd.circle_id',
      'd.create_timestamp',
      eb.ref('f.value', '->>').key('url').as('url'),
      eb.ref('f.value', '->>').key('name').as('name'),
      eb.ref('f.value', '->>').key('extension').as('extension'),
      eb.ref('f.value', '->>').key('icon').as('icon'),
    ])
    .orderBy('d.create_timestamp', 'desc')
    .orderBy('d.id', 'desc')
    .offset(at.offset)
    .limit(at.limit)
    .execute()
  const total = await build()
    .select((e) => e.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return {
    rows: rows.map((r) => ({ dynamic_id: Number(r.dynamic_id), circle_id: Number(r.circle_id), create_timestamp: Number(r.create_timestamp), url: r.url ?? '', name: r.name ?? '', extension: r.extension ?? '', icon: r.icon ?? '' })),
    total: Number(total.n),
  }
}

/** A circle's pinned or essence moments (approved, not ignored), for summaries and the carousel. */
export async function highlights(d: Queryable, circleId: number, f: { topOnly: boolean; tagId?: number | undefined; limit: number }): Promise<DynamicRow[]> {
  let q = dynamicQuery(d).where('d.circle_id', '=', circleId).where('d.status', '=', 'approved').where('d.ignored', '=', false)
  q = f.topOnly ? q.where('d.top', '=', true) : q.where((eb) => eb.or([eb('d.top', '=', true), eb('d.essence', '=', true)]))
  if (f.tagId !== undefined) {
    const tagId = f.tagId
    q = q.where((eb) => eb.exists(eb.selectFrom('circle_dynamic_tags as dt').whereRef('dt.dynamic_id', '=', 'd.id').where('dt.tag_id', '=', tagId).select('dt.tag_id')))
  }
  const rows = await q.orderBy('d.top', 'desc').orderBy('d.create_timestamp', 'desc').orderBy('d.id', 'desc').limit(f.limit).execute()
  return rows.map((r) => normal(r as DynamicRow))
}

/** The newest approved, not ignored moments of a circle (the intro's sample). */
export async function newestApproved(d: Queryable, circleId: number, limit: number): Promise<DynamicRow[]> {
  const rows = await dynamicQuery(d)
    .where('d.circle_id', '=', circleId)
    .where('d.status', '=', 'approved')
    .where('d.ignored', '=', false)
    .where('d.kind', '=', 'dynamic')
    // the posts the owner chose as the sample (set-preview, issue 29) first
    .orderBy('d.preview', 'desc')
    .orderBy('d.essence', 'desc')
    .orderBy('d.create_timestamp', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => normal(r as DynamicRow))
}

/** Approved questions of a circle, answered (an answer approved or under review) and not. */
export async function questionCounts(d: Queryable, circleId: number): Promise<{ answered: number; unanswered: number }> {
  const r = await k(d)
    .selectFrom('circle_dynamics as d')
    .where('d.circle_id', '=', circleId)
    .where('d.kind', '=', 'question')
    .where('d.status', '=', 'approved')
    .where('d.ignored', '=', false)
    .select((eb) => [
      eb.fn.countAll<number>().as('all'),
      eb.fn
        .count<number>('d.id')
        .filterWhere((w) => w.exists(answerStanding(w)))
        .as('answered'),
    ])
    .executeTakeFirstOrThrow()
  return { answered: Number(r.answered), unanswered: Number(r.all) - Number(r.answered) }
}

/** Approved moments by others after each membership's last read, per circle. */
export async function unreadCounts(d: Queryable, userId: number): Promise<Map<number, number>> {
  const rows = await k(d)
    .selectFrom('circle_members as m')
    .innerJoin('circle_dynamics as d', 'd.circle_id', 'm.circle_id')
    .where('m.user_id', '=', userId)
    .where('d.status', '=', 'approved')
    .where('d.ignored', '=', false)
    .where('d.author_id', '<>', userId)
    .whereRef('d.create_timestamp', '>', 'm.read_timestamp')
    .select((eb) => ['m.circle_id', eb.fn.countAll<number>().as('n')])
    .groupBy('m.circle_id')
    .execute()
  return new Map(rows.map((r) => [Number(r.circle_id), Number(r.n)]))
}

/** A new moment or question, never born rejected: the table's columns (files as the array the column holds), its defaults where left out. */
export async function insertDynamic(d: Queryable, row: Omit<Insertable<CircleDynamicsTable>, 'files' | 'status'> & { files: CircleFileColumn[]; status: 'reviewing' | 'approved' }): Promise<number> {
  const r = await k(d)
    .insertInto('circle_dynamics')
    .values({ ...row, files: JSON.stringify(row.files) })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(r.id)
}

export async function setTop(d: Queryable, id: number, top: boolean, nowSeconds: number): Promise<void> {
  await k(d).updateTable('circle_dynamics').set({ top, top_timestamp: top ? nowSeconds : null }).where('id', '=', id).execute()
}

export async function setEssence(d: Queryable, id: number, essence: boolean): Promise<void> {
  await k(d).updateTable('circle_dynamics').set({ essence }).where('id', '=', id).execute()
}

export async function setIgnored(d: Queryable, id: number, ignored: boolean): Promise<void> {
  await k(d).updateTable('circle_dynamics').set({ ignored }).where('id', '=', id).execute()
}

/** Takes a moment down (status rejected); false when it was taken down already. */
export async function rejectDynamic(d: Queryable, id: number): Promise<boolean> {
  const r = await k(d).updateTable('circle_dynamics').set({ status: 'rejected', review_due: null }).where('id', '=', id).where('status', '<>', 'rejected').executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

/** Approves every moment and question whose automatic review time (seconds) has come. */
export async function approveDueDynamics(d: Queryable, nowSeconds: number): Promise<void> {
  await k(d).updateTable('circle_dynamics').set({ status: 'approved', review_due: null }).where('status', '=', 'reviewing').where('review_due', 'is not', null).where('review_due', '<=', nowSeconds).execute()
}

// --- the circle-admin console (issue 29) ------------------------------------------------------------

export type AdminPostKind = 'all' | 'dynamic' | 'top' | 'essence' | 'preview' | 'questions' | 'answered' | 'unanswered'

/** Every post of a circle for its owner and admins (any status, set aside too): pinned first in `top`, else newest first. */
export async function adminPosts(
  d: Queryable,
  circleId: number,
  f: { kind: AdminPostKind; status?: 'reviewing' | 'approved' | 'rejected' | undefined; keyword?: string | undefined; offset: number; limit: number },
): Promise<{ rows: DynamicRow[]; total: number }> {
  const like = f.keyword ? `%${f.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : undefined
  const build = (q: ReturnType<typeof dynamicQuery>) => {
    let out = q.where('d.circle_id', '=', circleId)
    if (f.status) out = out.where('d.status', '=', f.status)
    if (like) out = out.where((eb) => eb.or([eb('d.title', 'ilike', like), eb('d.content', 'ilike', like)]))
    if (f.kind === 'dynamic') out = out.where('d.kind', '=', 'dynamic')
    if (f.kind === 'top') out = out.where('d.top', '=', true)
    if (f.kind === 'essence') out = out.where('d.essence', '=', true)
    if (f.kind === 'preview') out = out.where('d.preview', '=', true)
    if (f.kind === 'questions' || f.kind === 'answered' || f.kind === 'unanswered') out = out.where('d.kind', '=', 'question')
    if (f.kind === 'answered') out = out.where((eb) => eb.exists(answerStanding(eb)))
    if (f.kind === 'unanswered') out = out.where((eb) => eb.not(eb.exists(answerStanding(eb))))
    return out
  }
  let q = build(dynamicQuery(d))
  if (f.kind === 'top') q = q.orderBy('d.top_timestamp', (ob) => ob.desc().nullsLast())
  const rows = await q.orderBy('d.create_timestamp', 'desc').orderBy('d.id', 'desc').offset(f.offset).limit(f.limit).execute()
  const total = await build(dynamicQuery(d)).clearSelect().select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return { rows: rows.map((r) => normal(r as DynamicRow)), total: Number(total.n) }
}

export async function setPreview(d: Queryable, id: number, preview: boolean): Promise<void> {
  await k(d).updateTable('circle_dynamics').set({ preview }).where('id', '=', id).execute()
}

/** spec 001 §4: a closed comment shows 该内容已限制评论 (core/posting/comment-box.ts). */
export async function setCommentsClosed(d: Queryable, id: number, closed: boolean): Promise<void> {
  await k(d).updateTable('circle_dynamics').set({ comments_closed: closed }).where('id', '=', id).execute()
}

/** Approved moments and questions of these circles, answered and waiting questions (a summary's counts). */
export async function feedCounts(d: Queryable, circleIds: readonly number[]): Promise<{ posts: number; questions: number; answered: number }> {
  if (circleIds.length === 0) return { posts: 0, questions: 0, answered: 0 }
  const r = await k(d)
    .selectFrom('circle_dynamics as d')
    .where('d.circle_id', 'in', [...circleIds])
    .where('d.status', '=', 'approved')
    .where('d.ignored', '=', false)
    .select((eb) => [
      eb.fn.count<number>('d.id').filterWhere('d.kind', '=', 'dynamic').as('posts'),
      eb.fn.count<number>('d.id').filterWhere('d.kind', '=', 'question').as('questions'),
      eb.fn
        .count<number>('d.id')
        .filterWhere((w) => w.and([w('d.kind', '=', 'question'), w.exists(answerStanding(w))]))
        .as('answered'),
    ])
    .executeTakeFirstOrThrow()
  return { posts: Number(r.posts), questions: Number(r.questions), answered: Number(r.answered) }
}

/** When the moments and questions of these circles were posted, since a second (a summary's days). */
export async function postTimestamps(d: Queryable, circleIds: readonly number[], since: number): Promise<number[]> {
  if (circleIds.length === 0) return []
  const rows = await k(d).selectFrom('circle_dynamics').select('create_timestamp').where('circle_id', 'in', [...circleIds]).where('create_timestamp', '>=', since).execute()
  return rows.map((r) => Number(r.create_timestamp))
}
