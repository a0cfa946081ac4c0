import { describe, expect, it, vi, afterEach, beforeEach } from 'vitest'
import { createActor, createMachine, fromCallback, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { formatCoverage, measureCoverage, expectToBeIn } from '../testing/model-coverage'
import { eventsByState, FakeActors, flush, onePathPerLastStep, walkEveryPath } from '../testing/model-path-driver'
import { conversationMachine, selectHistory, type ConversationContext, type ConversationInput } from './conversation.machine'
import { AT_ALL, type ChatMessage, type MessagePage } from './messaging-port'
import { fakeTimersPerTest } from '../testing/fake-timers'

const GROUP_CONV = 'GROUPGROUP_CHAT_V2_g1'
const msg = (ID: string, from = '2', conversationID = GROUP_CONV, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  ID,
  conversationID,
  from,
  time: 1,
  type: 'TIMTextElem',
  payload: { text: `text ${ID}` },
  ...extra,
})
const page = (ids: string[], isCompleted: boolean): MessagePage => ({ messageList: ids.map((id) => msg(id)), nextReqMessageID: isCompleted ? '' : `before-${ids[0]}`, isCompleted })
const IMAGE = { name: 'a.png', size: 10, type: 'image/png' }

/** A harmless member list (its own machine is tested in group-members.machine.test.ts). */
const quietMembers = createMachine({ id: 'quietMembers' })

function start(input: ConversationInput) {
  const fakes = new FakeActors()
  const markRead = vi.fn()
  // both history invokes (loadNewest, loadEarlier) run the one loadHistory: its calls are kept under the invoke's id
  const history = fromPromise<MessagePage, { readonly conversationId: string; readonly before: string | null }>(
    ({ input, self }) =>
      new Promise((resolve, reject) => {
        const list = fakes.calls.get(self.id) ?? []
        list.push({ input, resolve: resolve as (v: unknown) => void, reject, settled: false })
        fakes.calls.set(self.id, list)
      }),
  )
  const machine = conversationMachine.provide({
    actors: {
      loadHistory: history,
      joinGroup: fakes.logic('joinGroup'),
      checkText: fakes.logic('checkText'),
      sendMessage: fakes.logic('sendMessage'),
      operate: fakes.logic('operate'),
      listen: fromCallback(() => undefined),
      groupMembers: quietMembers as never,
    },
    actions: { markRead },
  })
  const actor = createActor(machine, { input }).start()
  return { actor, fakes, markRead }
}

fakeTimersPerTest({ beforeEach, afterEach, vi })

// ---------------------------------------------------------------------------------------------
// Model-based: a shortest path to every transition (over a group, a one-to-one chat and a chatroom),
// each walked by a real actor whose actors are settled as the path says.

describe('conversation model', () => {
  const variants: (EventObject & Record<string, unknown>)[] = [
    { type: 'xstate.error.actor.joinGroup', error: new Error('聊天室不存在') },
    { type: 'xstate.done.actor.loadNewest', output: page(['1', '2'], false) },
    { type: 'xstate.done.actor.loadNewest', output: page(['1'], true) },
    { type: 'xstate.error.actor.loadNewest', error: new Error('网络异常') },
    { type: 'xstate.done.actor.loadEarlier', output: page(['0'], false) },
    { type: 'xstate.done.actor.loadEarlier', output: page(['0'], true) },
    { type: 'xstate.error.actor.loadEarlier', error: new Error('网络异常') },
    { type: 'xstate.done.actor.checkText', output: { pass: true, message: '' } },
    { type: 'xstate.done.actor.checkText', output: { pass: false, message: '消息包含敏感内容，请修改后再发送' } },
    { type: 'xstate.error.actor.checkText', error: new Error('网络异常') },
    { type: 'xstate.done.actor.sendMessage', output: msg('sent', '1') },
    { type: 'xstate.error.actor.sendMessage', error: new Error('全员禁言中') },
    { type: 'xstate.error.actor.operate', error: new Error('没有权限进行该操作') },
    { type: 'messages.received', messages: [msg('9')] },
    { type: 'messages.received', messages: [msg('x', '2', 'C2C7')] },
    { type: 'messages.changed', messages: [msg('1', '2', GROUP_CONV, { isRevoked: true })] },
    { type: 'members.roleKnown', role: 'Admin' },
    { type: 'draft.change', text: '大家好' },
    { type: 'draft.change', text: '  ' },
    { type: 'image.send', image: IMAGE },
    { type: 'at.choose', userId: '2', nick: '小王' },
    { type: 'at.choose', userId: AT_ALL, nick: '所有人' },
    { type: 'outbox.retry', localId: 'local-1' },
    { type: 'outbox.discard', localId: 'local-1' },
    { type: 'message.revoke', message: msg('1', '1') },
    { type: 'message.revoke', message: msg('2', '2') },
    { type: 'conversation.pin', pinned: true },
    { type: 'conversation.notify', muted: true },
  ]
  // the graph's key, and what a walk compares: the state and the context that decides guards and shows
  // (the outbox's first message, the draft, the role, the messages, the cursor, the error); the outbox
  // and the draft may grow without end, so only their start counts
  const pick = (s: AnyMachineSnapshot) => {
    const c = s.context as ConversationContext
    return [c.outbox[0]?.status ?? null, c.outbox.length > 1, c.draft.trim() !== '', c.atUsers.length > 0, c.role, c.error, c.messages.map((m) => m.ID), c.hidden, c.cursor, c.operation?.kind ?? null]
  }
  // The regions are independent, so each run explores one part of the machine with the events that
  // move it (the history settled first where it is not the part under test): small graphs, and
  // together every state and every transition.
  const group: ConversationInput = { conversationId: GROUP_CONV, me: '1', chatroom: false }
  const oneToOne: ConversationInput = { conversationId: 'C2C2', me: '1', chatroom: false }
  const chatroom: ConversationInput = { conversationId: GROUP_CONV, me: '1', chatroom: true }
  const HISTORY = /joinGroup|loadNewest|loadEarlier|^history\.|^messages\./
  const COMPOSER = /^draft\.|^composer\.|^image\.|^outbox\.|checkText|sendMessage/
  const TOOLS = /^at\.|^members\.|^message\.|^conversation\.|\.operate$|^draft\./
  const settledFirst = (part: RegExp) => (e: EventObject, s: AnyMachineSnapshot) =>
    s.matches({ history: 'joining' }) ? e.type === 'xstate.done.actor.joinGroup' : s.matches({ history: 'loadingNewest' }) ? e.type === 'xstate.done.actor.loadNewest' && (e as { output?: MessagePage }).output?.isCompleted === true : part.test(e.type)
  const focus: { input: ConversationInput; allow: (e: EventObject, s: AnyMachineSnapshot) => boolean }[] = [
    { input: group, allow: (e) => HISTORY.test(e.type) },
    { input: oneToOne, allow: (e) => HISTORY.test(e.type) },
    { input: chatroom, allow: (e) => HISTORY.test(e.type) },
    { input: group, allow: settledFirst(COMPOSER) },
    { input: chatroom, allow: settledFirst(COMPOSER) },
    { input: group, allow: settledFirst(TOOLS) },
  ]
  const runs = focus.map(({ input, allow }) => ({
    input,
    paths: getShortestPaths(conversationMachine, {
      input,
      events: ((s: AnyMachineSnapshot) => eventsByState(variants)(s).filter((e) => allow(e, s))) as never,
      // keyed by the edge (previous state, event, state), so every transition into a state keeps its own path
      serializeState: ((s: AnyMachineSnapshot, e?: EventObject, prev?: AnyMachineSnapshot) =>
        JSON.stringify([s.value, pick(s), e ?? null, prev ? [prev.value, pick(prev)] : null])) as never,
    }),
  }))

  it('reaches every state and takes every transition', () => {
    const reports = runs.map(({ input, paths }) => measureCoverage(conversationMachine, paths, { input }))
    const reached = new Set(reports.flatMap((r) => r.states.reached))
    const taken = new Set(reports.flatMap((r) => r.transitions.taken.map((t) => t.key)))
    const first = reports[0]!
    const missedStates = [...first.states.reached, ...first.states.missed].filter((s) => !reached.has(s))
    const missedTransitions = [...first.transitions.taken, ...first.transitions.missed].filter((t) => !taken.has(t.key)).map((t) => t.label)
    console.log(formatCoverage({ ...first, states: { reached: [...reached], missed: missedStates, total: first.states.total }, transitions: { taken: [...first.transitions.taken], missed: [], total: first.transitions.total } }).replace(/transitions \d+\//, `transitions ${taken.size}/`))
    expect(missedStates).toEqual([])
    expect(missedTransitions).toEqual([])
  })

  // The real actor walks a subset of the paths: one per kind of last step (the state before with what
  // its guards read, the event type, the state after, whether it changed anything); the test checks the subset still takes every transition.
  const covering = runs.map(({ input, paths }) => ({ input, paths: onePathPerLastStep(paths, { project: pick, guardFacts: (before) => pick(before).slice(0, 5), eventKey: (e) => e.type }) }))

  it('a real actor follows paths that take every transition', async () => {
    const reports = covering.map(({ input, paths }) => measureCoverage(conversationMachine, paths, { input }))
    const taken = new Set(reports.flatMap((r) => r.transitions.taken.map((t) => t.key)))
    const reached = new Set(reports.flatMap((r) => r.states.reached))
    expect(reports[0]!.transitions.missed.filter((t) => !taken.has(t.key)).map((t) => t.label)).toEqual([])
    expect(reports[0]!.states.missed.filter((s) => !reached.has(s))).toEqual([])
    for (const { input, paths } of covering) {
      await walkEveryPath(paths, () => start(input), pick)
    }
  })
})

// ---------------------------------------------------------------------------------------------
// The spec's journeys, spelled out.

describe('conversation journeys', () => {
  it('reads the newest page, marks the conversation read, pages back until complete', async () => {
    const { actor, fakes, markRead } = start({ conversationId: GROUP_CONV, me: '1', chatroom: false })
    expect(fakes.inputs('loadNewest')).toEqual([{ conversationId: GROUP_CONV, before: null }])
    await fakes.resolve('loadNewest', page(['3', '4'], false))
    expectToBeIn(actor, 'history.more')
    expect(markRead).toHaveBeenCalledTimes(1)
    actor.send({ type: 'history.earlier' })
    expect(fakes.inputs('loadEarlier')[0]).toEqual({ conversationId: GROUP_CONV, before: 'before-3' })
    await fakes.resolve('loadEarlier', page(['1', '2'], true))
    expectToBeIn(actor, 'history.complete')
    expect(actor.getSnapshot().context.messages.map((m) => m.ID)).toEqual(['3', '4', '1', '2'])
  })

  it('a shield marker hides its target, publicMessage shows it again; another conversation’s messages are ignored', async () => {
    const { actor, fakes, markRead } = start({ conversationId: GROUP_CONV, me: '1', chatroom: false })
    await fakes.resolve('loadNewest', page(['1', '2'], true))
    const shield = msg('s', '9', GROUP_CONV, { type: 'TIMCustomElem', payload: { data: '' }, cloudCustomData: JSON.stringify({ bizType: 'shieldMsg', data: { msgId: '1' } }) })
    actor.send({ type: 'messages.received', messages: [shield, msg('other', '2', 'C2C5')] })
    expect(selectHistory(actor.getSnapshot()).map((l) => l.message.ID)).toEqual(['2'])
    const show = msg('p', '9', GROUP_CONV, { type: 'TIMCustomElem', payload: { data: '' }, cloudCustomData: JSON.stringify({ bizType: 'publicMessage', data: { msgId: '1' } }) })
    actor.send({ type: 'messages.received', messages: [show] })
    expect(selectHistory(actor.getSnapshot()).map((l) => l.message.ID)).toEqual(['1', '2'])
    actor.send({ type: 'messages.received', messages: [msg('other2', '2', 'C2C5')] })
    expect(markRead).toHaveBeenCalledTimes(3)
  })

  it('sends in order: pending until the service answers; a failure keeps the message with its reason, to retry or drop', async () => {
    const { actor, fakes } = start({ conversationId: GROUP_CONV, me: '1', chatroom: false })
    await fakes.resolve('loadNewest', page([], true))
    actor.send({ type: 'draft.change', text: '第一条' })
    actor.send({ type: 'composer.send' })
    actor.send({ type: 'draft.change', text: '第二条' })
    actor.send({ type: 'composer.send' })
    expect(actor.getSnapshot().context.outbox.map((m) => [m.text, m.status])).toEqual([['第一条', 'pending'], ['第二条', 'pending']])
    expect(actor.getSnapshot().context.draft).toBe('')
    expect(fakes.inputs('sendMessage')).toHaveLength(1)
    await fakes.reject('sendMessage', new Error('全员禁言中'))
    expect(actor.getSnapshot().context.outbox.map((m) => [m.text, m.status, m.error])).toEqual([['第一条', 'failed', '全员禁言中'], ['第二条', 'pending', null]])
    expect(actor.getSnapshot().context.error).toBe('全员禁言中')
    await fakes.resolve('sendMessage', msg('m2', '1', GROUP_CONV, { payload: { text: '第二条' } }))
    expect(actor.getSnapshot().context.outbox.map((m) => m.text)).toEqual(['第一条'])
    actor.send({ type: 'outbox.retry', localId: 'local-1' })
    expect(actor.getSnapshot().context.error).toBeNull()
    await fakes.resolve('sendMessage', msg('m1', '1', GROUP_CONV, { payload: { text: '第一条' } }))
    expect(actor.getSnapshot().context.outbox).toEqual([])
    expect(selectHistory(actor.getSnapshot()).map((l) => l.message.ID)).toEqual(['m2', 'm1'])
  })

  it('a chatroom is joined first, then read; a failed join may be tried again', async () => {
    const { actor, fakes } = start({ conversationId: GROUP_CONV, me: '1', chatroom: true })
    expect(fakes.inputs('joinGroup')).toEqual([{ groupId: 'GROUP_CHAT_V2_g1' }])
    expect(fakes.inputs('loadNewest')).toEqual([])
    await fakes.reject('joinGroup', new Error('聊天室不存在'))
    expectToBeIn(actor, 'history.joinFailed')
    actor.send({ type: 'history.retry' })
    await fakes.resolve('joinGroup', undefined)
    expectToBeIn(actor, 'history.loadingNewest')
  })

  it('a chatroom checks each text first; a refusal is not sent', async () => {
    const { actor, fakes } = start({ conversationId: GROUP_CONV, me: '1', chatroom: true })
    await fakes.resolve('joinGroup', undefined)
    await fakes.resolve('loadNewest', page([], true))
    actor.send({ type: 'draft.change', text: '敏感内容' })
    actor.send({ type: 'composer.send' })
    expect(fakes.inputs('checkText')).toEqual([{ text: '敏感内容' }])
    await fakes.resolve('checkText', { pass: false, message: '消息包含敏感内容，请修改后再发送' })
    expect(fakes.inputs('sendMessage')).toEqual([])
    expect(actor.getSnapshot().context.error).toBe('消息包含敏感内容，请修改后再发送')
    // images are not checked
    actor.send({ type: 'image.send', image: IMAGE })
    expect(fakes.inputs('checkText')).toHaveLength(1)
    expect((fakes.inputs('sendMessage')[0] as { message: { image: unknown } }).message.image).toBe(IMAGE)
  })

  it('@all only for the group’s Owner or Admin; a mention adds the member and their name', async () => {
    const { actor, fakes } = start({ conversationId: GROUP_CONV, me: '1', chatroom: false })
    await fakes.resolve('loadNewest', page([], true))
    actor.send({ type: 'at.toggle' })
    actor.send({ type: 'at.choose', userId: AT_ALL, nick: '所有人' })
    expect(actor.getSnapshot().context.atUsers).toEqual([])
    actor.send({ type: 'members.roleKnown', role: 'Owner' })
    actor.send({ type: 'at.choose', userId: AT_ALL, nick: '所有人' })
    expectToBeIn(actor, 'picker.closed')
    expect(actor.getSnapshot().context).toMatchObject({ atUsers: [AT_ALL], draft: '@所有人 ' })
    actor.send({ type: 'composer.send' })
    expect((fakes.inputs('sendMessage')[0] as { message: { atUserList: string[] } }).message.atUserList).toEqual([AT_ALL])
  })

  it('revokes own messages; in a group an Admin revokes anyone’s; a member cannot', async () => {
    const { actor, fakes } = start({ conversationId: GROUP_CONV, me: '1', chatroom: false })
    await fakes.resolve('loadNewest', page(['5'], true))
    expect(selectHistory(actor.getSnapshot())[0]?.mayRevoke).toBe(false)
    actor.send({ type: 'message.revoke', message: msg('5') })
    expectToBeIn(actor, 'operation.idle')
    actor.send({ type: 'members.roleKnown', role: 'Admin' })
    expect(selectHistory(actor.getSnapshot())[0]?.mayRevoke).toBe(true)
    actor.send({ type: 'message.revoke', message: msg('5') })
    expect(fakes.inputs('operate')).toEqual([{ conversationId: GROUP_CONV, operation: { kind: 'revoke', message: msg('5') } }])
    await flush()
  })
})
