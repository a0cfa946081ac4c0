// @vitest-environment jsdom
// The conversation view's tools (spec 001 §3, §6, §7): pin, the notification option (2 muted, 0
// notify), mute all and the spreadsheet import for a group's owner or admins only (core/chat/permissions,
// as the server enforces), the mute duration in hours (−1 for ever); a chatroom's check before sending.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import type { ChatGroupMember, ChatMessage, Conversation, MessagingClient } from '../../core/chat/messaging-port'
import { fakeHttp, makeServices, renderUi } from '../testing/render'
import { ConversationView } from './conversation-view'

afterEach(cleanup)

const GROUP = 'GROUP_CHAT_V2_abc'
const CONV = `GROUP${GROUP}`
const conversation = (over: Partial<Conversation> = {}): Conversation => ({
  conversationID: CONV,
  type: 'GROUP',
  unreadCount: 0,
  isPinned: false,
  messageRemindType: 'AcceptAndNotify',
  groupProfile: { groupID: GROUP, name: '港股夜谈' },
  ...over,
})
const member = (userID: string, role: ChatGroupMember['role'], muteUntil = 0): ChatGroupMember => ({ userID, nick: `用户${userID}`, avatar: '', role, muteUntil })

function fakeClient(members: ChatGroupMember[]) {
  const unexpected = () => vi.fn(async (): Promise<never> => {
    throw new Error('not expected')
  })
  const client = {
    on: vi.fn(),
    off: vi.fn(),
    login: unexpected(),
    logout: unexpected(),
    destroy: unexpected(),
    updateMyProfile: unexpected(),
    getConversationList: unexpected(),
    getGroupList: unexpected(),
    sendTextMessage: vi.fn(async (_to: { conversationID: string }, _text: string): Promise<ChatMessage> => {
      throw new Error('not expected')
    }),
    sendAtTextMessage: unexpected(),
    sendImageMessage: unexpected(),
    setMessageRemindType: unexpected(),
    pinConversation: vi.fn(async () => undefined),
    deleteConversation: unexpected(),
    getMessageList: vi.fn(async () => ({ messageList: [], nextReqMessageID: '', isCompleted: true })),
    revokeMessage: unexpected(),
    modifyMessage: unexpected(),
    setMessageRead: vi.fn(async () => undefined),
    getGroupMemberList: vi.fn(async () => members),
    // chatrooms are joined by the reader (adapters/messaging joinChatroom)
    joinGroup: vi.fn(async () => undefined),
  }
  return client satisfies MessagingClient
}

function renderView(me: string, members: ChatGroupMember[], over: Partial<Conversation> = {}, extra: Partial<Parameters<typeof ConversationView>[0]> = {}) {
  const http = fakeHttp({
    'groupChat.checkConversation': { groupId: GROUP, name: '港股夜谈', groupType: 'Work', avatar: '', memberCount: members.length, muteAllMember: false, role: 'Owner', blocked: false },
    'groupChat.receiveMessageOpt': true,
    'groupChat.muteMember': (input: { body?: unknown } | undefined) => ({ ...member('2', 'ordinary'), muteUntil: -1, ...(input ? {} : {}) }),
    'groupChat.muteAll': (input: { body?: { muteAllMember?: boolean } } | undefined) => ({
      groupId: GROUP,
      name: '港股夜谈',
      groupType: 'Work',
      avatar: '',
      memberCount: 2,
      muteAllMember: input?.body?.muteAllMember ?? false,
      role: 'Owner',
    }),
    'groupChat.excelJoin': { userIds: ['7', '8'], notFound: ['13900000000'], unchanged: [] },
    'groupChat.setAdmin': (input: { body?: { userId?: string; admin?: boolean } } | undefined) => ({ ...member(input?.body?.userId ?? '2', input?.body?.admin ? 'Admin' : 'ordinary') }),
    'groupChat.addFriend': (input: { body?: { toAccount?: string } } | undefined) => ({ conversationID: `C2C${input?.body?.toAccount ?? ''}` }),
    'chatroom.checkMsg': { pass: false, message: '内容包含敏感词' },
  })
  const client = fakeClient(members)
  const view = renderUi(
    <ConversationView client={client} conversationId={CONV} conversation={conversation(over)} me={me} progress={null} {...extra} />,
    { services: makeServices({ http }) },
  )
  return { ...view, http, client }
}

describe('ConversationView tools', () => {
  it('pins the conversation and mutes its notifications (opt 2); a muted one offers notify again (opt 0)', async () => {
    const { client, http } = renderView('1', [member('1', 'Owner'), member('2', 'ordinary')])
    fireEvent.click(await screen.findByRole('button', { name: '置顶' }))
    await waitFor(() => expect(client.pinConversation).toHaveBeenCalledWith(CONV, true))
    fireEvent.click(screen.getByRole('button', { name: '消息免打扰' }))
    await waitFor(() => expect(http.callsTo('groupChat.receiveMessageOpt').map((c) => c.input?.body)).toEqual([{ conversationIds: [CONV], opt: 2 }]))
    cleanup()
    const again = renderView('1', [member('1', 'Owner')], { isPinned: true, messageRemindType: 'AcceptNotNotify' })
    fireEvent.click(await screen.findByRole('button', { name: '取消置顶' }))
    await waitFor(() => expect(again.client.pinConversation).toHaveBeenCalledWith(CONV, false))
    fireEvent.click(screen.getByRole('button', { name: '开启消息提醒' }))
    await waitFor(() => expect(again.http.callsTo('groupChat.receiveMessageOpt').map((c) => c.input?.body)).toEqual([{ conversationIds: [CONV], opt: 0 }]))
  })

  it('an owner mutes a member for the chosen hours, mutes all, and imports members from a spreadsheet', async () => {
    const { http } = renderView('1', [member('1', 'Owner'), member('2', 'ordinary')])
    const row = await screen.findByText('用户2')
    fireEvent.change(screen.getByTestId('mute-hours'), { target: { value: '24' } })
    fireEvent.click(row.closest('li')!.querySelector('[data-testid=member-mute]')!)
    await waitFor(() => expect(http.callsTo('groupChat.muteMember').map((c) => c.input?.body)).toEqual([{ groupId: GROUP, userId: '2', muteStatus: true, muteTimeHour: 24 }]))

    fireEvent.click(await screen.findByRole('button', { name: '全员禁言' }))
    await screen.findByRole('button', { name: '解除全员禁言' })
    expect(http.callsTo('groupChat.muteAll').map((c) => c.input?.body)).toEqual([{ groupId: GROUP, muteAllMember: true }])

    const file = new File(['phone\n13900000001\n'], 'members.csv', { type: 'text/csv' })
    fireEvent.change(screen.getByTestId('group-import-join'), { target: { files: [file] } })
    expect((await screen.findByTestId('group-import-result')).textContent).toBe('已加入 2 人，已在群内 0 人，未找到 1 个手机号')
    const upload = http.callsTo('groupChat.excelJoin')[0]!.input!
    expect(upload.query).toEqual({ groupId: GROUP })
    expect(upload.form?.[0]?.[0]).toBe('file')
  })

  it('the default mute is for ever (−1)', async () => {
    const { http } = renderView('1', [member('1', 'Admin'), member('2', 'ordinary')])
    const row = await screen.findByText('用户2')
    fireEvent.click(row.closest('li')!.querySelector('[data-testid=member-mute]')!)
    await waitFor(() => expect(http.callsTo('groupChat.muteMember').map((c) => (c.input?.body as { muteTimeHour: number }).muteTimeHour)).toEqual([-1]))
  })

  it('a plain member gets pin and notification but no mute, mute-all, kick or import (the server refuses them too)', async () => {
    const { http } = renderView('2', [member('1', 'Owner'), member('2', 'ordinary'), member('3', 'ordinary')])
    await screen.findByText('用户3')
    await screen.findByRole('button', { name: '置顶' })
    await http.settled()
    expect(screen.queryByTestId('mute-hours')).toBeNull()
    expect(screen.queryByTestId('member-mute')).toBeNull()
    expect(screen.queryByTestId('member-kick')).toBeNull()
    expect(screen.queryByTestId('group-mute-all')).toBeNull()
    expect(screen.queryByTestId('group-import-join')).toBeNull()
    expect(http.callsTo('groupChat.checkConversation')).toHaveLength(0)
  })

  it('an admin may kick members but not the owner or another admin', async () => {
    renderView('1', [member('0', 'Owner'), member('1', 'Admin'), member('2', 'Admin'), member('3', 'ordinary')])
    await screen.findByText('用户3')
    const kickable = [...document.querySelectorAll('[data-testid=member]')].filter((li) => li.querySelector('[data-testid=member-kick]')).map((li) => li.getAttribute('data-user'))
    expect(kickable).toEqual(['3'])
  })

  it('the owner sets an ordinary member as admin and takes an admin’s role back; no admin control on self', async () => {
    const { http } = renderView('1', [member('1', 'Owner'), member('2', 'ordinary'), member('3', 'Admin')])
    await screen.findByText('用户3')
    const row = (id: string) => document.querySelector(`[data-testid=member][data-user="${id}"]`)!
    expect(row('2').querySelector('[data-testid=member-set-admin]')?.textContent).toBe('设为管理员')
    expect(row('3').querySelector('[data-testid=member-unset-admin]')?.textContent).toBe('取消管理员')
    expect(row('1').querySelector('[data-testid^=member-set],[data-testid^=member-unset],[data-testid=member-mute],[data-testid=member-kick]')).toBeNull()
    expect(row('3').querySelector('[data-testid=member-role]')?.textContent).toBe('管理员')
    fireEvent.click(row('2').querySelector('[data-testid=member-set-admin]')!)
    // one control at a time: the others wait (disabled) until the server has answered
    expect(row('3').querySelector<HTMLButtonElement>('[data-testid=member-unset-admin]')!.disabled).toBe(true)
    await waitFor(() => expect(row('3').querySelector<HTMLButtonElement>('[data-testid=member-unset-admin]')!.disabled).toBe(false))
    fireEvent.click(row('3').querySelector('[data-testid=member-unset-admin]')!)
    await waitFor(() =>
      expect(http.callsTo('groupChat.setAdmin').map((c) => c.input?.body)).toEqual([
        { groupId: GROUP, userId: '2', admin: true },
        { groupId: GROUP, userId: '3', admin: false },
      ]),
    )
  })

  it('an admin has no admin control, and mutes anyone but themself', async () => {
    renderView('3', [member('1', 'Owner'), member('2', 'ordinary'), member('3', 'Admin')])
    await screen.findByText('用户2')
    expect(screen.queryByTestId('member-set-admin')).toBeNull()
    expect(screen.queryByTestId('member-unset-admin')).toBeNull()
    const mutable = [...document.querySelectorAll('[data-testid=member]')].filter((li) => li.querySelector('[data-testid=member-mute]')).map((li) => li.getAttribute('data-user'))
    expect(mutable).toEqual(['1', '2'])
  })

  it('a member may message the owner and an admin privately, not another member nor themself; the conversation opens', async () => {
    const onOpenConversation = vi.fn()
    const { http } = renderView('2', [member('1', 'Owner'), member('2', 'ordinary'), member('3', 'Admin'), member('4', 'ordinary')], {}, { onOpenConversation })
    await screen.findByText('用户4')
    const privately = [...document.querySelectorAll('[data-testid=member]')].filter((li) => li.querySelector('[data-testid=member-private]')).map((li) => li.getAttribute('data-user'))
    expect(privately).toEqual(['1', '3'])
    fireEvent.click(document.querySelector('[data-testid=member][data-user="3"] [data-testid=member-private]')!)
    await waitFor(() => expect(onOpenConversation).toHaveBeenCalledWith('C2C3'))
    expect(http.callsTo('groupChat.addFriend').map((c) => c.input?.body)).toEqual([{ toAccount: '3', groupId: GROUP }])
  })

  it('without a way to open a conversation (a chatroom) the list offers no private message', async () => {
    renderView('2', [member('1', 'Owner'), member('2', 'ordinary')], {}, { tools: false })
    await screen.findByText('用户1')
    expect(screen.queryByTestId('member-private')).toBeNull()
  })

  it('a chatroom is joined, then checks each text first: a refusal is shown and nothing is sent', async () => {
    const { client, http } = renderView('2', [member('1', 'Owner'), member('2', 'ordinary')], {}, { chatroomId: 7, tools: false })
    await waitFor(() => expect(client.joinGroup).toHaveBeenCalledWith(GROUP))
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: '敏感内容' } })
    fireEvent.click(screen.getByTestId('chat-send'))
    expect((await screen.findByTestId('chat-error')).textContent).toContain('内容包含敏感词')
    expect(http.callsTo('chatroom.checkMsg').map((c) => c.input?.body)).toEqual([{ id: 7, content: '敏感内容' }])
    expect(client.sendTextMessage).not.toHaveBeenCalled()
    // the refused text stays, failed, to send again or drop
    expect(screen.getByTestId('outgoing').getAttribute('data-status')).toBe('failed')
    fireEvent.click(screen.getByTestId('outgoing-discard'))
    await waitFor(() => expect(screen.queryByTestId('outgoing')).toBeNull())
    expect(screen.queryByTestId('conversation-tools')).toBeNull()
  })

  it('a text is pending until the service answers, then shows among the messages', async () => {
    const { client } = renderView('1', [member('1', 'Owner'), member('2', 'ordinary')])
    let answer: (m: ChatMessage) => void = () => undefined
    client.sendTextMessage.mockImplementation(() => new Promise<ChatMessage>((resolve) => (answer = resolve)))
    await screen.findByText('用户2')
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: '大家好' } })
    fireEvent.click(screen.getByTestId('chat-send'))
    expect((await screen.findByTestId('outgoing')).getAttribute('data-status')).toBe('pending')
    expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).value).toBe('')
    answer({ ID: 'm1', conversationID: CONV, from: '1', time: 1, type: 'TIMTextElem', payload: { text: '大家好' } })
    await waitFor(() => expect(screen.queryByTestId('outgoing')).toBeNull())
    expect(client.sendTextMessage).toHaveBeenCalledWith({ conversationID: CONV }, '大家好')
  })
})
