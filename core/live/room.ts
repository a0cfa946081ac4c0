// The live room's status codes as the machine's states, and the one function the server asks before it
// stores a move (issue 28): applyRoomEvent answers the next status, or null when the machine refuses
// the move (the server answers LIVE_MESSAGES.illegalMove).
import { transition } from 'xstate'
import { LIVE_STATUS_CODES, statusNameOf, type LiveStatusCode, type LiveStatusName, type StartMode } from './limits'
import { liveRoomMachine, type RoomEvent } from './room.machine'

/** The machine's resting states and their status codes (ended is passed through at once). */
export const STATE_OF_STATUS = {
  RESERVATION: 'booked',
  LIVE: 'live',
  PAUSE: 'paused',
  BACK_GENERATION: 'generating',
  PLAYBACK: 'playback',
  NOT_PLAYBACK: 'noPlayback',
  DELETED: 'deleted',
} as const satisfies Record<LiveStatusName, string>
export type RoomState = (typeof STATE_OF_STATUS)[LiveStatusName]

const STATUS_OF_STATE = Object.fromEntries(Object.entries(STATE_OF_STATUS).map(([name, state]) => [state, name])) as Record<RoomState, LiveStatusName>

export interface RoomFacts {
  /** the stored status code (-1 reads as 5) */
  readonly status: number
  readonly startMode: StartMode | null
  readonly keepPlayback: boolean
}

export interface RoomMove {
  readonly status: LiveStatusCode
  readonly name: LiveStatusName
  readonly startMode: StartMode | null
}

function snapshotOf(facts: RoomFacts) {
  const name = statusNameOf(facts.status)
  if (!name) return null
  // a final state (deleted) takes no event: the machine is done there
  if (liveRoomMachine.states[STATE_OF_STATUS[name]]?.type === 'final') return null
  return liveRoomMachine.resolveState({ value: STATE_OF_STATUS[name], context: { startMode: facts.startMode, keepPlayback: facts.keepPlayback } })
}

/** The status after `event`, or null when the room's status does not allow it (or the code is unknown). */
export function applyRoomEvent(facts: RoomFacts, event: RoomEvent): RoomMove | null {
  const snapshot = snapshotOf(facts)
  if (!snapshot || !snapshot.can(event)) return null
  const [next] = transition(liveRoomMachine, snapshot, event)
  const name = STATUS_OF_STATE[next.value as RoomState]
  return { status: LIVE_STATUS_CODES[name], name, startMode: next.context.startMode }
}

/** Which of the owner's controls the room's status allows now (the circle-admin page enables these). */
export function allowedControls(facts: RoomFacts): { start: boolean; pause: boolean; resume: boolean; end: boolean; delete: boolean } {
  const snapshot = snapshotOf(facts)
  if (!snapshot) return { start: false, pause: false, resume: false, end: false, delete: false }
  return {
    start: snapshot.can({ type: 'room.start', mode: 'LIVE_PC' }),
    pause: snapshot.can({ type: 'room.pause' }),
    resume: snapshot.can({ type: 'room.resume' }),
    end: snapshot.can({ type: 'room.end', keepPlayback: true }),
    delete: snapshot.can({ type: 'room.delete' }),
  }
}

/** Whether viewers see a stream now (live); paused rooms keep their page but show no stream. */
export const isOnAir = (status: number): boolean => statusNameOf(status) === 'LIVE'
/** Whether a room is over (its playback, or none, or being made). */
export const isOver = (status: number): boolean => {
  const n = statusNameOf(status)
  return n === 'PLAYBACK' || n === 'NOT_PLAYBACK' || n === 'BACK_GENERATION'
}
