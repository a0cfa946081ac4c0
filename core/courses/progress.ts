// A member's progress through a course (issue 27: 'progress per member'), one rule for the server that
// stores it and the page that shows it. A chapter's position is kept in whole seconds inside its video;
// a chapter is finished near its end and stays finished (watching it again does not undo it); a chapter
// without a video is finished when the reader says they read it.
import { COMPLETE_SHARE, COMPLETE_TAIL_SECONDS, POSITION_MAX_SECONDS } from './limits'

export interface ChapterProgress {
  readonly positionSeconds: number
  readonly completed: boolean
}

/** Whether `position` is at the end of a video of `duration` seconds (near enough: limits.ts). */
export function isAtEnd(positionSeconds: number, durationSeconds: number): boolean {
  if (!(durationSeconds > 0)) return false
  return positionSeconds >= durationSeconds - COMPLETE_TAIL_SECONDS || positionSeconds >= durationSeconds * COMPLETE_SHARE
}

/**
 * The progress after a report: the position rounded into the video (0 … its duration; a chapter
 * without a video keeps 0), finished once at the end or, without a video, when the reader says so, and
 * never unfinished again.
 */
export function nextProgress(
  previous: ChapterProgress | null,
  reported: { readonly positionSeconds: number; readonly completed?: boolean | undefined },
  durationSeconds: number,
): ChapterProgress {
  const hasVideo = durationSeconds > 0
  const upper = hasVideo ? Math.min(durationSeconds, POSITION_MAX_SECONDS) : 0
  const raw = Number.isFinite(reported.positionSeconds) ? Math.round(reported.positionSeconds) : 0
  const positionSeconds = Math.max(0, Math.min(upper, raw))
  const completed = (previous?.completed ?? false) || (hasVideo ? isAtEnd(positionSeconds, durationSeconds) : reported.completed === true)
  return { positionSeconds, completed }
}

/** Whether a reader sees a chapter's text, pictures and video: everyone who may read the course, and everyone for a free (试看) chapter. */
export const chapterOpen = (canRead: boolean, free: boolean): boolean => canRead || free

export interface ChapterState {
  readonly id: number
  readonly progress: (ChapterProgress & { readonly updateTimestamp: number }) | null
}

/**
 * Where the course page opens: the chapter last watched if not yet finished, else the first chapter not
 * finished, else the first; null for a course without chapters.
 */
export function resumeChapterId(chapters: readonly ChapterState[]): number | null {
  if (chapters.length === 0) return null
  let last: ChapterState | null = null
  for (const c of chapters) if (c.progress && (!last || c.progress.updateTimestamp > last.progress!.updateTimestamp)) last = c
  if (last && !last.progress!.completed) return last.id
  return (chapters.find((c) => !c.progress?.completed) ?? chapters[0]!).id
}

export const completedCount = (chapters: readonly ChapterState[]): number => chapters.filter((c) => c.progress?.completed === true).length
