// The local messaging adapter against a fake socket: requests and answers by id, the relay's pushes
// turned into the port's events (the whole ordered conversation list on each change), failures as
// MessagingError with the relay's code and Chinese message, and a dropped connection as sdk.notReady.
import { describe, expect, it } from 'vitest'
import { createLocalMessagingClient, DISCONNECTED_REASON, MessagingError, type SocketLike } from './local-client'
import { socketUrl } from './messaging-port'
import type { Conversation } from '../../core/chat/messaging-port'

function fakeSocket() {
  const listeners = new Map<string, ((e: { data: unknown }) => void)[]>()
  const sent: { id: number; op: string; args: unknown }[] = []
  const socket: SocketLike & { readyState: number } = {
    readyState: 0,
    send: (data) => void sent.push(JSON.parse(data) as (typeof sent)[number]),
    close: () => fire('close'),
    addEventListener: (type: string, f: (e: { data: unknown }) => void) => void listeners.set(type, [...(listeners.get(type) ?? []), f]),
  } as SocketLike & { readyState: number }
  const fire = (type: string, data?: unknown) => {
    if (type === 'open') socket.readyState = 1
    if (type === 'close') socket.readyState = 3
    for (const f of listeners.get(type) ?? []) f({ data: typeof data === 'string' ? data : JSON.stringify(data) })
  }
  return { socket, sent, fire }
}

const conv = (id: string, lastTime: number, isPinned = false): Conversation => ({
  conversationID: id,
  type: 'C2C',
  unreadCount: 1,
  isPinned,
  lastMessage: { messageForShow: 'x', lastTime },
})

async function signedIn() {
  const f = fakeSocket()
  const client = createLocalMessagingClient('ws://x/api/chat/socket', () => f.socket)
  const login = client.login({ sdkAppId: 1, userId: '7', userSig: 'sig' })
  f.fire('open')
  await Promise.resolve()
  expect(f.sent[0]).toMatchObject({ op: 'login', args: { userID: '7', userSig: 'sig' } })
  f.fire('message', { id: f.sent[0]!.id, ok: true, result: true })
  await login
  return { client, ...f }
}

describe('local messaging client', () => {
  it('pushes the whole conversation list, pinned first then newest, on each change, and the unread total', async () => {
    const { client, fire } = await signedIn()
    const lists: string[][] = []
    const totals: number[] = []
    client.on('conversations.updated', (e) => void lists.push(e.conversations.map((c) => c.conversationID)))
    client.on('unread.updated', (e) => void totals.push(e.total))
    fire('message', { event: 'conversation.changed', data: { conversation: conv('C2C1', 10), totalUnread: 1 } })
    fire('message', { event: 'conversation.changed', data: { conversation: conv('C2C2', 20), totalUnread: 2 } })
    fire('message', { event: 'conversation.changed', data: { conversation: conv('C2C1', 5, true), totalUnread: 2 } })
    fire('message', { event: 'conversation.removed', data: { conversationID: 'C2C2', totalUnread: 1 } })
    expect(lists).toEqual([['C2C1'], ['C2C2', 'C2C1'], ['C2C1', 'C2C2'], ['C2C1']])
    expect(totals).toEqual([1, 2, 2, 1])
  })
  it('loading the conversation list reports the unread total at once', async () => {
    const { client, sent, fire } = await signedIn()
    const totals: number[] = []
    client.on('unread.updated', (e) => void totals.push(e.total))
    const p = client.getConversationList()
    fire('message', { id: sent.at(-1)!.id, ok: true, result: [conv('C2C1', 1), { ...conv('C2C2', 2), unreadCount: 4 }] })
    expect((await p).map((c) => c.conversationID)).toEqual(['C2C2', 'C2C1'])
    expect(totals).toEqual([5])
  })
  it('a failed request rejects with the relay’s code and message; a broken frame is ignored', async () => {
    const { client, sent, fire } = await signedIn()
    const p = client.sendTextMessage({ conversationID: 'GROUPg1' }, '你好')
    fire('message', 'not json')
    const req = sent.at(-1)!
    expect(req).toMatchObject({ op: 'sendMessage', args: { conversationID: 'GROUPg1', kind: 'text', text: '你好' } })
    fire('message', { id: req.id, ok: false, code: 403, message: '你已被禁言' })
    await expect(p).rejects.toEqual(new MessagingError(403, '你已被禁言'))
  })
  it('a dropped connection fails what is pending and reports sdk.notReady with a reason; a logout does not', async () => {
    const { client, fire } = await signedIn()
    const reasons: (string | undefined)[] = []
    client.on('sdk.notReady', (e) => void reasons.push(e.reason))
    const pending = client.getConversationList()
    fire('close')
    await expect(pending).rejects.toMatchObject({ code: 503, message: DISCONNECTED_REASON })
    expect(reasons).toEqual([DISCONNECTED_REASON])
    await expect(client.getGroupList()).rejects.toMatchObject({ code: 503 })

    const second = await signedIn()
    const none: unknown[] = []
    second.client.on('sdk.notReady', (e) => void none.push(e))
    const out = second.client.logout()
    second.fire('message', { id: second.sent.at(-1)!.id, ok: true, result: true })
    await out
    expect(none).toEqual([])
  })
  it('the socket URL follows the page: ws on http, wss on https, same host', () => {
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:8080' }, '/api/chat/socket')).toBe('ws://127.0.0.1:8080/api/chat/socket')
    expect(socketUrl({ protocol: 'https:', host: 'gmh.example' }, '/api/chat/socket')).toBe('wss://gmh.example/api/chat/socket')
  })
})
