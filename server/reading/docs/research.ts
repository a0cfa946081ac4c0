// Deep research reports: free list by page, paid list by createTimestamp cursor, detail (spec 000 §7).
import { numberedPage } from '../../../core/api/page'
import type { ResearchReport, ResearchReportDetail } from '../../../core/api/reading-docs'
import type { Db } from '../../db/db'
import { notFound } from '../../http/api-error'
import type { ContentLang } from '../../i18n/to-hk'
import { refsOf, stockNames } from '../../content/stocks'
import type { DocsTables } from '../../db/schema'
import { freePart, reportLock, type Viewer } from '../../membership/paywall'

export const RESEARCH_MESSAGES = {
  groupNotFound: '研报分组不存在',
  reportNotFound: '研报不存在',
} as const
export const RESEARCH_PAGE_SIZE = 10
/** paragraphs a reader sees of a paid report before buying */
export const PAID_PREVIEW_PARAGRAPHS = 1
export const RELATED_REPORTS = 4

type Row = DocsTables['research_reports']
const tables = (db: Db) => db.kysely.withTables<DocsTables>()
const COLUMNS = ['id', 'title', 'summary', 'institution', 'analyst', 'rating', 'cover_url', 'stocks', 'is_pay', 'price_cents', 'pages', 'create_timestamp', 'read_count'] as const
type SummaryRow = Pick<Row, (typeof COLUMNS)[number]>

async function toReports(db: Db, rows: readonly SummaryRow[], lang: ContentLang): Promise<ResearchReport[]> {
  const names = await stockNames(db, rows.flatMap((r) => r.stocks), lang)
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    summary: r.summary,
    institution: r.institution,
    analyst: r.analyst,
    rating: r.rating,
    coverUrl: r.cover_url,
    stocks: refsOf(r.stocks, names),
    isPay: r.is_pay,
    priceCents: r.price_cents,
    pages: r.pages,
    createTimestamp: Number(r.create_timestamp),
    readCount: r.read_count,
  }))
}

async function checkGroup(db: Db, groupId: number) {
  const one = await tables(db).selectFrom('research_reports').select('id').where('group_id', '=', groupId).limit(1).executeTakeFirst()
  if (!one) throw notFound(RESEARCH_MESSAGES.groupNotFound)
}

export async function freeReports(db: Db, groupId: number, { page, count }: { page: number; count: number }, lang: ContentLang) {
  await checkGroup(db, groupId)
  const base = tables(db).selectFrom('research_reports').where('group_id', '=', groupId).where('is_pay', '=', false)
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  const rows = await base
    .select([...COLUMNS])
    .orderBy('create_timestamp', 'desc')
    .orderBy('id', 'desc')
    .limit(count)
    .offset((page - 1) * count)
    .execute()
  return numberedPage(await toReports(db, rows, lang), { page, count, total })
}

/** Strictly older than the cursor, newest first; a group of equal timestamps is never split (the page completes it). */
export async function payReports(db: Db, groupId: number, { before, count }: { before?: number | undefined; count: number }, lang: ContentLang) {
  await checkGroup(db, groupId)
  const paid = () => tables(db).selectFrom('research_reports').select([...COLUMNS]).where('group_id', '=', groupId).where('is_pay', '=', true)
  let q = paid()
  if (before !== undefined) q = q.where('create_timestamp', '<', before)
  const rows = await q.orderBy('create_timestamp', 'desc').orderBy('id', 'desc').limit(count + 1).execute()
  const page = rows.slice(0, count)
  let hasMore = rows.length > count
  const last = page[page.length - 1]
  if (hasMore && last && Number(rows[count]!.create_timestamp) === Number(last.create_timestamp)) {
    const ts = Number(last.create_timestamp)
    page.push(...(await paid().where('create_timestamp', '=', ts).where('id', '<', last.id).orderBy('id', 'desc').execute()))
    hasMore = (await paid().where('create_timestamp', '<', ts).limit(1).execute()).length > 0
  }
  return { list: await toReports(db, page, lang), hasMore }
}

/** One report; a paid one shows only its preview to a reader without a membership or the report bought (issue 13). */
export async function reportDetail(db: Db, id: number, lang: ContentLang, viewer?: Viewer): Promise<ResearchReportDetail> {
  const row = await tables(db).selectFrom('research_reports').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound(RESEARCH_MESSAGES.reportNotFound)
  const related = await tables(db)
    .selectFrom('research_reports')
    .select([...COLUMNS])
    .where('id', '<>', id)
    .where('group_id', '=', row.group_id)
    .orderBy('create_timestamp', 'desc')
    .orderBy('id', 'desc')
    .execute()
  // same stock first, then the newest
  const shares = (r: SummaryRow) => r.stocks.some((s) => row.stocks.includes(s))
  const relatedRows = [...related.filter(shares), ...related.filter((r) => !shares(r))].slice(0, RELATED_REPORTS)
  const [summary] = await toReports(db, [row], lang)
  const reports = await toReports(db, relatedRows, lang)
  const lock = await reportLock(db, viewer ?? { userId: null, nowSeconds: Math.floor(Date.now() / 1000) }, { id, isPay: row.is_pay })
  return {
    ...summary!,
    paragraphs: freePart(row.paragraphs, lock, PAID_PREVIEW_PARAGRAPHS),
    locked: lock.locked,
    ...(lock.specsId === undefined ? {} : { specsId: lock.specsId }),
    related: reports,
  }
}
