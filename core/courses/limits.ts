// Bounds and texts of courses, live columns and the circle chatroom (issue 27; spec 001 §3 circle types
// COURSE and LIVE_COLUMN, §7 /api/financial-circle/course/{id}/v1, /live-column/{id},
// /live-column/content/page, /chatroom-with-message/v1, §9). The spec names the live column's page size
// (count 10) and the live room statuses; the lengths are ours and migration 027 repeats them as CHECKs.

import { LIVE_STATUS_CODES as S } from '../live/status-codes'

/** spec 001 §7: GET /api/financial-circle/live-column/content/page (page, liveColumnId, count 10) */
export const LIVE_COLUMN_PAGE_SIZE = 10

/**
 * spec 001 §3 Live room statuses a live column lists, with their codes (core/live/limits.ts, the one
 * place they are said): 1 booked, 2 live, 3 playback, 4 no playback, 5 playback generating, 7 paused
 * (6 deleted is never listed; -1 is listed as 5).
 */
export const LIVE_ROOM_STATUSES = {
  RESERVATION: S.RESERVATION,
  LIVE: S.LIVE,
  PLAYBACK: S.PLAYBACK,
  NOT_PLAYBACK: S.NOT_PLAYBACK,
  BACK_GENERATION: S.BACK_GENERATION,
  PAUSE: S.PAUSE,
} as const
export type LiveRoomStatus = keyof typeof LIVE_ROOM_STATUSES
export const LIVE_ROOM_STATUS_NAMES = Object.keys(LIVE_ROOM_STATUSES) as LiveRoomStatus[]

export const CHAPTER_TITLE_MAX = 60
/** a chapter's text (plain text with line breaks, shown as text) */
export const CHAPTER_TEXT_MAX = 20_000
export const CHAPTER_PICTURES_MAX = 9

/** a position in a chapter's video, seconds; a course video is never a day long */
export const POSITION_MAX_SECONDS = 86_400
/**
 * A chapter counts as finished once the reader is this close to the end (seconds) or past this share
 * of it: players stop a frame or two short of the duration, and credits are skipped.
 */
export const COMPLETE_TAIL_SECONDS = 2
export const COMPLETE_SHARE = 0.95
/** the course page saves the position this often while the video plays (and on pause, end and leaving) */
export const PROGRESS_SAVE_INTERVAL_MS = 10_000

/** the newest chatroom messages chatroom-with-message answers with */
export const CHATROOM_MESSAGES_SHOWN = 20

/** Where a course video is served: members (and free chapters' readers) only, with byte ranges. */
export const COURSE_VIDEO_PREFIX = '/media/course-video/'
export const courseVideoUrl = (chapterId: number): string => `${COURSE_VIDEO_PREFIX}${chapterId}`

export const COURSE_MESSAGES = {
  courseNotFound: '课程不存在',
  chapterNotFound: '章节不存在',
  liveColumnNotFound: '直播专栏不存在',
  noVideo: '该章节没有视频',
  /** a chapter's content, video or progress asked by someone the circle's access rule does not let read it */
  joinFirst: '购买课程后才能观看全部章节',
  /** chatroom-with-message for a circle the reader has no valid membership of */
  chatroomMembersOnly: '加入圈子后才能进入聊天室',
} as const
