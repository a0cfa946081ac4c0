import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { expectFullCoverage, expectToBeIn, getCoveragePaths } from '../testing/model-coverage'
import { START_MODES } from './limits'
import { liveRoomMachine } from './room.machine'

// every payload a guard or an action reads: each start mode, and both playback choices at the end
const events = [
  ...START_MODES.map((mode) => ({ type: 'room.start' as const, mode })),
  { type: 'room.end' as const, keepPlayback: true },
  { type: 'room.end' as const, keepPlayback: false },
]

describe('liveRoomMachine — model', () => {
  it('reaches every state and takes every transition', () => {
    const paths = getCoveragePaths(liveRoomMachine, { events })
    expectFullCoverage(liveRoomMachine, paths)
    // every path replays on a real actor to the state the model says it ends in
    for (const path of paths) {
      const actor = createActor(liveRoomMachine).start()
      for (const step of path.steps) if (step.event.type !== 'xstate.init' && actor.getSnapshot().status === 'active') actor.send(step.event as never)
      expect(actor.getSnapshot().value).toEqual(path.state.value)
      actor.stop()
    }
  })
})

describe('liveRoomMachine — the flow', () => {
  it('booked → live (OBS) → paused → live → ended → playback generating → playback', () => {
    const a = createActor(liveRoomMachine).start()
    expectToBeIn(a, 'booked')
    a.send({ type: 'room.pause' })
    expectToBeIn(a, 'booked')
    a.send({ type: 'room.start', mode: 'OBS_PUSH' })
    expectToBeIn(a, 'live')
    expect(a.getSnapshot().context.startMode).toBe('OBS_PUSH')
    a.send({ type: 'room.start', mode: 'LIVE_PC' })
    expect(a.getSnapshot().context.startMode).toBe('OBS_PUSH')
    a.send({ type: 'room.pause' })
    expectToBeIn(a, 'paused')
    a.send({ type: 'room.resume' })
    expectToBeIn(a, 'live')
    a.send({ type: 'room.end', keepPlayback: true })
    expectToBeIn(a, 'generating')
    a.send({ type: 'room.resume' })
    expectToBeIn(a, 'generating')
    a.send({ type: 'playback.ready' })
    expectToBeIn(a, 'playback')
    a.send({ type: 'room.delete' })
    expectToBeIn(a, 'deleted')
    expect(a.getSnapshot().status).toBe('done')
  })

  it('ending while paused without a playback gives no playback; a recording that fails gives none either', () => {
    const a = createActor(liveRoomMachine).start()
    a.send({ type: 'room.start', mode: 'FORWARD_PULL' })
    a.send({ type: 'room.pause' })
    a.send({ type: 'room.end', keepPlayback: false })
    expectToBeIn(a, 'noPlayback')
    const b = createActor(liveRoomMachine).start()
    b.send({ type: 'room.start', mode: 'LIVE_MOBILE' })
    b.send({ type: 'room.end', keepPlayback: true })
    b.send({ type: 'playback.none' })
    expectToBeIn(b, 'noPlayback')
  })
})
