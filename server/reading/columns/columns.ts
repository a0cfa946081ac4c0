// Columns (专栏), column articles and columnists (spec 000 §7 'Columns').
import { numberedPage, type NumberedPage } from '../../../core/api/page'
import { sql } from 'kysely'
import type { Column, ColumnArticle, Columnist } from '../../../core/api/reading-columns'
import type { ArticleSummary } from '../../../core/api/content'
import type { Db } from '../../db/db'
import type { ContentLang } from '../../i18n/to-hk'
import { notFound } from '../../http/api-error'
import { articleSummaryQuery, toArticleSummaries } from '../../content/article-summary'
import { columnistsPage, countColumnists } from '../../accounts/users-repository'

export const MESSAGES = { columnNotFound: '专栏不存在' } as const
/** /api/columnArticle/getSelected version 2: the most read column articles of this many days first */
export const SELECTED_WINDOW_DAYS = 90

export interface PageQuery { page: number; count: number }

function columnQuery(db: Db) {
  return db.kysely
    .selectFrom('columns as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('articles as a', 'a.column_id', 'c.id')
    .groupBy(['c.id', 'u.id'])
    .select([
      'c.id', 'c.name', 'c.brief', 'c.cover_url', 'c.create_timestamp', 'u.id as user_id', 'u.nick', 'u.avatar',
      sql<number>`count(a.id)::int`.as('article_count'),
      sql<number>`coalesce(sum(a.read_count), 0)::bigint`.as('read_count'),
      sql<number>`coalesce(max(a.create_timestamp), c.create_timestamp)`.as('update_timestamp'),
    ])
}
type ColumnRow = Awaited<ReturnType<ReturnType<typeof columnQuery>['execute']>>[number]

const toColumn = (r: ColumnRow): Column => ({
  id: r.id,
  name: r.name,
  brief: r.brief,
  coverUrl: r.cover_url,
  author: { id: r.user_id, nick: r.nick, avatar: r.avatar },
  articleCount: Number(r.article_count),
  readCount: Number(r.read_count),
  updateTimestamp: Number(r.update_timestamp),
})

async function columnTotal(db: Db): Promise<number> {
  return Number((await db.kysely.selectFrom('columns').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
}

/** Ordered columns, or a random pick of `count` when `random` (page ignored; hasMore false). */
export async function listColumns(db: Db, order: 'recommend' | 'hot', { page, count }: PageQuery, random: boolean): Promise<NumberedPage<Column>> {
  const total = await columnTotal(db)
  let q = columnQuery(db)
  if (random) {
    const rows = await q.orderBy(sql`random()`).limit(count).execute()
    return { list: rows.map(toColumn), hasMore: false, total, page: 1 }
  }
  q = order === 'hot' ? q.orderBy('read_count', 'desc') : q.orderBy('update_timestamp', 'desc')
  const rows = await q.orderBy('c.id', 'asc').limit(count).offset((page - 1) * count).execute()
  return numberedPage(rows.map(toColumn), { page, count, total })
}

export async function columnDetail(db: Db, id: number): Promise<Column> {
  const row = await columnQuery(db).where('c.id', '=', id).executeTakeFirst()
  if (!row) throw notFound(MESSAGES.columnNotFound)
  // a paid column's subscription (the goods the membership seed and shop create, spec 001 §3): its
  // cheapest spec, the same for every reader (this answer is public and cached)
  const spec = (
    await sql<{ id: number }>`SELECT s.id FROM goods_specs s JOIN goods g ON g.id = s.goods_id
      WHERE g.ref_kind = 'column' AND g.ref_id = ${id} ORDER BY s.price_cents, s.id LIMIT 1`.execute(db.kysely)
  ).rows[0]
  return spec ? { ...toColumn(row), specsId: Number(spec.id) } : toColumn(row)
}

/** A column as a list shows it: its detail without the purchase. */
async function columnOnly(db: Db, id: number): Promise<void> {
  const row = await columnQuery(db).where('c.id', '=', id).select('c.id').executeTakeFirst()
  if (!row) throw notFound(MESSAGES.columnNotFound)
}

export async function columnArticles(db: Db, id: number, { page, count }: PageQuery, order: 'asc' | 'desc', lang: ContentLang): Promise<NumberedPage<ArticleSummary>> {
  await columnOnly(db, id)
  const total = Number(
    (await db.kysely.selectFrom('articles').select((eb) => eb.fn.countAll<number>().as('n')).where('column_id', '=', id).executeTakeFirstOrThrow()).n,
  )
  const rows = await articleSummaryQuery(db)
    .where('a.column_id', '=', id)
    .orderBy('a.create_timestamp', order)
    .orderBy('a.id', order)
    .limit(count)
    .offset((page - 1) * count)
    .execute()
  return numberedPage(await toArticleSummaries(db, rows, lang), { page, count, total })
}

/** version 1: newest column articles; version 2: the last SELECTED_WINDOW_DAYS days by reads, then the rest newest first. */
export async function selectedColumnArticles(db: Db, { page, count }: PageQuery, version: 1 | 2, now: number, lang: ContentLang): Promise<NumberedPage<ColumnArticle>> {
  const total = Number(
    (await db.kysely.selectFrom('articles').select((eb) => eb.fn.countAll<number>().as('n')).where('column_id', 'is not', null).executeTakeFirstOrThrow()).n,
  )
  let q = articleSummaryQuery(db).innerJoin('columns as c', 'c.id', 'a.column_id').select('c.name as column_name')
  if (version === 2) {
    const since = now - SELECTED_WINDOW_DAYS * 86_400
    q = q.orderBy(sql`(a.create_timestamp >= ${since})`, 'desc').orderBy(sql`case when a.create_timestamp >= ${since} then a.read_count else 0 end`, 'desc')
  }
  const rows = await q.orderBy('a.create_timestamp', 'desc').orderBy('a.id', 'desc').limit(count).offset((page - 1) * count).execute()
  const articles = await toArticleSummaries(db, rows, lang)
  return numberedPage(
    articles.map((a, i) => ({ ...a, column: { id: rows[i]!.column_id!, name: rows[i]!.column_name } })),
    { page, count, total },
  )
}

export async function listColumnists(db: Db, { page, count }: PageQuery): Promise<NumberedPage<Columnist>> {
  const total = await countColumnists(db)
  // fans as userCounts counts them: the audience (migration 010) plus the follow rows
  const users = await columnistsPage(db, count, (page - 1) * count)
  const ids = users.map((u) => u.id)
  const cols = ids.length ? await db.kysely.selectFrom('columns').select(['id', 'name', 'user_id']).where('user_id', 'in', ids).orderBy('id').execute() : []
  return numberedPage(
    users.map((u) => ({
      id: u.id,
      nick: u.nick,
      avatar: u.avatar,
      brief: u.brief,
      articleCount: Number(u.article_count),
      fans: Number(u.fans),
      columns: cols.filter((c) => c.user_id === u.id).map((c) => ({ id: c.id, name: c.name })),
    })),
    { page, count, total },
  )
}
