// The circle-admin console's live area (issue 29; spec 001 §2 circle admin live/live-column-list add and
// edit/{id}, live/live-list add, edit/{id} and manage/{id} with the tabs basicInfo, commentManage,
// dataAnalysis, playbackSet, startSet, userManage, and live/live-user-admin; §3 live room statuses and start
// modes; §6 honoured-guest tags). The spec names the routes and the tabs, not the forms' rules: ours, here
// once — the server checks them and the console's forms show the same messages before sending. A live
// column itself is a circle of type LIVE_COLUMN: its form and rules are core/circle-admin/circles.ts.
import { LIVE_BRIEF_MAX, LIVE_STATUS_CODES, LIVE_TITLE_MAX, statusNameOf, type LiveStatusName } from '../live/limits'

/** The manage page's tabs (spec 001 §2 live/live-list/manage/{id} with tabs …), in the spec's order. */
export const MANAGE_TABS = ['basicInfo', 'commentManage', 'dataAnalysis', 'playbackSet', 'startSet', 'userManage'] as const
export type ManageTab = (typeof MANAGE_TABS)[number]
export const isManageTab = (s: string): s is ManageTab => (MANAGE_TABS as readonly string[]).includes(s)

/** the console's list pages */
export const ADMIN_LIVE_PAGE = 10
/** a keyword in the console's searches */
export const KEYWORD_MAX = 30
/** people found by nick when choosing honoured guests */
export const USER_CANDIDATES_MAX = 10
/** a mute from the console lasts this many hours (-1: until lifted; spec 001 §9 group mute default -1) */
export const MUTE_HOURS = [1, 24, -1] as const
/** how many points the data tab's chart shows at most (the bucket grows with the room's length) */
export const DATA_POINTS_MAX = 120

export const LIVE_ADMIN_MESSAGES = {
  titleInvalid: `标题为1到${LIVE_TITLE_MAX}个字`,
  roomBriefTooLong: `简介不能超过${LIVE_BRIEF_MAX}字`,
  startRequired: '请选择开播时间',
  startTooLate: '预约时间不能早于当前时间',
  /** the start time of a room that has started */
  startLocked: '直播已开始，不能修改开播时间',
  /** the playback choice after the end */
  playbackLocked: '直播已结束，不能修改回放设置',
  commentNotFound: '评论不存在',
  userNotFound: '用户不存在',
  /** the owner or an admin of the column cannot be muted or kicked out of its rooms */
  cannotTargetManager: '不能对主播或管理员进行该操作',
  /** a commenter who never joined the room's chat */
  notInRoom: '该用户不在直播间内',
} as const

export interface FieldError<F extends string> {
  readonly field: F
  readonly message: string
}

const chars = (s: string) => [...s.trim()].length

export interface RoomForm {
  readonly title: string
  readonly brief: string
  /** seconds; null when not chosen */
  readonly startTimestamp: number | null
}
export type RoomField = 'title' | 'brief' | 'startTimestamp'

/** A minute's grace: the form's time was 'now' when the owner pressed save. */
export const START_GRACE_SECONDS = 60

/**
 * The room form's errors. `startEditable` is false once the room has started (its start time is
 * history then); a booked room's start is not earlier than now (less a minute's grace).
 */
export function roomErrors(f: RoomForm, nowSeconds: number, startEditable = true): FieldError<RoomField>[] {
  const errors: FieldError<RoomField>[] = []
  const M = LIVE_ADMIN_MESSAGES
  if (chars(f.title) === 0 || chars(f.title) > LIVE_TITLE_MAX) errors.push({ field: 'title', message: M.titleInvalid })
  if (chars(f.brief) > LIVE_BRIEF_MAX) errors.push({ field: 'brief', message: M.roomBriefTooLong })
  if (startEditable) {
    if (f.startTimestamp === null) errors.push({ field: 'startTimestamp', message: M.startRequired })
    else if (f.startTimestamp < nowSeconds - START_GRACE_SECONDS) errors.push({ field: 'startTimestamp', message: M.startTooLate })
  }
  return errors
}

/** Whether a room's start time may still change: only while it is booked. */
export const startEditable = (status: number): boolean => status === LIVE_STATUS_CODES.RESERVATION

/** Whether the playback choice may still change: until the broadcast ends (booked, live, paused). */
export function playbackEditable(status: number): boolean {
  const name: LiveStatusName | undefined = statusNameOf(status)
  return name === 'RESERVATION' || name === 'LIVE' || name === 'PAUSE'
}

/**
 * The data tab's bucket (seconds) for a room's span: whole minutes, grown so the chart holds at most
 * DATA_POINTS_MAX points (a two-hour room: 1 minute; a ten-hour one: 5 minutes).
 */
export function bucketSeconds(spanSeconds: number): number {
  const minutes = Math.max(1, Math.ceil(Math.max(0, spanSeconds) / 60 / DATA_POINTS_MAX))
  return minutes * 60
}

/** A playback's length as the playbackSet tab shows it: 'm:ss', or 'h:mm:ss' from an hour. */
export function playbackLength(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds))
  const two = (n: number) => String(n).padStart(2, '0')
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`
}
