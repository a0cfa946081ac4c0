// A live room's life (issue 28; spec 001 §3 'Live room' statuses RESERVATION 1, LIVE 2, PAUSE 7,
// PLAYBACK 3, NOT_PLAYBACK 4, BACK_GENERATION 5 (and -1), deleted 6; start modes LIVE_PC, LIVE_MOBILE,
// OBS_PUSH, FORWARD_PULL). The spec names the statuses, not the moves between them; ours:
//
//   booked ──start (with a mode)──▶ live ◀──resume── paused
//                                   live ──pause──▶ paused
//                     live | paused ──end──▶ ended ──▶ generating (a playback is kept) ──▶ playback
//                                                  └─▶ noPlayback (none kept)            └─▶ noPlayback (the
//                                                                                             service made none)
//   any status ──delete──▶ deleted
//
// The server keeps the status code in live_rooms and asks this machine whether a move is allowed
// (room.ts applyRoomEvent): an illegal move is refused with LIVE_MESSAGES.illegalMove, never stored.
// The room page reads the same codes. No actors: the side effects (the streaming port's push and
// play URLs, its playback) are the server's, around the move.
import { assign, setup } from 'xstate'
import type { StartMode } from './limits'

export interface RoomContext {
  /** how the owner started it; null while booked */
  readonly startMode: StartMode | null
  /** whether ending it keeps a playback (the playbackSet tab; default yes) */
  readonly keepPlayback: boolean
}

export type RoomEvent =
  | { type: 'room.start'; mode: StartMode }
  | { type: 'room.pause' }
  | { type: 'room.resume' }
  | { type: 'room.end'; keepPlayback: boolean }
  | { type: 'playback.ready' }
  | { type: 'playback.none' }
  | { type: 'room.delete' }

export const liveRoomMachine = setup({
  types: {} as { context: RoomContext; events: RoomEvent },
  guards: {
    keepsPlayback: ({ context }) => context.keepPlayback,
  },
  actions: {
    rememberMode: assign((_, params: { mode: StartMode }) => ({ startMode: params.mode })),
    rememberPlaybackChoice: assign((_, params: { keepPlayback: boolean }) => ({ keepPlayback: params.keepPlayback })),
  },
}).createMachine({
  id: 'liveRoom',
  description:
    'A live room of a live column or a roadshow: the adviser books it, starts it (from the PC, the phone, OBS or by pulling another stream), may pause and resume it, and ends it; a playback is then made, or the room has none. The adviser may delete it at any time.',
  context: { startMode: null, keepPlayback: true },
  initial: 'booked',
  on: {
    'room.delete': { description: 'The adviser deletes the room: it leaves every list and its page says it does not exist.', target: '.deleted' },
  },
  states: {
    booked: {
      description: 'Booked (status 1): readers see the start time and a countdown and may reserve a reminder.',
      on: {
        'room.start': {
          description: 'The adviser starts the broadcast with a start mode; viewers start watching.',
          target: 'live',
          actions: { type: 'rememberMode', params: ({ event }) => ({ mode: event.mode }) },
        },
      },
    },
    live: {
      description: 'Live (status 2): viewers watch the stream, comment and are counted online.',
      on: {
        'room.pause': { description: 'The adviser pauses the broadcast; viewers see that it is paused.', target: 'paused' },
        'room.end': {
          description: 'The adviser ends the broadcast.',
          target: 'ended',
          actions: { type: 'rememberPlaybackChoice', params: ({ event }) => ({ keepPlayback: event.keepPlayback }) },
        },
      },
    },
    paused: {
      description: 'Paused (status 7): the stream stops for a while; comments go on.',
      on: {
        'room.resume': { description: 'The adviser resumes the broadcast.', target: 'live' },
        'room.end': {
          description: 'The adviser ends the broadcast while it is paused.',
          target: 'ended',
          actions: { type: 'rememberPlaybackChoice', params: ({ event }) => ({ keepPlayback: event.keepPlayback }) },
        },
      },
    },
    ended: {
      description: 'The broadcast has just ended: whether a playback is made depends on the adviser’s playback setting.',
      always: [
        { guard: 'keepsPlayback', description: 'The adviser keeps a playback: it is being made.', target: 'generating' },
        { description: 'The adviser keeps no playback.', target: 'noPlayback' },
      ],
    },
    generating: {
      description: 'Playback being made (status 5, or -1): readers are told to come back shortly.',
      on: {
        'playback.ready': { description: 'The streaming service has the recording: the playback can be watched.', target: 'playback' },
        'playback.none': { description: 'The streaming service made no recording: the room has no playback.', target: 'noPlayback' },
      },
    },
    playback: { description: 'Playback (status 3): readers watch the recording and may seek in it.' },
    noPlayback: { description: 'Ended without a playback (status 4).' },
    deleted: { description: 'Deleted (status 6).', type: 'final' },
  },
})
