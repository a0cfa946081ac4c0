// The rules of the console's course and chapter forms (issue 29; spec 001 §2 course/list add and edit,
// course/content add and edit; §3 circle type COURSE). The spec names the routes, not the fields: a course
// is a circle (its form is the console's circle form, core/circle-admin/circles.ts and
// circle-form.machine.ts, with the type COURSE); a chapter has a title, an order,
// a 试看 flag, text and one video. The chapter's lengths are those migration 027 keeps as CHECKs
// (core/courses/limits.ts); its order's bounds and the video's are ours. The views show these messages
// beside the fields and the server answers them (400), the same text.
import { CHAPTER_TEXT_MAX, CHAPTER_TITLE_MAX } from '../courses/limits'
import { extensionOf, type UploadDescriptor } from '../validation/upload'

/** a chapter's place in its course (ours) */
export const CHAPTER_SORT_MIN = 1
export const CHAPTER_SORT_MAX = 9_999

/** A course video: mp4 or webm (the chapters table's video_type CHECK), recognised by content. */
export const COURSE_VIDEO_TYPES = ['video/mp4', 'video/webm'] as const
export type CourseVideoType = (typeof COURSE_VIDEO_TYPES)[number]
export const VIDEO_EXTENSIONS = ['mp4', 'webm'] as const
/** ours: a lecture of an hour at a modest bitrate; within the hourly upload bytes (core/limits/write-limits.ts) */
export const MAX_VIDEO_BYTES = 200_000_000

export const COURSE_FORM_MESSAGES = {
  titleRequired: '请输入章节标题',
  titleTooLong: `章节标题不能超过${CHAPTER_TITLE_MAX}个字`,
  sortInvalid: `排序应为 ${CHAPTER_SORT_MIN} 到 ${CHAPTER_SORT_MAX} 的整数`,
  contentTooLong: `章节内容不能超过${CHAPTER_TEXT_MAX}个字`,
  videoUploading: '视频上传中，请稍候',
  videoNotFound: '视频不存在，请重新上传',
  videoType: '仅支持 mp4、webm 格式的视频',
  videoTooLarge: '视频大小不能超过200MB',
  videoOne: '请只上传一个视频',
  videoFailed: '视频上传失败，请重试或移除',
} as const

/** The messages by field (absent: the field is fine). */
export type FieldErrors<F extends string> = Partial<Record<F, string>>

const chars = (s: string) => Array.from(s).length

// --- a chapter -------------------------------------------------------------------------------------

export interface ChapterValues {
  readonly title: string
  readonly sort: number
  readonly free: boolean
  readonly content: string
  readonly video: { readonly key: string; readonly durationSeconds: number } | null
}
export type ChapterField = 'title' | 'sort' | 'content' | 'video'

export function chapterProblems(v: ChapterValues): FieldErrors<ChapterField> {
  const e: FieldErrors<ChapterField> = {}
  const title = v.title.trim()
  if (!title) e.title = COURSE_FORM_MESSAGES.titleRequired
  else if (chars(title) > CHAPTER_TITLE_MAX) e.title = COURSE_FORM_MESSAGES.titleTooLong
  if (!Number.isInteger(v.sort) || v.sort < CHAPTER_SORT_MIN || v.sort > CHAPTER_SORT_MAX) e.sort = COURSE_FORM_MESSAGES.sortInvalid
  if (chars(v.content) > CHAPTER_TEXT_MAX) e.content = COURSE_FORM_MESSAGES.contentTooLong
  return e
}

/** What the chapter form edits: the order as typed. */
export interface ChapterForm {
  readonly title: string
  readonly sortText: string
  readonly free: boolean
  readonly content: string
}

/** The form (and the video the upload gave, if any) read into what the server takes, with the problems. */
export function readChapterForm(f: ChapterForm, video: ChapterValues['video']): { values: ChapterValues; errors: FieldErrors<ChapterField> } {
  const sort = /^\d{1,6}$/.test(f.sortText.trim()) ? Number(f.sortText.trim()) : Number.NaN
  const values: ChapterValues = { title: f.title.trim(), sort, free: f.free, content: f.content, video }
  return { values, errors: chapterProblems(values) }
}

// --- with the form's upload -------------------------------------------------------------------------

/** How far the form's one upload is (core/circle-admin/course-upload.machine.ts uploadSlot). */
export interface UploadState {
  readonly status: 'idle' | 'uploading' | 'done' | 'failed'
  readonly stored: { readonly value: string; readonly durationSeconds: number } | null
}

/** The chapter form with its video upload: a video still uploading (or failed) is not saved. */
export function readChapterWithVideo(f: ChapterForm, video: UploadState): { values: ChapterValues; errors: FieldErrors<ChapterField> } {
  const read = readChapterForm(f, video.stored ? { key: video.stored.value, durationSeconds: video.stored.durationSeconds } : null)
  if (video.status === 'uploading') read.errors.video = COURSE_FORM_MESSAGES.videoUploading
  else if (video.status === 'failed') read.errors.video = COURSE_FORM_MESSAGES.videoFailed
  return read
}

// --- the video, before it is sent ------------------------------------------------------------------

/** Why a picked file may not be sent as a course video (by its name and size; the server checks content). */
export function videoProblem(file: UploadDescriptor): string | null {
  const typeOk = (COURSE_VIDEO_TYPES as readonly string[]).includes(file.type) || (VIDEO_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))
  if (!typeOk) return COURSE_FORM_MESSAGES.videoType
  if (file.size > MAX_VIDEO_BYTES) return COURSE_FORM_MESSAGES.videoTooLarge
  return null
}
