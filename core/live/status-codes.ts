// spec 001 §3's live room status codes, in a module of their own: core/courses/limits.ts (which the entry
// chunk reaches through core/api/first-screen.ts) needs the codes without the rest of core/live/limits.ts,
// which re-exports them.

/**
 * spec 001 §3 Live room statuses with their codes: 1 booked, 2 live, 3 playback, 4 no playback,
 * 5 playback generating, 6 deleted, 7 paused; -1 is the default 'playback generating' (read as 5).
 */
export const LIVE_STATUS_CODES = { RESERVATION: 1, LIVE: 2, PLAYBACK: 3, NOT_PLAYBACK: 4, BACK_GENERATION: 5, DELETED: 6, PAUSE: 7 } as const
export type LiveStatusName = keyof typeof LIVE_STATUS_CODES
export type LiveStatusCode = (typeof LIVE_STATUS_CODES)[LiveStatusName]
export const LIVE_STATUS_NAMES = Object.keys(LIVE_STATUS_CODES) as LiveStatusName[]
/** spec 001 §3: '-1 default playback generating' */
export const DEFAULT_GENERATING_CODE = -1

/** The name of a status code (-1 is BACK_GENERATION); undefined for a code the spec does not name. */
export function statusNameOf(code: number): LiveStatusName | undefined {
  if (code === DEFAULT_GENERATING_CODE) return 'BACK_GENERATION'
  return LIVE_STATUS_NAMES.find((n) => LIVE_STATUS_CODES[n] === code)
}
