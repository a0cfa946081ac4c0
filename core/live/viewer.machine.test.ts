import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { AnyMachineSnapshot } from 'xstate'
import { expectFullCoverage, expectToBeIn, getCoveragePaths } from '../testing/model-coverage'
import { viewerMachine, type InviteCheck, type LoadedRoom, type ViewerRoom } from './viewer.machine'
import { LIVE_STATUS, type RoomGate } from './viewer-status'
import { sampleRoom } from './viewer-samples'

afterEach(() => void vi.useRealTimers())

/** 2026-11-27 10:00:00 +08:00, the pinned clock */
const NOW = Date.UTC(2026, 10, 27, 2, 0, 0)
const room = (statusCode: number, over: { gate?: RoomGate; startTimestamp?: number } = {}): ViewerRoom => ({ ...sampleRoom(statusCode, { startTimestamp: NOW / 1000 + 2 }), ...over })
const loaded = (r: ViewerRoom, nowMs = NOW): LoadedRoom => ({ room: r, nowMs })

describe('viewerMachine model', () => {
  it('reaches every state and takes every transition', () => {
    const answers = [
      room(LIVE_STATUS.RESERVATION),
      room(LIVE_STATUS.LIVE),
      room(LIVE_STATUS.PAUSE),
      room(LIVE_STATUS.BACK_GENERATION),
      room(LIVE_STATUS.PLAYBACK),
      room(LIVE_STATUS.NOT_PLAYBACK),
      room(LIVE_STATUS.DELETED),
      room(LIVE_STATUS.LIVE, { gate: 'members' }),
      room(LIVE_STATUS.RESERVATION, { gate: 'inviteCode' }),
    ]
    const events = [
      ...answers.map((r) => ({ type: 'xstate.done.actor.refresh', output: loaded(r) })),
      // the reads after a kick-out, a purchase or a passed invite code: every screen is reached by the polls already
      { type: 'xstate.done.actor.reload', output: loaded(room(LIVE_STATUS.LIVE)) },
      { type: 'xstate.error.actor.reload', error: new Error('网络异常') },
      { type: 'invite.submit', code: '  ' },
      { type: 'invite.submit', code: 'RS2026' },
      { type: 'xstate.done.actor.checkInvite', output: { passed: true, message: '' } },
      { type: 'xstate.done.actor.checkInvite', output: { passed: false, message: '邀请码错误' } },
      { type: 'xstate.done.actor.reserve', output: true },
      { type: 'xstate.done.actor.reserve', output: false },
      { type: 'xstate.done.actor.heartbeat', output: 12 },
      { type: 'xstate.done.actor.visit', output: { visitCount: 1 } },
      { type: 'xstate.error.actor.visit', error: new Error('网络异常') },
    ]
    // the room's id, start and the count never change; what tells states apart is the status, the
    // access, the flags and whether the start has come
    const serializeSnapshot = (s: AnyMachineSnapshot) => {
      const c = s.context as ReturnType<typeof viewerMachine.getInitialSnapshot>['context']
      return JSON.stringify([s.value, c.room.statusCode, c.room.gate, c.room.reserved, c.kicked, c.visible, c.nowMs >= c.room.startTimestamp * 1000])
    }
    const input = { loaded: loaded(room(LIVE_STATUS.RESERVATION)), sessionId: 's-1' }
    const paths = getCoveragePaths(viewerMachine, { events: events as never, input, serializeSnapshot })
    expectFullCoverage(viewerMachine, paths, { input })
  })
})

/** The machine with actors that answer as the server would, recording what they were asked. */
function started(first: ViewerRoom, server: { rooms: ViewerRoom[]; invite?: InviteCheck; reserve?: boolean | Error; count?: number }) {
  const calls = { refresh: 0, heartbeat: [] as string[], reserve: 0, invite: [] as string[], visit: [] as number[] }
  let clock = NOW
  const machine = viewerMachine.provide({
    actors: {
      refreshRoom: fromPromise<LoadedRoom, { roomId: number }>(async () => {
        calls.refresh++
        const next = server.rooms.length > 1 ? server.rooms.shift()! : server.rooms[0]!
        return { room: next, nowMs: clock }
      }),
      heartbeat: fromPromise<number, { roomId: number; sessionId: string }>(async ({ input }) => {
        calls.heartbeat.push(input.sessionId)
        return server.count ?? 3
      }),
      visit: fromPromise<unknown, { roomId: number }>(async ({ input }) => {
        calls.visit.push(input.roomId)
        return { visitCount: calls.visit.length }
      }),
      reserve: fromPromise<boolean, { roomId: number }>(async () => {
        calls.reserve++
        if (server.reserve instanceof Error) throw server.reserve
        return server.reserve ?? true
      }),
      checkInviteCode: fromPromise<InviteCheck, { roomId: number; code: string }>(async ({ input }) => {
        calls.invite.push(input.code)
        return server.invite ?? { passed: true, message: '' }
      }),
    },
  })
  const actor = createActor(machine, { input: { loaded: loaded(first), sessionId: 'page-1' } }).start()
  return { actor, calls, advanceClock: (ms: number) => (clock += ms) }
}
const flush = () => vi.advanceTimersByTimeAsync(0)

describe('viewerMachine', () => {
  it('counts down a booked room every second from the pinned clock and reads its status every 5 s until it goes live', async () => {
    vi.useFakeTimers()
    const booked = room(LIVE_STATUS.RESERVATION, { startTimestamp: NOW / 1000 + 90 })
    const { actor, calls } = started(booked, { rooms: [booked, room(LIVE_STATUS.LIVE)] })
    expectToBeIn(actor, 'room.booked.countdown.counting')
    await vi.advanceTimersByTimeAsync(3_000)
    expect(actor.getSnapshot().context.nowMs).toBe(NOW + 3_000)
    expect(calls.refresh).toBe(0)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(calls.refresh).toBe(1) // still booked: the countdown goes on
    expectToBeIn(actor, 'room.booked')
    await vi.advanceTimersByTimeAsync(5_000)
    expect(calls.refresh).toBe(2)
    expectToBeIn(actor, 'room.onAir.stream.live')
  })

  it('counts one visit when the page opens, whatever the screen, and never again while it stays open', async () => {
    vi.useFakeTimers()
    const live = room(LIVE_STATUS.LIVE)
    const { actor, calls } = started(live, { rooms: [live] })
    await flush()
    expect(calls.visit).toEqual([live.id])
    expectToBeIn(actor, 'visit.counted')
    await vi.advanceTimersByTimeAsync(30_000)
    expect(calls.visit).toEqual([live.id])
    const shut = started(room(LIVE_STATUS.LIVE, { gate: 'members' }), { rooms: [room(LIVE_STATUS.LIVE, { gate: 'members' })] })
    await flush()
    expect(shut.calls.visit.length).toBe(1)
  })

  it('says the start has come when the countdown reaches it', async () => {
    vi.useFakeTimers()
    const booked = room(LIVE_STATUS.RESERVATION, { startTimestamp: NOW / 1000 + 2 })
    const { actor } = started(booked, { rooms: [booked] })
    await vi.advanceTimersByTimeAsync(1_000)
    expectToBeIn(actor, 'room.booked.countdown.due')
  })

  it('books a seat once; a guest who does not log in books nothing; a refusal is shown', async () => {
    vi.useFakeTimers()
    const booked = room(LIVE_STATUS.RESERVATION, { startTimestamp: NOW / 1000 + 600 })
    const ok = started(booked, { rooms: [booked] })
    ok.actor.send({ type: 'room.reserve' })
    await flush()
    expect(ok.actor.getSnapshot().context.room.reserved).toBe(true)
    expect(ok.actor.getSnapshot().context.room.reservationCount).toBe(booked.reservationCount + 1)
    ok.actor.send({ type: 'room.reserve' })
    await flush()
    expect(ok.calls.reserve).toBe(1)

    const declined = started(booked, { rooms: [booked], reserve: false })
    declined.actor.send({ type: 'room.reserve' })
    await flush()
    expect(declined.actor.getSnapshot().context.room.reserved).toBe(false)
    expect(declined.actor.getSnapshot().context.room.reservationCount).toBe(booked.reservationCount)

    const refused = started(booked, { rooms: [booked], reserve: new Error('预约失败') })
    refused.actor.send({ type: 'room.reserve' })
    await flush()
    expect(refused.actor.getSnapshot().context.error).toBe('预约失败')
    expectToBeIn(refused.actor, 'room.booked.reservation.idle')
  })

  it('a roadshow asks for its invite code: an empty one is not sent, a wrong one says why, the right one opens the room', async () => {
    vi.useFakeTimers()
    const gated = room(LIVE_STATUS.LIVE, { gate: 'inviteCode' })
    const wrong = started(gated, { rooms: [room(LIVE_STATUS.LIVE)], invite: { passed: false, message: '邀请码错误' } })
    wrong.actor.send({ type: 'invite.submit', code: '   ' })
    expect(wrong.calls.invite).toEqual([])
    wrong.actor.send({ type: 'invite.submit', code: ' NOPE ' })
    await flush()
    expect(wrong.calls.invite).toEqual(['NOPE'])
    expectToBeIn(wrong.actor, 'room.inviteGate.entering')
    expect(wrong.actor.getSnapshot().context.error).toBe('邀请码错误')

    const right = started(gated, { rooms: [room(LIVE_STATUS.LIVE)] })
    right.actor.send({ type: 'invite.submit', code: 'RS2026' })
    await flush()
    expectToBeIn(right.actor, 'room.onAir.stream.live')
    expect(right.actor.getSnapshot().context.error).toBeNull()
  })

  it('follows the adviser: live, paused, live, ended, playback generating, playback — then stops asking', async () => {
    vi.useFakeTimers()
    const live = room(LIVE_STATUS.LIVE)
    const { actor, calls } = started(live, {
      rooms: [room(LIVE_STATUS.PAUSE), room(LIVE_STATUS.LIVE), room(LIVE_STATUS.BACK_GENERATION), room(LIVE_STATUS.DEFAULT), room(LIVE_STATUS.PLAYBACK)],
    })
    const seen: string[] = []
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(5_000)
      const s = actor.getSnapshot()
      seen.push(s.matches({ room: { onAir: { stream: 'paused' } } }) ? 'paused' : s.matches({ room: { onAir: { stream: 'live' } } }) ? 'live' : String((s.value as { room: unknown }).room))
    }
    expect(seen).toEqual(['paused', 'live', 'generating', 'generating', 'playback'])
    const asked = calls.refresh
    await vi.advanceTimersByTimeAsync(30_000)
    expect(calls.refresh).toBe(asked)
  })

  it('reads the room at once when its chat group says it changed', async () => {
    vi.useFakeTimers()
    const { actor, calls } = started(room(LIVE_STATUS.LIVE), { rooms: [room(LIVE_STATUS.PAUSE)] })
    actor.send({ type: 'room.changed' })
    await flush()
    expect(calls.refresh).toBe(1)
    expectToBeIn(actor, 'room.onAir.stream.paused')
  })

  it('beats every 15 s while the page is visible, keeps the count, stops while hidden and beats at once when shown', async () => {
    vi.useFakeTimers()
    const { actor, calls } = started(room(LIVE_STATUS.LIVE), { rooms: [room(LIVE_STATUS.LIVE)], count: 42 })
    await flush()
    expect(calls.heartbeat).toEqual(['page-1'])
    expect(actor.getSnapshot().context.onlineCount).toBe(42)
    await vi.advanceTimersByTimeAsync(15_000)
    expect(calls.heartbeat).toHaveLength(2)
    actor.send({ type: 'page.hidden' })
    await vi.advanceTimersByTimeAsync(45_000)
    expect(calls.heartbeat).toHaveLength(2)
    expectToBeIn(actor, 'room.onAir.presence.hidden')
    actor.send({ type: 'page.visible' })
    await flush()
    expect(calls.heartbeat).toHaveLength(3)
  })

  it('forgets the online count once the room is off the air (an ended room shows no stale viewers)', async () => {
    vi.useFakeTimers()
    const { actor } = started(room(LIVE_STATUS.LIVE), { rooms: [room(LIVE_STATUS.BACK_GENERATION)], count: 42 })
    await flush()
    expect(actor.getSnapshot().context.onlineCount).toBe(42)
    actor.send({ type: 'room.changed' })
    await flush()
    expectToBeIn(actor, 'room.generating')
    expect(actor.getSnapshot().context.onlineCount).toBe(null)
  })

  it('a kick-out stops the page (no reads, no heartbeats) until the reader takes the room back', async () => {
    vi.useFakeTimers()
    const { actor, calls } = started(room(LIVE_STATUS.LIVE), { rooms: [room(LIVE_STATUS.LIVE)] })
    await flush()
    actor.send({ type: 'room.kickedOut' })
    expectToBeIn(actor, 'room.kickedOut')
    const before = { refresh: calls.refresh, beats: calls.heartbeat.length }
    await vi.advanceTimersByTimeAsync(60_000)
    expect({ refresh: calls.refresh, beats: calls.heartbeat.length }).toEqual(before)
    actor.send({ type: 'room.reload' })
    await flush()
    expectToBeIn(actor, 'room.onAir.stream.live')
    expect(calls.heartbeat.length).toBe(before.beats + 1)
  })

  it("a paid circle's room shows a non-member the buy button and opens once they bought it; a deleted room is gone", async () => {
    vi.useFakeTimers()
    const { actor } = started(room(LIVE_STATUS.LIVE, { gate: 'members' }), { rooms: [room(LIVE_STATUS.LIVE)] })
    expectToBeIn(actor, 'room.notAllowed')
    await vi.advanceTimersByTimeAsync(20_000)
    expectToBeIn(actor, 'room.notAllowed') // nothing to follow until they buy
    actor.send({ type: 'room.reload' })
    await flush()
    expectToBeIn(actor, 'room.onAir.stream.live')
    expectToBeIn(started(room(LIVE_STATUS.DELETED), { rooms: [] }).actor, 'room.gone')
    expectToBeIn(started(room(LIVE_STATUS.NOT_PLAYBACK), { rooms: [] }).actor, 'room.noPlayback')
  })
})
