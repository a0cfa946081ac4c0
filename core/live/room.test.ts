import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_GENERATING_CODE, FLASH_ID_MAX, LIVE_ROOM_ID_MIN, LIVE_STATUS_CODES, liveRouteKind, START_MODES, statusNameOf } from './limits'
import { allowedControls, applyRoomEvent, isOnAir, isOver } from './room'
import type { RoomEvent } from './room.machine'

const S = LIVE_STATUS_CODES
const facts = (status: number, keepPlayback = true) => ({ status, startMode: null, keepPlayback })

// the decided moves, as a table: [from, event, to] (anything not listed is refused)
const ALLOWED: readonly [number, RoomEvent['type'], number][] = [
  [S.RESERVATION, 'room.start', S.LIVE],
  [S.LIVE, 'room.pause', S.PAUSE],
  [S.PAUSE, 'room.resume', S.LIVE],
  [S.LIVE, 'room.end', S.BACK_GENERATION],
  [S.PAUSE, 'room.end', S.BACK_GENERATION],
  [S.BACK_GENERATION, 'playback.ready', S.PLAYBACK],
  [S.BACK_GENERATION, 'playback.none', S.NOT_PLAYBACK],
  ...[S.RESERVATION, S.LIVE, S.PAUSE, S.BACK_GENERATION, S.PLAYBACK, S.NOT_PLAYBACK].map((from) => [from, 'room.delete', S.DELETED] as [number, RoomEvent['type'], number]),
]
const EVENTS: RoomEvent[] = [
  { type: 'room.start', mode: 'OBS_PUSH' },
  { type: 'room.pause' },
  { type: 'room.resume' },
  { type: 'room.end', keepPlayback: true },
  { type: 'playback.ready' },
  { type: 'playback.none' },
  { type: 'room.delete' },
]

describe('applyRoomEvent', () => {
  it('allows exactly the table’s moves from every status code (and refuses unknown codes)', () => {
    for (const code of [...Object.values(S), DEFAULT_GENERATING_CODE, 0, 8, 99]) {
      for (const event of EVENTS) {
        const from = code === DEFAULT_GENERATING_CODE ? S.BACK_GENERATION : code
        const want = ALLOWED.find(([f, e]) => f === from && e === event.type)?.[2] ?? null
        expect(applyRoomEvent(facts(code), event)?.status ?? null, `${code} ${event.type}`).toBe(want)
      }
    }
  })

  it('ending without a playback gives no playback; a start keeps its mode', () => {
    expect(applyRoomEvent(facts(S.LIVE, false), { type: 'room.end', keepPlayback: false })).toEqual({ status: S.NOT_PLAYBACK, name: 'NOT_PLAYBACK', startMode: null })
    for (const mode of START_MODES) expect(applyRoomEvent(facts(S.RESERVATION), { type: 'room.start', mode })).toEqual({ status: S.LIVE, name: 'LIVE', startMode: mode })
    expect(applyRoomEvent({ status: S.PAUSE, startMode: 'FORWARD_PULL', keepPlayback: true }, { type: 'room.resume' })?.startMode).toBe('FORWARD_PULL')
  })

  it('the owner’s controls follow the status', () => {
    expect(allowedControls(facts(S.RESERVATION))).toEqual({ start: true, pause: false, resume: false, end: false, delete: true })
    expect(allowedControls(facts(S.LIVE))).toEqual({ start: false, pause: true, resume: false, end: true, delete: true })
    expect(allowedControls(facts(S.PAUSE))).toEqual({ start: false, pause: false, resume: true, end: true, delete: true })
    expect(allowedControls(facts(S.PLAYBACK))).toEqual({ start: false, pause: false, resume: false, end: false, delete: true })
    expect(allowedControls(facts(S.DELETED))).toEqual({ start: false, pause: false, resume: false, end: false, delete: false })
    expect(allowedControls(facts(42))).toEqual({ start: false, pause: false, resume: false, end: false, delete: false })
  })

  it('on air and over', () => {
    expect(Object.values(S).filter(isOnAir)).toEqual([S.LIVE])
    expect(Object.values(S).filter(isOver).sort()).toEqual([S.PLAYBACK, S.NOT_PLAYBACK, S.BACK_GENERATION].sort())
    expect(isOver(DEFAULT_GENERATING_CODE)).toBe(true)
    expect(statusNameOf(DEFAULT_GENERATING_CODE)).toBe('BACK_GENERATION')
    expect(statusNameOf(0)).toBeUndefined()
  })
})

describe('liveRouteKind — /live/{id} is a room from 1,000,000,000 up, a news flash below', () => {
  it('at the edge', () => {
    expect(liveRouteKind(FLASH_ID_MAX)).toBe('flash')
    expect(liveRouteKind(LIVE_ROOM_ID_MIN)).toBe('room')
    expect(liveRouteKind(1)).toBe('flash')
    expect(liveRouteKind(2_147_483_647)).toBe('room')
    expect(liveRouteKind(1_000_000_000.5)).toBe('flash')
  })
  it('every integer id is exactly one of the two', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), (id) => (liveRouteKind(id) === 'room') === id > FLASH_ID_MAX))
  })
})
