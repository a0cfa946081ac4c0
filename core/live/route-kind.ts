// The routing rule of /live/{id} (issue 28: spec 000's news-flash detail and spec 001's live room share
// the path). Live room ids are allocated from 1,000,000,000 up (migration 030: identity START WITH
// 1000000000) and the flashes' identity stops at 999,999,999 (MAXVALUE), so an id names one or the other.
// A module of its own so the route table (ui/app.tsx, in the entry chunk) takes this rule without the
// rest of core/live/limits.ts, which re-exports it.

export const LIVE_ROOM_ID_MIN = 1_000_000_000
export const FLASH_ID_MAX = LIVE_ROOM_ID_MIN - 1

/** What /live/{id} shows: a live room (id ≥ 1e9) or spec 000's news flash. */
export function liveRouteKind(id: number): 'room' | 'flash' {
  return Number.isInteger(id) && id >= LIVE_ROOM_ID_MIN ? 'room' : 'flash'
}
