import { describe, expect, it, vi, afterEach, beforeEach } from 'vitest'
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate'
import { expectFullCoverage, expectToBeIn, getCoveragePaths } from '../testing/model-coverage'
import {
  DEFAULT_NOT_READY_REASON,
  REFRESH_PAGE_TEXT,
  chatLifecycleMachine,
  messagingActors,
  notReadyReason,
  selectNotReadyDialog,
  type ChatLifecycleInput,
  type ChatLifecycleSnapshot,
} from './chat-lifecycle.machine'
import type { ChatSignature, Conversation, MessagingClient, MessagingEventType, MessagingPort, OwnChatProfile } from './messaging-port'
import { fakeTimersPerTest } from '../testing/fake-timers'

// ---------------------------------------------------------------------------------------------
// A fake messaging service: every call waits until the test settles it, so each step of a path
// is the test deciding what the service answers — and a call the machine never made cannot be settled.

interface Deferred {
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

const SIGNATURE: ChatSignature = { sdkAppId: 1400000001, userId: '1001', userSig: 'sig-1001' }
const INPUT: ChatLifecycleInput = { user: { nick: '价值投资者', avatar: '' }, defaultAvatar: '/images/chat/default-avatar.png' }

const conv = (id: string, lastTime: number, isPinned = false): Conversation => ({
  conversationID: id,
  type: id.startsWith('GROUP') ? 'GROUP' : 'C2C',
  lastMessage: { messageForShow: 'hi', lastTime },
  unreadCount: 1,
  isPinned,
})
/** What getConversationList answers: a duplicate and a pinned one, so ordering shows. */
const LOADED = [conv('C2Ca', 10), conv('GROUPGROUP_CHAT_V2_1', 30), conv('C2Ca', 50), conv('C2Cb', 5, true)]
/** What a conversations.updated event carries. */
const UPDATED = [conv('C2Cc', 70), conv('C2Cb', 5, true)]

function fakeMessaging() {
  const pending = new Map<string, Deferred>()
  const calls: Array<{ name: string; arg?: unknown }> = []
  const handlers = new Map<string, Set<(event: unknown) => void>>()
  const call = (name: string, arg?: unknown) =>
    new Promise<never>((resolve, reject) => {
      if (pending.has(name)) throw new Error(`${name} called twice without settling`)
      calls.push({ name, arg })
      pending.set(name, { resolve: resolve as (v: unknown) => void, reject })
    })
  const unused = () => Promise.reject(new Error('not used by the lifecycle'))
  const client: MessagingClient = {
    on: (type, handler) => {
      const set = handlers.get(type) ?? new Set()
      set.add(handler as (event: unknown) => void)
      handlers.set(type, set)
    },
    off: (type, handler) => void handlers.get(type)?.delete(handler as (event: unknown) => void),
    login: (signature) => call('login', signature),
    logout: () => call('logout'),
    destroy: () => call('destroy'),
    updateMyProfile: (profile: OwnChatProfile) => call('updateMyProfile', profile),
    getConversationList: () => call('loadConversations'),
    getGroupList: unused,
    sendTextMessage: unused,
    sendAtTextMessage: unused,
    sendImageMessage: unused,
    setMessageRemindType: unused,
    pinConversation: unused,
    deleteConversation: unused,
    getMessageList: unused,
    revokeMessage: unused,
    modifyMessage: unused,
    setMessageRead: unused,
    getGroupMemberList: unused,
  }
  const port: MessagingPort = {
    getSignature: () => call('getSignature'),
    createClient: (signature) => call('createClient', signature),
  }
  return {
    port,
    client,
    calls,
    settle(name: string, outcome: { output: unknown } | { error: unknown }) {
      const deferred = pending.get(name)
      if (!deferred) throw new Error(`the machine never called ${name}`)
      pending.delete(name)
      if ('error' in outcome) deferred.reject(outcome.error)
      else deferred.resolve(outcome.output)
    },
    emit(type: MessagingEventType, payload: object) {
      const set = handlers.get(type)
      if (!set || set.size === 0) throw new Error(`nobody listens to ${type}`)
      for (const handler of [...set]) handler({ ...payload, type })
    },
    listenerCount: () => [...handlers.values()].reduce((n, s) => n + s.size, 0),
  }
}

function start() {
  const fake = fakeMessaging()
  const reload = vi.fn()
  const actor = createActor(chatLifecycleMachine.provide({ actors: messagingActors(fake.port), actions: { reload } }), { input: INPUT })
  actor.start()
  return { fake, reload, actor }
}

const flush = () => vi.advanceTimersByTimeAsync(0)

/** What a path step and the running actor must agree on (the client is a placeholder in the traversal). */
const view = (snapshot: AnyMachineSnapshot | ChatLifecycleSnapshot) => {
  const ctx = (snapshot as ChatLifecycleSnapshot).context
  return {
    value: snapshot.value,
    status: snapshot.status,
    signature: ctx.signature,
    hasClient: ctx.client !== null,
    conversations: ctx.conversations.map((c) => `${c.conversationID}@${c.lastMessage?.lastTime}${c.isPinned ? ' pinned' : ''}`),
    totalUnread: ctx.totalUnread,
    notReadyReason: ctx.notReadyReason,
  }
}

fakeTimersPerTest({ beforeEach, afterEach, vi })

// ---------------------------------------------------------------------------------------------
// Model-based: a shortest path to every transition, each replayed against the real actor.

/** Any client will do for the traversal (it compares whether there is one): a fake's, never called. */
const TRAVERSAL_CLIENT: MessagingClient = fakeMessaging().client
const variants = [
  { type: 'xstate.done.actor.getSignature', output: SIGNATURE },
  { type: 'xstate.error.actor.getSignature', error: new Error('') },
  { type: 'xstate.done.actor.createClient', output: TRAVERSAL_CLIENT },
  { type: 'xstate.error.actor.createClient', error: new Error('SDK 初始化失败') },
  { type: 'xstate.error.actor.login', error: { code: 70001, message: 'userSig 已过期' } },
  { type: 'xstate.error.actor.updateMyProfile', error: new Error('profile') },
  { type: 'xstate.done.actor.loadConversations', output: LOADED },
  { type: 'xstate.error.actor.loadConversations', error: new Error('list') },
  { type: 'xstate.error.actor.logout', error: new Error('logout') },
  { type: 'xstate.error.actor.destroy', error: new Error('destroy') },
  { type: 'sdk.notReady' },
  { type: 'sdk.notReady', reason: '您的账号已在其他设备登录' },
  { type: 'conversations.updated', conversations: UPDATED },
  { type: 'unread.updated', total: 120 },
] as EventObject[]

const paths = getCoveragePaths(chatLifecycleMachine, { events: variants, input: INPUT })
const CLIENT_EVENTS: readonly string[] = ['sdk.ready', 'sdk.notReady', 'conversations.updated', 'unread.updated']

describe('chatLifecycle model', () => {
  it('the paths cover every state and every transition', () => {
    expectFullCoverage(chatLifecycleMachine, paths, { input: INPUT })
  })

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type.replace(/^xstate\./, '')).join(' → '), p] as const))('%s', async (_, path) => {
    const { fake, reload, actor } = start()
    for (const step of path.steps) {
      const event = step.event as EventObject & { output?: unknown; error?: unknown }
      const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type)?.[1]
      const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type)?.[1]
      if (event.type === 'xstate.init') {
        // started above
      } else if (done) {
        fake.settle(done, { output: done === 'createClient' ? fake.client : event.output })
      } else if (failed) {
        fake.settle(failed, { error: event.error })
      } else if (CLIENT_EVENTS.includes(event.type)) {
        const { type, ...payload } = event
        fake.emit(type as MessagingEventType, payload)
      } else {
        actor.send(event as never)
      }
      await flush()
      expect(view(actor.getSnapshot())).toEqual(view(step.state as AnyMachineSnapshot))
    }
    const snapshot = actor.getSnapshot()
    // the events stay registered exactly while a session lasts
    expect(fake.listenerCount() > 0).toBe(snapshot.matches('session'))
    expect(reload).toHaveBeenCalledTimes(snapshot.matches('reloading') ? 1 : 0)
    actor.stop()
  })
})

// ---------------------------------------------------------------------------------------------
// The spec's journeys, spelled out.

describe('chatLifecycle journeys', () => {
  it('fetches the signature, creates the client, registers events, logs in; on ready updates the profile and loads conversations', async () => {
    const { fake, actor } = start()
    expectToBeIn(actor, 'fetchingSignature')
    fake.settle('getSignature', { output: SIGNATURE })
    await flush()
    expectToBeIn(actor, 'creatingClient')
    expect(fake.calls.at(-1)).toEqual({ name: 'createClient', arg: SIGNATURE })
    fake.settle('createClient', { output: fake.client })
    await flush()
    expectToBeIn(actor, 'session.loggingIn')
    expect(fake.listenerCount()).toBeGreaterThan(0)
    expect(fake.calls.at(-1)).toEqual({ name: 'login', arg: SIGNATURE })
    fake.settle('login', { output: undefined })
    await flush()
    expectToBeIn(actor, 'session.waitingForReady')
    fake.emit('sdk.ready', {})
    await flush()
    expectToBeIn(actor, 'session.updatingProfile')
    expect(fake.calls.at(-1)).toEqual({
      name: 'updateMyProfile',
      arg: { nick: '价值投资者', avatar: '/images/chat/default-avatar.png', gender: 'Gender_Type_Unknown', selfSignature: '', allowType: 'AllowType_Type_AllowAny' },
    })
    fake.settle('updateMyProfile', { output: undefined })
    await flush()
    expectToBeIn(actor, 'session.loadingConversations')
    fake.settle('loadConversations', { output: LOADED })
    await flush()
    expectToBeIn(actor, 'session.ready')
    expect(view(actor.getSnapshot()).conversations).toEqual(['C2Cb@5 pinned', 'C2Ca@50', 'GROUPGROUP_CHAT_V2_1@30'])
    fake.emit('unread.updated', { total: 7 })
    expect(actor.getSnapshot().context.totalUnread).toBe(7)
    expect(selectNotReadyDialog(actor.getSnapshot())).toBeNull()
    expect(fake.calls.map((c) => c.name)).toEqual(['getSignature', 'createClient', 'login', 'updateMyProfile', 'loadConversations'])
  })

  it('a login failure shows 请刷新页面 with the reason, and confirm reloads', async () => {
    const { fake, reload, actor } = start()
    fake.settle('getSignature', { output: SIGNATURE })
    await flush()
    fake.settle('createClient', { output: fake.client })
    await flush()
    fake.settle('login', { error: { code: 70001, message: 'userSig 已过期' } })
    await flush()
    expect(selectNotReadyDialog(actor.getSnapshot())).toEqual({ text: '请刷新页面', reason: 'userSig 已过期' })
    expect(fake.listenerCount()).toBe(0)
    expect(reload).not.toHaveBeenCalled()
    actor.send({ type: 'dialog.confirm' })
    expect(reload).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('SDK not ready, or kicked out, without a reason shows the default 用户登录状态异常', async () => {
    for (const type of ['sdk.notReady', 'sdk.kickedOut'] as const) {
      const { fake, actor } = start()
      fake.settle('getSignature', { output: SIGNATURE })
      await flush()
      fake.settle('createClient', { output: fake.client })
      await flush()
      fake.emit(type, {})
      expect(selectNotReadyDialog(actor.getSnapshot())).toEqual({ text: REFRESH_PAGE_TEXT, reason: DEFAULT_NOT_READY_REASON })
      actor.stop()
    }
  })

  it('logout logs out, destroys the client, unregisters events and forgets the session', async () => {
    const { fake, actor } = start()
    fake.settle('getSignature', { output: SIGNATURE })
    await flush()
    fake.settle('createClient', { output: fake.client })
    await flush()
    fake.emit('sdk.ready', {})
    fake.emit('unread.updated', { total: 3 })
    actor.send({ type: 'chat.logout' })
    expectToBeIn(actor, 'loggingOut')
    expect(fake.listenerCount()).toBe(0)
    fake.settle('logout', { output: undefined })
    await flush()
    expectToBeIn(actor, 'destroying')
    fake.settle('destroy', { output: undefined })
    await flush()
    expect(actor.getSnapshot().status).toBe('done')
    expect(view(actor.getSnapshot())).toMatchObject({ value: 'destroyed', hasClient: false, signature: null, totalUnread: 0, conversations: [] })
  })

  it('without provided implementations the machine says what to provide', async () => {
    const actor = createActor(chatLifecycleMachine, { input: INPUT }).start()
    await flush()
    expect(selectNotReadyDialog(actor.getSnapshot())).toEqual({ text: REFRESH_PAGE_TEXT, reason: 'provide getSignature' })
    expect(() => actor.send({ type: 'dialog.confirm' })).not.toThrow()
    expect(actor.getSnapshot().status).toBe('error')
    expect(String(actor.getSnapshot().error)).toContain('provide reload')
  })
})

describe('notReadyReason', () => {
  it('uses the message of the failure, else the default', () => {
    expect(notReadyReason('账号异常')).toBe('账号异常')
    expect(notReadyReason(new Error('网络错误'))).toBe('网络错误')
    expect(notReadyReason(new Error(''))).toBe('用户登录状态异常')
    expect(notReadyReason(undefined)).toBe('用户登录状态异常')
    expect(notReadyReason({ code: 1 })).toBe('用户登录状态异常')
  })
})
