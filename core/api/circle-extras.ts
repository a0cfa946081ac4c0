// spec 001 §7 'Moments and financial circles', the circle extras (issue 27): a course (a circle of type
// COURSE) with its chapters and the reader's progress, a live column (a circle of type LIVE_COLUMN) and the
// items it lists, and the circle's chatroom. Paths, methods and query names are the spec's; the answers'
// fields are ours where the spec names only the path, and the progress call is ours in the spec's style
// (the spec shows no path for it). Who may read is core/circles/access.ts's rule (the circle's), which
// core/courses/progress.ts narrows per chapter. Share, violation, complain and the ad calls are in
// core/api/interaction.ts and reading-docs.ts (spec 000 names the same paths).
import * as Schema from 'effect/Schema'
import { get, put } from './endpoint'
import { CountFromString, Id, IdFromString, Seconds } from './common'
import { Page } from './page'
import { CircleAccess, CirclePrice, CircleUser } from './circles'
import { ChatroomMessage, MemberRole } from './chat'
import { LIVE_ROOM_STATUS_NAMES, POSITION_MAX_SECONDS } from '../courses/limits'

const PathId = IdFromString

/** A chapter's video: served with byte ranges at `url` (core/courses/limits.ts courseVideoUrl). */
export const ChapterVideo = Schema.Struct({
  url: Schema.String,
  contentType: Schema.Literals(['video/webm', 'video/mp4']),
  durationSeconds: Schema.Number,
})
export type ChapterVideo = typeof ChapterVideo.Type

export const ChapterProgress = Schema.Struct({
  chapterId: Schema.Number,
  positionSeconds: Schema.Number,
  completed: Schema.Boolean,
  updateTimestamp: Seconds,
})
export type ChapterProgress = typeof ChapterProgress.Type

/**
 * A chapter of a course. `open` says whether this reader sees it (core/courses/progress.ts chapterOpen):
 * a closed chapter has its title, length and whether it has a video, but no text, pictures or video.
 */
export const CourseChapter = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  /** 试看: open to every reader */
  free: Schema.Boolean,
  open: Schema.Boolean,
  /** plain text with line breaks, shown as text; '' when closed */
  content: Schema.String,
  pictureUrls: Schema.Array(Schema.String),
  hasVideo: Schema.Boolean,
  durationSeconds: Schema.Number,
  video: Schema.NullOr(ChapterVideo),
  /** the reader's place in it; null for a guest, an outsider or a chapter not started */
  progress: Schema.NullOr(ChapterProgress),
})
export type CourseChapter = typeof CourseChapter.Type

/** What a course and a live column show at their top: the circle they are, its owner, price and the reader's access. */
export const CircleHead = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  avatar: Schema.String,
  brief: Schema.String,
  intro: Schema.String,
  owner: CircleUser,
  price: Schema.NullOr(CirclePrice),
  access: CircleAccess,
})

/** GET /api/financial-circle/course/{id}/v1: the course (a COURSE circle) for any reader, chapters open to its readers. */
export const Course = Schema.Struct({
  ...CircleHead.fields,
  chapters: Schema.Array(CourseChapter),
  completedCount: Schema.Number,
  /** where the page opens (core/courses/progress.ts resumeChapterId) */
  resumeChapterId: Schema.NullOr(Schema.Number),
})
export type Course = typeof Course.Type

export const courseDetail = get('circle.course', '/api/financial-circle/course/{id}/v1', { params: Schema.Struct({ id: PathId }), result: Course })

const Position = Schema.Number.check(Schema.isFinite(), Schema.isBetween({ minimum: 0, maximum: POSITION_MAX_SECONDS }))

/**
 * PUT /api/financial-circle/course/{id}/progress/v1 {chapterId, positionSeconds, completed} (ours, in the
 * spec's style): the reader's place in a chapter; readers of the course only (a free chapter's reader who
 * is not a member keeps no progress). Answers the progress as stored (core/courses/progress.ts).
 */
export const courseProgress = put('circle.courseProgress', '/api/financial-circle/course/{id}/progress/v1', {
  params: Schema.Struct({ id: PathId }),
  body: Schema.Struct({ chapterId: Id, positionSeconds: Position, completed: Schema.optional(Schema.Boolean) }),
  result: ChapterProgress,
})

// --- live columns --------------------------------------------------------------------------------

/** spec 001 §3 live room statuses (codes in core/courses/limits.ts) */
export const LiveRoomStatus = Schema.Literals(LIVE_ROOM_STATUS_NAMES)

export const LiveColumn = Schema.Struct({
  ...CircleHead.fields,
  itemCount: Schema.Number,
})
export type LiveColumn = typeof LiveColumn.Type

/** spec 001 §7: GET /api/financial-circle/live-column/{id} — a LIVE_COLUMN circle. Public. */
export const liveColumn = get('circle.liveColumn', '/api/financial-circle/live-column/{id}', {
  params: Schema.Struct({ id: PathId }),
  result: LiveColumn,
})

export const LiveColumnItem = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  brief: Schema.String,
  status: LiveRoomStatus,
  /** spec 001 §3: 1 booked, 2 live, 3 playback, 4 no playback, 5 playback generating, 7 paused */
  statusCode: Schema.Number,
  startTimestamp: Seconds,
})
export type LiveColumnItem = typeof LiveColumnItem.Type

/** spec 001 §7: GET /api/financial-circle/live-column/content/page (page, liveColumnId, count 10), newest first. Public. */
export const liveColumnContent = get('circle.liveColumnContent', '/api/financial-circle/live-column/content/page', {
  query: Schema.Struct({ liveColumnId: IdFromString, page: Schema.optional(IdFromString.check(Schema.isLessThanOrEqualTo(10_000))), count: Schema.optional(CountFromString) }),
  result: Page(LiveColumnItem),
})

// --- the circle chatroom ---------------------------------------------------------------------------

/**
 * spec 001 §7: GET /api/financial-circle/chatroom-with-message/v1 (financialCircleId) — the circle's one
 * chat group (made on first use, the owner as Owner) with the newest messages; members only. The reader
 * is put in the group here while their membership is valid; an expired member is taken out.
 */
export const chatroomWithMessage = get('circle.chatroomWithMessage', '/api/financial-circle/chatroom-with-message/v1', {
  // it makes the group and puts the reader in (or takes them out): a GET that changes state wants our CSRF token
  changesState: true,
  query: Schema.Struct({ financialCircleId: IdFromString }),
  result: Schema.Struct({
    financialCircleId: Schema.Number,
    groupId: Schema.String,
    /** GROUP + groupId: the conversation the messaging port opens */
    conversationId: Schema.String,
    name: Schema.String,
    avatar: Schema.String,
    role: MemberRole,
    memberCount: Schema.Number,
    /** the newest first (core/courses/limits.ts CHATROOM_MESSAGES_SHOWN) */
    messages: Schema.Array(ChatroomMessage),
  }),
})
