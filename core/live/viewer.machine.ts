// A reader in a live room (issue 28; spec 001 §2 /live/{id}, §3 live room statuses, §7 'Video and live'):
// what the room page shows and when it asks the server again. The page reads the room once (the one read
// helper, server-rendered) and starts this machine from that answer and the clock port's time, so the
// server and the browser draw the same first screen.
//
// - The status decides the screen (spec 001 §3): booked with a countdown and the reservation, live,
//   paused (a banner over the stopped stream), playback generating, playback, no playback, deleted.
//   Codes are core/live/viewer-status.ts's.
// - A roadshow that wants an invite code asks for it first (GET /api/roadshow/{id}/check/invite-code);
//   a paid circle's room shows a non-member the buy button (the order dialog), then reads the room again.
// - While the room can still change (booked, live, paused, generating) the status is read again every
//   5 s, or at once when the room's chat group says it changed; the countdown ticks every second from
//   the clock port's time (resynchronised at every read).
// - On air, the reader's presence is a heartbeat (POST /api/video/onlineCount/v1 {videoId,
//   videoServiceType, sessionId}) every HEARTBEAT_INTERVAL_MS while the page is visible; it answers the online count.
// - The same account opening the room elsewhere kicks this page out (the kick-out notification); the
//   reader may take the room back here.
// Side effects are the actors below, provided by ui/live/api.ts from the HTTP port and the clock port.
import { assign, fromPromise, setup } from 'xstate'
import { errorMessage } from '../api/api-error'
import { HEARTBEAT_INTERVAL_MS } from './limits'
import { screenOfStatus, STATUS_CHANGES, type RoomGate } from './viewer-status'
import type { VideoDetail } from '../api/live'

/**
 * A room as the reader sees it: the contract's detail (GET /api/video/detail/v1) and who may watch
 * (toViewerRoom in core/live/viewer-status.ts). The machine reads its id, status, start, access and
 * reservation; the page draws the rest.
 */
export type ViewerRoom = VideoDetail & { readonly gate: RoomGate }

/** A read of the room: the room and the clock port's time when it was read (ms). */
export interface LoadedRoom {
  readonly room: ViewerRoom
  readonly nowMs: number
}

/** The invite-code check's answer: passed, or the server's reason. */
export interface InviteCheck {
  readonly passed: boolean
  readonly message: string
}

export interface ViewerInput {
  readonly loaded: LoadedRoom
  /** this page's id for the heartbeat and the kick-out notification */
  readonly sessionId: string
}

export interface ViewerContext {
  readonly room: ViewerRoom
  /** the clock port's time, advanced by the countdown's ticks (ms) */
  readonly nowMs: number
  readonly sessionId: string
  /** the online count the last heartbeat answered (null before the first) */
  readonly onlineCount: number | null
  readonly visible: boolean
  /** this page was kicked out: nothing is read or beaten until the reader takes the room back */
  readonly kicked: boolean
  /** the reason of the last failed reservation, invite check or read, else null */
  readonly error: string | null
}

export type ViewerEvent =
  /** the reader books a seat in a booked room */
  | { type: 'room.reserve' }
  /** the reader sends the roadshow's invite code */
  | { type: 'invite.submit'; code: string }
  /** read the room again: after a purchase, after a failed read, or to take the room back after a kick-out */
  | { type: 'room.reload' }
  /** the room's chat group says its status changed */
  | { type: 'room.changed' }
  /** the same account opened the room on another device */
  | { type: 'room.kickedOut' }
  | { type: 'page.hidden' }
  | { type: 'page.visible' }

/** spec 001 §3's statuses that can still change while a reader watches (booked, live, paused, generating). */
const changes = (room: ViewerRoom) => room.gate === 'open' && STATUS_CHANGES.has(room.statusCode)

export const viewerMachine = setup({
  types: {} as { context: ViewerContext; events: ViewerEvent; input: ViewerInput },
  actors: {
    refreshRoom: fromPromise<LoadedRoom, { roomId: number }>(() => {
      throw new Error('provide refreshRoom')
    }),
    /** books a seat; answers false when the reader declined to log in */
    reserve: fromPromise<boolean, { roomId: number }>(() => {
      throw new Error('provide reserve')
    }),
    checkInviteCode: fromPromise<InviteCheck, { roomId: number; code: string }>(() => {
      throw new Error('provide checkInviteCode')
    }),
    /** one heartbeat; answers the online count */
    heartbeat: fromPromise<number, { roomId: number; sessionId: string }>(() => {
      throw new Error('provide heartbeat')
    }),
    /** spec 001 §7 GET /api/video/visit/v1: counts this page's visit to the room */
    visit: fromPromise<unknown, { roomId: number }>(() => {
      throw new Error('provide visit')
    }),
  },
  delays: {
    /** ours: the countdown's step */
    tick: 1_000,
    /** ours: how often a changing room's status is read again */
    statusPoll: 5_000,
    /** the online-count heartbeat (core/live/limits.ts: the server forgets a session after three missed beats) */
    heartbeatInterval: HEARTBEAT_INTERVAL_MS,
  },
  guards: {
    changing: ({ context }) => !context.kicked && changes(context.room),
    deleted: ({ context }) => screenOfStatus(context.room.statusCode) === 'gone',
    membersOnly: ({ context }) => context.room.gate === 'members',
    inviteOnly: ({ context }) => context.room.gate === 'inviteCode',
    booked: ({ context }) => screenOfStatus(context.room.statusCode) === 'booked',
    onAir: ({ context }) => screenOfStatus(context.room.statusCode) === 'live',
    paused: ({ context }) => screenOfStatus(context.room.statusCode) === 'paused',
    playback: ({ context }) => screenOfStatus(context.room.statusCode) === 'playback',
    noPlayback: ({ context }) => screenOfStatus(context.room.statusCode) === 'noPlayback',
    statusChanged: ({ context }, params: { loaded: LoadedRoom }) =>
      params.loaded.room.statusCode !== context.room.statusCode || params.loaded.room.gate !== context.room.gate,
    notReserved: ({ context }) => !context.room.reserved,
    hasCode: (_, params: { code: string }) => params.code.trim().length > 0,
    passed: (_, params: { check: InviteCheck }) => params.check.passed,
    reservedNow: (_, params: { reserved: boolean }) => params.reserved,
    startReached: ({ context }) => context.nowMs + 1_000 >= context.room.startTimestamp * 1_000,
    pageVisible: ({ context }) => context.visible,
  },
  actions: {
    keepRoom: assign((_, params: { loaded: LoadedRoom }) => ({ room: params.loaded.room, nowMs: params.loaded.nowMs, error: null })),
    advanceClock: assign(({ context }) => ({ nowMs: context.nowMs + 1_000 })),
    // the reader's seat is one more of the room's reservations (the count on the booked screen)
    markReserved: assign(({ context }) => ({ room: { ...context.room, reserved: true, reservationCount: context.room.reservationCount + 1 }, error: null })),
    keepCount: assign((_, params: { count: number }) => ({ onlineCount: params.count })),
    forgetCount: assign({ onlineCount: null }),
    rememberError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    rememberMessage: assign((_, params: { message: string }) => ({ error: params.message })),
    forgetError: assign({ error: null }),
    markKicked: assign({ kicked: true }),
    clearKicked: assign({ kicked: false }),
    hide: assign({ visible: false }),
    show: assign({ visible: true }),
  },
}).createMachine({
  id: 'liveViewer',
  description: 'A reader in a live room: the screen follows the room from booked to live, paused, ended and its playback.',
  type: 'parallel',
  context: ({ input }) => ({ room: input.loaded.room, nowMs: input.loaded.nowMs, sessionId: input.sessionId, onlineCount: null, visible: true, kicked: false, error: null }),
  on: {
    'page.hidden': { actions: 'hide' },
    'page.visible': { actions: 'show' },
  },
  states: {
    room: {
      description: 'What the reader sees of the room.',
      initial: 'route',
      states: {
        route: {
          description: 'The room was read: its access and status pick the screen.',
          always: [
            { guard: 'deleted', target: 'gone', description: 'The room was deleted.' },
            { guard: 'membersOnly', target: 'notAllowed', description: "The room belongs to a paid circle the reader has not joined." },
            { guard: 'inviteOnly', target: 'inviteGate', description: 'The room is a roadshow that asks for an invite code first.' },
            { guard: 'booked', target: 'booked', description: 'The room is booked and has not started.' },
            { guard: 'onAir', target: 'onAir.stream.live', description: 'The room is live.' },
            { guard: 'paused', target: 'onAir.stream.paused', description: 'The adviser paused the live stream.' },
            { guard: 'playback', target: 'playback', description: 'The live has ended and its recording is ready.' },
            { guard: 'noPlayback', target: 'noPlayback', description: 'The live has ended without a recording.' },
            { target: 'generating', description: 'The live has ended and its recording is being prepared.' },
          ],
        },
        gone: { description: 'The room was deleted: the reader is told so.' },
        notAllowed: {
          description: "Only the circle's members may watch: the reader sees the buy button.",
          on: { 'room.reload': { target: 'reloading', description: 'The reader bought the circle: the room is read again.' } },
        },
        inviteGate: {
          description: 'The roadshow asks for its invite code before it shows anything.',
          initial: 'entering',
          states: {
            entering: {
              description: 'The reader types the invite code.',
              on: {
                'invite.submit': {
                  guard: { type: 'hasCode', params: ({ event }) => ({ code: event.code }) },
                  target: 'checking',
                  description: 'The reader sends a code that is not empty.',
                },
              },
            },
            checking: {
              description: 'The code is checked.',
              entry: 'forgetError',
              invoke: {
                id: 'checkInvite',
                src: 'checkInviteCode',
                input: ({ context, event }) => ({ roomId: context.room.id, code: event.type === 'invite.submit' ? event.code.trim() : '' }),
                onDone: [
                  { guard: { type: 'passed', params: ({ event }) => ({ check: event.output }) }, target: '#liveViewer.room.reloading', description: 'The code is right: the room is read again.' },
                  { target: 'entering', actions: { type: 'rememberMessage', params: ({ event }) => ({ message: event.output.message }) }, description: 'The code is wrong: the reader is told why.' },
                ],
                onError: { target: 'entering', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        booked: {
          description: 'The room is booked: a countdown to its start and the reservation.',
          type: 'parallel',
          states: {
            reservation: {
              description: 'Booking a seat to be reminded when it starts.',
              initial: 'idle',
              states: {
                idle: {
                  description: 'The reader may book a seat unless they already have one.',
                  on: { 'room.reserve': { guard: 'notReserved', target: 'reserving', description: 'The reader books a seat they do not have yet.' } },
                },
                reserving: {
                  description: 'The seat is being booked (a guest is asked to log in first).',
                  entry: 'forgetError',
                  invoke: {
                    id: 'reserve',
                    src: 'reserve',
                    input: ({ context }) => ({ roomId: context.room.id }),
                    onDone: [
                      { guard: { type: 'reservedNow', params: ({ event }) => ({ reserved: event.output }) }, target: 'idle', actions: 'markReserved', description: 'The seat is booked.' },
                      { target: 'idle', description: 'The guest did not log in: nothing is booked.' },
                    ],
                    onError: { target: 'idle', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
                  },
                },
              },
            },
            countdown: {
              description: 'The time left until the booked start.',
              initial: 'counting',
              states: {
                counting: {
                  description: 'The countdown goes down every second.',
                  always: { guard: 'startReached', target: 'due', description: 'The start time has come.' },
                  after: { tick: { target: 'counting', reenter: true, actions: 'advanceClock', description: 'A second passes.' } },
                },
                due: { description: 'The start time has come: the room starts when the adviser starts it.' },
              },
            },
          },
        },
        onAir: {
          description: 'The room is on air: live or paused, with the online count.',
          type: 'parallel',
          exit: 'forgetCount',
          on: { 'room.kickedOut': { target: 'kickedOut', description: 'The same account opened the room elsewhere.' } },
          states: {
            stream: {
              description: 'The live stream.',
              initial: 'live',
              states: {
                live: { description: 'The stream plays.' },
                paused: { description: 'The adviser paused the stream: a banner says it will come back.' },
              },
            },
            presence: {
              description: "The reader's heartbeat for the online count, while the page is visible.",
              initial: 'beating',
              states: {
                beating: {
                  description: 'A heartbeat is sent; it answers the online count.',
                  invoke: {
                    id: 'heartbeat',
                    src: 'heartbeat',
                    input: ({ context }) => ({ roomId: context.room.id, sessionId: context.sessionId }),
                    onDone: { target: 'resting', actions: { type: 'keepCount', params: ({ event }) => ({ count: event.output }) } },
                    onError: { target: 'resting' },
                  },
                },
                resting: {
                  description: 'Waiting for the next heartbeat.',
                  after: {
                    heartbeatInterval: [
                      { guard: 'pageVisible', target: 'beating', description: 'Time for the next heartbeat and the page is visible.' },
                      { target: 'hidden', description: 'Time for the next heartbeat but the page is hidden: none is sent.' },
                    ],
                  },
                },
                hidden: {
                  description: 'The page is hidden: no heartbeats until it shows again.',
                  on: { 'page.visible': { target: 'beating', actions: 'show', description: 'The page shows again: a heartbeat at once.' } },
                },
              },
            },
          },
        },
        generating: { description: 'The live has ended; its recording is being prepared.' },
        playback: {
          description: 'The recording plays; the reader can seek anywhere.',
          on: { 'room.kickedOut': { target: 'kickedOut', description: 'The same account opened the room elsewhere.' } },
        },
        noPlayback: { description: 'The live has ended and there is no recording.' },
        kickedOut: {
          description: 'The room plays on another device of this account; this page stopped.',
          entry: 'markKicked',
          exit: 'clearKicked',
          on: { 'room.reload': { target: 'reloading', description: 'The reader takes the room back on this page.' } },
        },
        reloading: {
          description: 'The room is read again.',
          invoke: {
            id: 'reload',
            src: 'refreshRoom',
            input: ({ context }) => ({ roomId: context.room.id }),
            onDone: { target: 'route', actions: { type: 'keepRoom', params: ({ event }) => ({ loaded: event.output }) } },
            onError: { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: {
          description: 'The room could not be read: the reader may try again.',
          on: { 'room.reload': { target: 'reloading', description: 'The reader tries again.' } },
        },
      },
    },
    sync: {
      description: 'Reading the status again while the room can still change.',
      initial: 'waiting',
      states: {
        waiting: {
          description: 'Waiting for the next read.',
          after: {
            statusPoll: [
              { guard: 'changing', target: 'fetching', description: 'Five seconds passed and the room can still change: it is read again.' },
              { target: 'waiting', reenter: true, description: 'Five seconds passed and the room cannot change any more: nothing is read.' },
            ],
          },
          on: { 'room.changed': { guard: 'changing', target: 'fetching', description: "The room's chat group says its status changed: it is read at once." } },
        },
        fetching: {
          description: 'The room is read again.',
          invoke: {
            id: 'refresh',
            src: 'refreshRoom',
            input: ({ context }) => ({ roomId: context.room.id }),
            onDone: [
              {
                guard: { type: 'statusChanged', params: ({ event }) => ({ loaded: event.output }) },
                target: ['waiting', '#liveViewer.room.route'],
                actions: { type: 'keepRoom', params: ({ event }) => ({ loaded: event.output }) },
                description: 'The status changed: the screen follows it.',
              },
              { target: 'waiting', actions: { type: 'keepRoom', params: ({ event }) => ({ loaded: event.output }) }, description: 'The status is the same.' },
            ],
            onError: { target: 'waiting' },
          },
        },
      },
    },
    visit: {
      description: 'The page counts one visit to the room (spec 001 §7 video visit), whatever the reader may see.',
      initial: 'counting',
      states: {
        counting: {
          description: 'The visit is being counted.',
          invoke: {
            id: 'visit',
            src: 'visit',
            input: ({ context }) => ({ roomId: context.room.id }),
            onDone: { target: 'counted', description: 'The visit was counted.' },
            onError: { target: 'counted', description: 'The visit could not be counted: the reader sees no difference.' },
          },
        },
        counted: { description: 'The visit was counted once; nothing more to do.', type: 'final' },
      },
    },
  },
})
