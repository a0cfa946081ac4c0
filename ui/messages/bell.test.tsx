// @vitest-environment jsdom
// The bell (spec 000 §2: unread count, 99+) and the 消息通知 panel (001 §2: 暂无消息; links by the core rule); /message by sourceType and type.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { MessageGroup } from '../../core/api/messages'
import { loginInfoFixture } from '../../core/testing/login-info'
import { fakeHttp, makeServices, renderUi, type FakeAnswer } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { Bell } from './bell'
import { MessagePage } from './message-page'

beforeAll(async () => {
  await import('./bell-panel')
}, 60_000)
afterEach(cleanup)

const group = (sourceType: 'interaction' | 'notification', type: string, over: Partial<MessageGroup> = {}): MessageGroup => ({
  sourceType, type, name: type, link: `/message/${sourceType}/${type}`, unreadCount: 0, lastContent: '', lastTimestamp: null, ...over,
})

function render(ui: React.ReactElement, answers: Record<string, FakeAnswer>, unCheck = 0, path = '/') {
  const http = fakeHttp(answers)
  const session = testSession(loginInfoFixture({ id: 1, message: { unCheck } } as never))
  return { ...renderUi(<WithSession actor={session}>{ui}</WithSession>, { services: makeServices({ http }), path }), http }
}

describe('the bell', () => {
  it('shows the unread count, 99+ above 99', () => {
    render(<Bell />, {}, 120)
    expect(screen.getByTestId('bell-badge').textContent).toBe('99+')
    cleanup()
    render(<Bell />, {}, 7)
    expect(screen.getByTestId('bell-badge').textContent).toBe('7')
    cleanup()
    render(<Bell />, {}, 0)
    expect(screen.queryByTestId('bell-badge')).toBeNull()
  })

  it('a guest has no bell', () => {
    renderUi(<Bell />)
    expect(screen.queryByTestId('bell')).toBeNull()
  })

  it('the 消息通知 panel lists the groups, linked to /message?sourceType=…&type=…, counts capped at 99+', async () => {
    render(<Bell />, { 'messages.groups': { list: [group('interaction', 'comment', { name: '评论', unreadCount: 150, lastContent: '小王 评论了你的帖子', lastTimestamp: 1 }), group('notification', 'review', { name: '审核通知', lastTimestamp: 2, lastContent: '已通过' })], unCheck: 150 } }, 150)
    fireEvent.click(screen.getByTestId('bell'))
    const panel = await screen.findByRole('region', { name: '消息通知' })
    const comment = await within(panel).findByRole('link', { name: /评论/ })
    expect(comment.getAttribute('href')).toBe('/message?sourceType=interaction&type=comment')
    expect(within(comment).getByText('99+')).toBeTruthy()
    expect(within(panel).getByRole('link', { name: /审核通知/ }).getAttribute('href')).toBe('/message?sourceType=notification&type=review')
  })

  it('says 暂无消息 when no group has a message', async () => {
    render(<Bell />, { 'messages.groups': { list: [group('interaction', 'comment')], unCheck: 0 } })
    fireEvent.click(screen.getByTestId('bell'))
    expect(await screen.findByText('暂无消息')).toBeTruthy()
  })
})

describe('/message', () => {
  it('lists the messages of the sourceType and type in the query', async () => {
    const item = { id: 3, sourceType: 'notification', type: 'review', actor: null, content: '你的帖子已通过审核', subject: '腾讯财报点评', link: '/p/5', read: false, createTimestamp: 1_700_000_000 }
    const { http } = render(<MessagePage />, { 'messages.notification': { list: [item], hasMore: false } }, 0, '/message?sourceType=notification&type=review')
    expect(await screen.findByText('你的帖子已通过审核')).toBeTruthy()
    expect(screen.getByRole('link', { name: '腾讯财报点评' }).getAttribute('href')).toBe('/p/5')
    expect(screen.getByRole('link', { name: '审核通知' }).getAttribute('aria-current')).toBe('page')
    expect(http.callsTo('messages.notification')[0]!.input?.params).toEqual({ type: 'review' })
  })
})

describe('reading clears the bell (issue 25: it stayed at 3 until a reload)', () => {
  const item = (id: number) => ({ id, sourceType: 'interaction', type: 'like', actor: { id: 2, nick: '小王', avatar: '' }, content: '赞了你的帖子', subject: '腾讯', link: '/p/5', read: false, createTimestamp: 1_700_000_000 - id })

  it('opening a list on /message reads it; the bell then shows what the server says is left, without a reload', async () => {
    const { http } = render(
      <>
        <Bell />
        <MessagePage />
      </>,
      { 'messages.interaction': { list: [item(1), item(2), item(3)], hasMore: false }, 'user.mapUnreadCount': { unCheck: 0 } },
      3,
      '/message?sourceType=interaction&type=like',
    )
    expect(screen.getByTestId('bell-badge').textContent).toBe('3')
    expect((await screen.findAllByTestId('message-item')).map((li) => li.getAttribute('data-read'))).toEqual(['false', 'false', 'false'])
    await waitFor(() => expect(screen.queryByTestId('bell-badge')).toBeNull())
    expect(http.callsTo('user.mapUnreadCount')).toHaveLength(1)
  })

  it('a count left in other groups stays on the bell', async () => {
    render(
      <>
        <Bell />
        <MessagePage />
      </>,
      { 'messages.notification': { list: [], hasMore: false }, 'user.mapUnreadCount': { unCheck: 2 } },
      5,
      '/message?sourceType=notification&type=review',
    )
    await waitFor(() => expect(screen.getByTestId('bell-badge').textContent).toBe('2'))
  })

  it('opening the 消息通知 panel brings the bell up to date with the groups', async () => {
    render(<Bell />, { 'messages.groups': { list: [group('interaction', 'like', { unreadCount: 4, lastTimestamp: 1, lastContent: '小王 赞了你的帖子' })], unCheck: 4 } }, 1)
    expect(screen.getByTestId('bell-badge').textContent).toBe('1')
    fireEvent.click(screen.getByTestId('bell'))
    await waitFor(() => expect(screen.getByTestId('bell-badge').textContent).toBe('4'))
  })
})
