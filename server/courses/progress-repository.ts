// The course_progress table (027_circle_extras.sql): each reader's place in each chapter of a course.
// The one place its SQL lives; core/courses/progress.ts decides what is stored.
import type { Selectable } from 'kysely'
import type { CourseProgressTable } from '../db/schema'
import { k, type Queryable } from '../db/queryable'

export type ProgressRow = Selectable<CourseProgressTable>

export async function progressOf(d: Queryable, userId: number, circleId: number): Promise<ProgressRow[]> {
  return k(d).selectFrom('course_progress').selectAll().where('user_id', '=', userId).where('circle_id', '=', circleId).execute()
}

export async function chapterProgressOf(d: Queryable, userId: number, chapterId: number): Promise<ProgressRow | undefined> {
  return k(d).selectFrom('course_progress').selectAll().where('user_id', '=', userId).where('chapter_id', '=', chapterId).executeTakeFirst()
}

/** Writes the reader's place in a chapter (one row per reader and chapter). */
export async function saveProgress(d: Queryable, row: ProgressRow): Promise<void> {
  await k(d)
    .insertInto('course_progress')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'chapter_id']).doUpdateSet({ position_seconds: row.position_seconds, completed: row.completed, update_timestamp: row.update_timestamp }),
    )
    .execute()
}
