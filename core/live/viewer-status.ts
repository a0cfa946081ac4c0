// Which screen a reader of a live room sees for each status code (spec 001 §3 'Live room statuses':
// 1 booked, 2 live, 3 playback, 4 no playback, 5 playback generating, 6 deleted, 7 paused, −1 default
// playback generating). Any code the spec does not name is taken as its default, playback generating.
import type { VideoDetail } from '../api/live'
import { DEFAULT_GENERATING_CODE, LIVE_STATUS_CODES } from './limits'

/** spec 001 §3: the codes (core/live/limits.ts) with the default −1 */
export const LIVE_STATUS = { ...LIVE_STATUS_CODES, DEFAULT: DEFAULT_GENERATING_CODE } as const

export type ViewerScreen = 'booked' | 'live' | 'paused' | 'generating' | 'playback' | 'noPlayback' | 'gone'

export function screenOfStatus(code: number): ViewerScreen {
  switch (code) {
    case LIVE_STATUS.RESERVATION:
      return 'booked'
    case LIVE_STATUS.LIVE:
      return 'live'
    case LIVE_STATUS.PAUSE:
      return 'paused'
    case LIVE_STATUS.PLAYBACK:
      return 'playback'
    case LIVE_STATUS.NOT_PLAYBACK:
      return 'noPlayback'
    case LIVE_STATUS.DELETED:
      return 'gone'
    default:
      // 5, −1 and anything unnamed: spec 001 §3 '−1 default (playback generating)'
      return 'generating'
  }
}

/** The statuses a watching reader waits on to change: booked, live, paused, generating. */
export const STATUS_CHANGES: ReadonlySet<number> = new Set([LIVE_STATUS.RESERVATION, LIVE_STATUS.LIVE, LIVE_STATUS.PAUSE, LIVE_STATUS.BACK_GENERATION, LIVE_STATUS.DEFAULT])

/** Seconds left until a booked start (never below 0), from the clock port's time in ms. */
export function secondsUntil(startTimestamp: number, nowMs: number): number {
  return Math.max(0, Math.ceil((startTimestamp * 1_000 - nowMs) / 1_000))
}

/** A countdown split for display: days, hours, minutes, seconds. */
export function countdownParts(seconds: number): { days: number; hours: number; minutes: number; seconds: number } {
  const s = Math.max(0, Math.floor(seconds))
  return { days: Math.floor(s / 86_400), hours: Math.floor((s % 86_400) / 3_600), minutes: Math.floor((s % 3_600) / 60), seconds: s % 60 }
}

/** Who may watch a room: everyone, a roadshow's invitees (invite code first), a paid circle's members. */
export type RoomGate = 'open' | 'inviteCode' | 'members'

/**
 * The gate of a room from what the server decided for this reader (core/live/access.ts on the server):
 * the invite code comes first, then whether they may watch; anyone else who may not (a guest, a
 * non-member, an expired member) is shown the message and the buy or login button.
 */
export function gateOf(detail: Pick<VideoDetail, 'canWatch' | 'needInviteCode'>): RoomGate {
  return detail.needInviteCode ? 'inviteCode' : detail.canWatch ? 'open' : 'members'
}

/** The detail with its gate: what the viewer machine holds. */
export const toViewerRoom = <D extends VideoDetail>(detail: D): D & { readonly gate: RoomGate } => ({ ...detail, gate: gateOf(detail) })
