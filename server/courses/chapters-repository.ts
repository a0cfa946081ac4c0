// The course_chapters table (027_circle_extras.sql): a course's chapters in their order, and one chapter
// (the video route and the progress call find the course from it). The one place its SQL lives.
import type { Insertable, Selectable } from 'kysely'
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
