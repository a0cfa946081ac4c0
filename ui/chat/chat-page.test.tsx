// @vitest-environment jsdom
// The chat page's left bar and create-group form (spec 001 §2, §6): every entry of the bar leads to a page
// the client draws (the enterprise-messenger address book shows only once /wecom/mine exists: issue 25,
// it led to the 404); the message helper only for a group admin or owner; the create-group form sends
// the trimmed name and opens the new group.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { fakeHttp, makeServices, renderUi } from '../testing/render'
import { isKnownPage } from '../app'
import { ChatNav, CreateGroup, ENTERPRISE_ADDRESS_BOOK } from './chat-page'

afterEach(cleanup)

const links = () => [...document.querySelectorAll('[data-testid=chat-nav] a')].map((a) => a.getAttribute('href') ?? '')

describe('the chat left bar', () => {
  it('links only to pages the client draws: no entry that leads to the 404', () => {
    renderUi(<ChatNav user={{ id: 7, avatar: '' }} isAdmin />)
    expect(links().length).toBeGreaterThanOrEqual(4)
    expect(links().filter((href) => !isKnownPage(href))).toEqual([])
  })

  it('shows the enterprise-messenger address book exactly when its page exists', () => {
    renderUi(<ChatNav user={{ id: 7, avatar: '' }} isAdmin={false} />)
    expect(links().includes(ENTERPRISE_ADDRESS_BOOK)).toBe(isKnownPage(ENTERPRISE_ADDRESS_BOOK))
    expect(screen.queryByText('企业微信通讯录') !== null).toBe(isKnownPage(ENTERPRISE_ADDRESS_BOOK))
  })

  it('the message helper only for a group admin or owner', () => {
    renderUi(<ChatNav user={{ id: 7, avatar: '' }} isAdmin={false} />)
    expect(screen.queryByTestId('chat-helper-link')).toBeNull()
    cleanup()
    renderUi(<ChatNav user={{ id: 7, avatar: '' }} isAdmin />)
    expect(screen.getByTestId('chat-helper-link').getAttribute('href')).toBe('/chat/message-helper')
  })
})

describe('the create-group form', () => {
  const group = { groupId: 'GROUP_CHAT_V2_abc', name: '港股夜谈', groupType: 'Work', avatar: '', memberCount: 1, muteAllMember: false, role: 'Owner' }

  it('opens, is disabled while the name is blank, sends the trimmed name and opens the new group', async () => {
    const http = fakeHttp({ 'groupChat.create': group })
    const onCreated = vi.fn()
    renderUi(<CreateGroup onCreated={onCreated} />, { services: makeServices({ http }) })
    fireEvent.click(screen.getByTestId('create-group'))
    const submit = screen.getByTestId('group-create-submit') as HTMLButtonElement
    expect(submit.disabled).toBe(true)
    fireEvent.change(screen.getByTestId('group-name'), { target: { value: '  港股夜谈 ' } })
    expect(submit.disabled).toBe(false)
    fireEvent.click(submit)
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('GROUPGROUP_CHAT_V2_abc'))
    expect(http.callsTo('groupChat.create').map((c) => c.input?.body)).toEqual([{ name: '港股夜谈' }])
    expect(screen.queryByTestId('create-group-form')).toBeNull()
  })

  it('shows the server’s refusal and closes on 取消', async () => {
    const http = fakeHttp({
      'groupChat.create': () => {
        throw new Error('只有认证投顾可以创建群聊')
      },
    })
    renderUi(<CreateGroup onCreated={() => undefined} />, { services: makeServices({ http }) })
    fireEvent.click(screen.getByTestId('create-group'))
    fireEvent.change(screen.getByTestId('group-name'), { target: { value: '群' } })
    fireEvent.click(screen.getByTestId('group-create-submit'))
    expect((await screen.findByRole('alert')).textContent).toBe('只有认证投顾可以创建群聊')
    fireEvent.click(screen.getByRole('button', { name: '取消' }))
    expect(screen.queryByTestId('create-group-form')).toBeNull()
    expect(screen.getByTestId('create-group')).toBeTruthy()
  })
})
