// Seed rows of courses and live columns (see server/db/feature-seeds.ts). Versions 1620–1629. They hang
// off the circles the circles seed made (025: circles of type COURSE and LIVE_COLUMN), so they run after
// it. 1620: every course's chapters (fixtures/circle-extras/courses.ts; the video is the 10-second fixture
// under one key, put into storage on first request: fixture-video.ts) and every live column's items.
import { COURSE_CHAPTERS, LIVE_COLUMN_ITEMS } from '../../fixtures/circle-extras/courses'
import type { Db } from '../db/db'
import type { FeatureSeed } from '../db/feature-seeds'
import { circlesOfType } from '../circle-extras/circle-context'
import { insertLiveItems, liveItemCount } from '../live/rooms-repository'
import { hasChapters, insertChapters } from './chapters-repository'
import { FIXTURE_VIDEO_KEY, FIXTURE_VIDEO_SECONDS, FIXTURE_VIDEO_TYPE } from './fixture-video'

const DAY = 86_400

export async function seedCourses(db: Db, seedNow: number): Promise<void> {
  const now = Math.round(seedNow)
  for (const course of await circlesOfType(db, 'COURSE')) {
    if (await hasChapters(db, course.id)) continue
    await insertChapters(
      db,
      COURSE_CHAPTERS.map((c, i) => ({
        circle_id: course.id,
        sort: i + 1,
        title: c.title,
        content: c.content,
        picture_urls: [...c.pictureUrls],
        video_key: c.video ? FIXTURE_VIDEO_KEY : null,
        video_type: c.video ? FIXTURE_VIDEO_TYPE : null,
        video_seconds: c.video ? FIXTURE_VIDEO_SECONDS : 0,
        free: c.free,
        create_timestamp: now - (COURSE_CHAPTERS.length - i) * DAY,
      })),
    )
  }
  for (const column of await circlesOfType(db, 'LIVE_COLUMN')) {
    if ((await liveItemCount(db, column.id)) > 0) continue
    await insertLiveItems(
      db,
      LIVE_COLUMN_ITEMS.map((item, i) => ({
        circle_id: column.id,
        title: item.title,
        brief: item.brief,
        status: item.status,
        start_timestamp: now - item.daysAgo * DAY - 12 * 3600,
        sort: i,
      })),
    )
  }
}

export const courseSeeds: FeatureSeed[] = [{ version: 1620, name: 'circle extras: course chapters, progress, live-column items', run: seedCourses }]
