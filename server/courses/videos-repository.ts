// The course_videos table (035_course_videos.sql): each video uploaded for a course in the console,
// under its storage key. The one place its SQL lives.
import type { Selectable } from 'kysely'
import type { CourseVideosTable } from '../db/schema'
import { k, type Queryable } from '../db/queryable'

export type CourseVideoRow = Selectable<CourseVideosTable>

export async function insertCourseVideo(d: Queryable, row: CourseVideoRow): Promise<void> {
  await k(d).insertInto('course_videos').values(row).execute()
}

/** The video under this key if it was uploaded for this course. */
export async function courseVideoOf(d: Queryable, circleId: number, storageKey: string): Promise<CourseVideoRow | undefined> {
  const r = await k(d).selectFrom('course_videos').selectAll().where('storage_key', '=', storageKey).where('circle_id', '=', circleId).executeTakeFirst()
  return r && { ...r, size: Number(r.size), create_timestamp: Number(r.create_timestamp) }
}
