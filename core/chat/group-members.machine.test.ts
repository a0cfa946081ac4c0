import { describe, expect, it, vi, afterEach, beforeEach } from 'vitest'
import { createActor, fromCallback, type AnyMachineSnapshot, type EventObject } from 'xstate'
import { expectToBeIn, formatCoverage, measureCoverage } from '../testing/model-coverage'
import { FakeActors, onePathPerLastStep, shortestModelPaths, walkEveryPath } from '../testing/model-path-driver'
import { groupMembersMachine, selectMemberRows, type GroupMembersContext, type GroupMembersInput, type MemberList } from './group-members.machine'
import type { ChatGroupMember } from './messaging-port'
import { fakeTimersPerTest } from '../testing/fake-timers'

const member = (userID: string, role: ChatGroupMember['role'], muteUntil = 0): ChatGroupMember => ({ userID, nick: `用户${userID}`, avatar: '', role, muteUntil })
const NOW = 1_800_000_000
const list = (...members: ChatGroupMember[]): MemberList => ({ members, readAt: NOW })
const OWNER_VIEW = list(member('1', 'Owner'), member('2', 'ordinary', NOW + 60), member('3', 'Admin'))
const MEMBER_VIEW = list(member('0', 'Owner'), member('1', 'ordinary'), member('3', 'Admin'))
const FILE = { name: 'members.csv', size: 20, type: 'text/csv' }
const INPUT: GroupMembersInput = { groupId: 'GROUP_CHAT_V2_g1', me: '1' }

function start() {
  const fakes = new FakeActors()
  const opened = vi.fn()
  const tellRole = vi.fn()
  const machine = groupMembersMachine.provide({
    actors: { loadMembers: fakes.logic('loadMembers'), loadSettings: fakes.logic('loadSettings'), operate: fakes.logic('operate'), listen: fromCallback(() => undefined) },
    // started alone here, without the conversation it tells the role to
    actions: { tellRole },
  })
  const actor = createActor(machine, { input: INPUT })
  actor.on('conversation.open', opened)
  actor.start()
  return { actor, fakes, opened, tellRole }
}

fakeTimersPerTest({ beforeEach, afterEach, vi })

describe('groupMembers model', () => {
  const variants: (EventObject & Record<string, unknown>)[] = [
    { type: 'xstate.done.actor.loadMembers', output: OWNER_VIEW },
    { type: 'xstate.done.actor.loadMembers', output: MEMBER_VIEW },
    { type: 'xstate.error.actor.loadMembers', error: new Error('网络异常') },
    { type: 'xstate.done.actor.loadSettings', output: { muteAll: false } },
    { type: 'xstate.error.actor.loadSettings', error: new Error('网络异常') },
    { type: 'xstate.done.actor.operate', output: { kind: 'done' } },
    { type: 'xstate.done.actor.operate', output: { kind: 'open', conversationId: 'C2C3' } },
    { type: 'xstate.done.actor.operate', output: { kind: 'muteAll', muted: true } },
    { type: 'xstate.done.actor.operate', output: { kind: 'imported', outcome: { remove: false, changed: 2, unchanged: 0, notFound: 1 } } },
    { type: 'xstate.error.actor.operate', error: new Error('没有权限进行该操作') },
    { type: 'muteHours.choose', hours: 24 },
    { type: 'member.mute', userId: '2' },
    { type: 'member.kick', userId: '2' },
    { type: 'member.setAdmin', userId: '3' },
    { type: 'member.privateChat', userId: '3' },
    { type: 'group.import', file: FILE, remove: false },
  ]
  const pick = (s: AnyMachineSnapshot) => {
    const c = s.context as GroupMembersContext
    return [c.members.map((m) => `${m.userID}:${m.role}`), c.muteAll, c.muteHours, c.operation?.kind ?? null, c.error !== null]
  }
  // alone here: the role is told to no parent
  const model = groupMembersMachine.provide({ actions: { tellRole: () => undefined } })
  const paths = shortestModelPaths(model, variants, pick, INPUT)

  it('reaches every state and takes every transition', () => {
    const report = measureCoverage(model, paths, { input: INPUT })
    console.log(formatCoverage(report))
    expect(report.states.missed).toEqual([])
    expect(report.transitions.missed.map((t) => t.label)).toEqual([])
  })

  it('a real actor follows paths that take every transition', async () => {
    // one path per kind of last step (onePathPerLastStep), checked to still cover everything
    const walked = onePathPerLastStep(paths, { project: pick, guardFacts: (before) => pick(before)[0], eventKey: (e) => e })
    const report = measureCoverage(model, walked, { input: INPUT })
    expect(report.transitions.missed.map((t) => t.label)).toEqual([])
    await walkEveryPath(walked, start, pick)
  })
})

describe('groupMembers journeys', () => {
  it('an owner reads the members, then mute all; mutes a member for the chosen hours, lifts a mute that holds now', async () => {
    const { actor, fakes, tellRole } = start()
    await fakes.resolve('loadMembers', list(member('1', 'Owner'), member('2', 'ordinary'), member('4', 'ordinary', -1)))
    expect(tellRole).toHaveBeenCalledTimes(1)
    expectToBeIn(actor, 'list.loadingSettings')
    await fakes.resolve('loadSettings', { muteAll: false })
    expectToBeIn(actor, 'list.loaded')
    expect(selectMemberRows(actor.getSnapshot()).map((r) => [r.member.userID, r.muted, r.controls.mute])).toEqual([
      ['1', false, false],
      ['2', false, true],
      ['4', true, true],
    ])
    actor.send({ type: 'muteHours.choose', hours: 24 })
    actor.send({ type: 'member.mute', userId: '2' })
    expect(fakes.inputs('operate')).toEqual([{ groupId: INPUT.groupId, operation: { kind: 'mute', userId: '2', muted: true, hours: 24 } }])
    await fakes.resolve('operate', { kind: 'done' })
    actor.send({ type: 'member.mute', userId: '4' })
    expect(fakes.inputs('operate')[1]).toEqual({ groupId: INPUT.groupId, operation: { kind: 'mute', userId: '4', muted: false, hours: 24 } })
    await fakes.resolve('operate', { kind: 'done' })
    // nobody mutes themself
    actor.send({ type: 'member.mute', userId: '1' })
    expectToBeIn(actor, 'operation.idle')
    actor.send({ type: 'group.muteAll' })
    await fakes.resolve('operate', { kind: 'muteAll', muted: true })
    expect(actor.getSnapshot().context.muteAll).toBe(true)
  })

  it('a timed mute that has ended is not shown as muted', async () => {
    const { actor, fakes } = start()
    await fakes.resolve('loadMembers', { members: [member('1', 'ordinary'), member('2', 'ordinary', NOW - 1), member('3', 'ordinary', NOW + 1)], readAt: NOW })
    expect(selectMemberRows(actor.getSnapshot()).map((r) => r.muted)).toEqual([false, false, true])
  })

  it('an ordinary member gets no mute, kick, admin or mute all; privately messages the owner and the conversation opens', async () => {
    const { actor, fakes, opened } = start()
    await fakes.resolve('loadMembers', MEMBER_VIEW)
    expectToBeIn(actor, 'list.loaded')
    expect(fakes.inputs('loadSettings')).toEqual([])
    for (const type of ['member.mute', 'member.kick', 'member.setAdmin'] as const) actor.send({ type, userId: '3' })
    actor.send({ type: 'group.muteAll' })
    expect(fakes.inputs('operate')).toEqual([])
    actor.send({ type: 'member.privateChat', userId: '0' })
    await fakes.resolve('operate', { kind: 'open', conversationId: 'C2C0' })
    expect(opened).toHaveBeenCalledWith({ type: 'conversation.open', conversationId: 'C2C0' })
  })

  it('members changing while the list is read reads it again; a refusal shows its reason', async () => {
    const { actor, fakes } = start()
    actor.send({ type: 'members.changed' })
    expect(fakes.inputs('loadMembers')).toHaveLength(2)
    await fakes.resolve('loadMembers', OWNER_VIEW)
    await fakes.resolve('loadSettings', { muteAll: false })
    actor.send({ type: 'member.kick', userId: '3' })
    await fakes.reject('operate', new Error('没有权限移出该成员'))
    expect(actor.getSnapshot().context.error).toBe('没有权限移出该成员')
    expectToBeIn(actor, 'operation.idle')
  })
})
