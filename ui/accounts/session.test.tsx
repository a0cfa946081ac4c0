// @vitest-environment jsdom
// The session on the client: after login the follow and stock-follow lists are fetched (spec 000
// §4), logout clears follow, focus and stock lists; the guards (guest → /chiefCircle on
// /chiefChatroom, the personal area's not-logged-in panel, /user/{id} open to guests).
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../core/api/api-error'
import type { LoginInfo, PublicUser } from '../../core/api/accounts'
import { loginInfoFixture } from '../../core/testing/login-info'
import { fakeHttp, makeServices, renderUi, type FakeAnswer } from '../testing/render'
import { SessionProvider } from './session'
import { useSession } from '../common/session'
import { RedirectGuestsToCircle } from './guards'
import { FriendsPage, SettingPage } from './my-pages'

const loginInfo = loginInfoFixture
const publicUser = (id: number, over: Partial<PublicUser> = {}): PublicUser => ({
  id,
  nick: `用户${id}`,
  avatar: '',
  brief: '',
  roles: [],
  membership: null,
  level: { currentLevel: 1 },
  userCount: { fans: 0, follow: 0, favorite: 0, post: 0, optionalStock: 0 },
  isFollow: false,
  ...over,
})
const stock = (id: string) => ({ id, code: id.slice(2), codeDisp: id.slice(2), name: id })

function Probe() {
  const s = useSession()
  return (
    <div>
      <span data-testid="who">{s.user ? s.user.nick : 'guest'}</span>
      <span data-testid="follows">{s.followIds.join(',')}</span>
      <span data-testid="stocks">{s.stockIds.join(',')}</span>
      <span data-testid="focus">{s.subjectIds.join(',')}</span>
      <button type="button" onClick={() => void s.openLogin()}>open</button>
      <button type="button" onClick={() => s.actor.send({ type: 'follow.change', set: 'subjects', id: 3, on: true })}>focus</button>
      <button type="button" onClick={() => void s.logout()}>logout</button>
    </div>
  )
}

function renderWith(ui: React.ReactElement, answers: Record<string, FakeAnswer>, path = '/') {
  const http = fakeHttp({ 'sms.countryCodes': [{ text: '中国', code: '86', region: 'CN' }], ...answers })
  const r = renderUi(<SessionProvider>{ui}</SessionProvider>, { path, services: makeServices({ http }) })
  return { ...r, http }
}

beforeEach(() => {
  document.cookie = 'gmh_login=; max-age=0; path=/'
})
afterEach(cleanup)

describe('login and logout lists', () => {
  it('after a password login: stores the user, fetches follows and stock follows; logout clears follow, focus and stock lists', async () => {
    const { http } = renderWith(<Probe />, {
      'user.passwordLogin': loginInfo(),
      'friendships.followings': { list: [publicUser(11), publicUser(12)], hasMore: false, total: 2 },
      'userstock.listV2': [stock('HK00700'), stock('USAAPL')],
      'user.logout': true,
    })
    fireEvent.click(screen.getByText('open'))
    fireEvent.click(await screen.findByRole('tab', { name: '密码登录' }))
    fireEvent.change(screen.getByPlaceholderText('手机号或邮箱'), { target: { value: '13800138000' } })
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'secret12' } })
    fireEvent.click(screen.getByTestId('agree'))
    fireEvent.click(screen.getByTestId('login-submit'))
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('老股民'))
    await waitFor(() => expect(screen.getByTestId('stocks').textContent).toBe('HK00700,USAAPL'))
    expect(screen.getByTestId('follows').textContent).toBe('11,12')
    expect(http.callsTo('friendships.followings')[0]!.input!.query).toEqual({ page: '1', count: '500' })
    expect(http.callsTo('userstock.listV2')).toHaveLength(1)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    fireEvent.click(screen.getByText('focus'))
    expect(screen.getByTestId('focus').textContent).toBe('3')
    fireEvent.click(screen.getByText('logout'))
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('guest'))
    expect(http.callsTo('user.logout')).toHaveLength(1)
    expect(screen.getByTestId('follows').textContent).toBe('')
    expect(screen.getByTestId('stocks').textContent).toBe('')
    expect(screen.getByTestId('focus').textContent).toBe('')
  })

  it('a page loaded with a live session fetches the login info and both lists; a failed stock list leaves it empty', async () => {
    document.cookie = 'gmh_login=1; path=/'
    const { http } = renderWith(<Probe />, {
      'user.get': loginInfo({ nick: '回访者' }),
      'friendships.followings': { list: [publicUser(5)], hasMore: false, total: 1 },
      'userstock.listV2': () => Promise.reject(new ApiError({ statusCode: 500, message: '服务器繁忙，请稍后重试' })),
    })
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('回访者'))
    await waitFor(() => expect(screen.getByTestId('follows').textContent).toBe('5'))
    expect(http.callsTo('userstock.listV2')).toHaveLength(1)
    expect(screen.getByTestId('stocks').textContent).toBe('')
  })
})

describe('guards', () => {
  it('/chiefChatroom: a logged-out visitor is redirected to /chiefCircle', async () => {
    const r = renderWith(<RedirectGuestsToCircle><p>聊天室</p></RedirectGuestsToCircle>, {}, '/chiefChatroom')
    await waitFor(() => expect(r.location.history.at(-1)).toBe('/chiefCircle'))
    expect(screen.queryByText('聊天室')).toBeNull()
  })

  it('/chiefChatroom: a signed-in reader (hinted session) is not bounced while the info loads', async () => {
    document.cookie = 'gmh_login=1; path=/'
    let resolve!: (v: LoginInfo) => void
    const r = renderWith(<RedirectGuestsToCircle><p>聊天室</p></RedirectGuestsToCircle>, {
      'user.get': () => new Promise<LoginInfo>((res) => (resolve = res)),
      'friendships.followings': { list: [], hasMore: false, total: 0 },
      'userstock.listV2': [],
    }, '/chiefChatroom')
    await waitFor(() => expect(r.http.callsTo('user.get')).toHaveLength(1))
    expect(r.location.history.at(-1)).toBe('/chiefChatroom')
    expect(screen.queryByText('聊天室')).toBeNull()
    await act(async () => resolve(loginInfo()))
    expect(await screen.findByText('聊天室')).toBeTruthy()
    expect(r.location.history.at(-1)).toBe('/chiefChatroom')
  })

  it('/my/setting, /my/follower, /my/following show the not-logged-in panel to guests; its button opens the login dialog', async () => {
    for (const page of [<SettingPage key="s" />, <FriendsPage key="f" side="followers" />, <FriendsPage key="g" side="followings" />]) {
      const { http, unmount } = renderWith(page, {})
      expect(await screen.findByTestId('not-logged-in')).toBeTruthy()
      expect(screen.getByRole('heading', { name: '请先登录' })).toBeTruthy()
      expect(http.callsTo('friendships.followers')).toHaveLength(0)
      unmount()
    }
    renderWith(<SettingPage />, {})
    fireEvent.click(await screen.findByRole('button', { name: '立即登录' }))
    expect(await screen.findByRole('dialog')).toBeTruthy()
  })

  it('/my/follower pages: 50 a page, 加载更多 asks for the next page and adds it, until there is no more', async () => {
    document.cookie = 'gmh_login=1; path=/'
    const fans = Array.from({ length: 60 }, (_, i) => publicUser(100 + i, { nick: `粉丝${i + 1}` }))
    const { http } = renderWith(<FriendsPage side="followers" />, {
      'user.get': loginInfo(),
      'friendships.followings': { list: [], hasMore: false, total: 0 },
      'userstock.listV2': [],
      'friendships.followers': (input: { query?: Record<string, unknown> }) => {
        const page = Number(input.query?.page)
        return { list: fans.slice((page - 1) * 50, page * 50), hasMore: page * 50 < fans.length, total: fans.length }
      },
    })
    expect(await screen.findByText('粉丝50')).toBeTruthy()
    expect(screen.queryByText('粉丝51')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }))
    expect(await screen.findByText('粉丝60')).toBeTruthy()
    expect(screen.getByText('粉丝1')).toBeTruthy()
    expect(http.callsTo('friendships.followers').map((c) => c.input!.query)).toEqual([{ page: '1', count: '50' }, { page: '2', count: '50' }])
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull()
  })
})
