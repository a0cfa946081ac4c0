// The course_chapters table (027_circle_extras.sql): a course's chapters in their order, and one chapter
// (the video route and the progress call find the course from it). The one place its SQL lives.
import type { Insertable, Selectable, Updateable } from 'kysely'
import type { CourseChaptersTable } from '../db/schema'
import { k, type Queryable } from '../db/queryable'

export type ChapterRow = Selectable<CourseChaptersTable>

export async function chaptersOf(d: Queryable, circleId: number): Promise<ChapterRow[]> {
  return k(d).selectFrom('course_chapters').selectAll().where('circle_id', '=', circleId).orderBy('sort').orderBy('id').execute()
}

export async function chapterById(d: Queryable, id: number): Promise<ChapterRow | undefined> {
  return k(d).selectFrom('course_chapters').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function insertChapters(d: Queryable, rows: readonly Insertable<CourseChaptersTable>[]): Promise<void> {
  if (rows.length) await k(d).insertInto('course_chapters').values([...rows]).execute()
}

/** Whether the course has chapters already (the seed adds them once). */
export async function hasChapters(d: Queryable, circleId: number): Promise<boolean> {
  return (await k(d).selectFrom('course_chapters').select('id').where('circle_id', '=', circleId).limit(1).executeTakeFirst()) !== undefined
}

// --- the circle-admin console (issue 29: course/content) ---------------------------------------------

/** A page of a course's chapters in their order, titles holding `keyword` when given, with the total. */
export async function chapterPage(d: Queryable, circleId: number, at: { keyword?: string | undefined; offset: number; limit: number }): Promise<{ rows: ChapterRow[]; total: number }> {
  let q = k(d).selectFrom('course_chapters').where('circle_id', '=', circleId)
  if (at.keyword) q = q.where('title', 'ilike', `%${at.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)
  const rows = await q.selectAll().orderBy('sort').orderBy('id').offset(at.offset).limit(at.limit).execute()
  const total = await q.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return { rows, total: Number(total.n) }
}

export async function insertChapter(d: Queryable, row: Insertable<CourseChaptersTable>): Promise<ChapterRow> {
  return k(d).insertInto('course_chapters').values(row).returningAll().executeTakeFirstOrThrow()
}

export async function updateChapter(d: Queryable, id: number, set: Updateable<CourseChaptersTable>): Promise<ChapterRow | undefined> {
  return k(d).updateTable('course_chapters').set(set).where('id', '=', id).returningAll().executeTakeFirst()
}

export async function deleteChapter(d: Queryable, id: number): Promise<void> {
  await k(d).deleteFrom('course_chapters').where('id', '=', id).execute()
}
