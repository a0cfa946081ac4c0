// @vitest-environment jsdom
// /user/{id} and its {type} tabs (spec 000 §2 'Personal area'): posts, articles, follows, fans; the fans
// count by the k rule (spec 000 §9); guests at /user get the not-logged-in panel.
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { PublicUser } from '../../core/api/accounts'
import type { Dynamic } from '../../core/api/interaction'
import { loginInfoFixture } from '../../core/testing/login-info'
import { fakeHttp, makeServices, renderUi, type FakeAnswer } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { UserHomePage, MyHomePage } from './user-page'

afterEach(cleanup)

const person = (id: number, over: Partial<PublicUser> = {}): PublicUser => ({
  id, nick: `用户${id}`, avatar: '', brief: '', roles: [], membership: null, level: { currentLevel: 1 },
  userCount: { fans: 0, follow: 0, favorite: 0, post: 0, optionalStock: 0 }, isFollow: false, ...over,
})
const dynamic = (id: number, over: Partial<Dynamic> = {}): Dynamic => ({
  id, kind: 'discussion', status: 'approved', title: '', content: `帖子 ${id}`, html: '', author: { id: 42, nick: '港股老王', avatar: '' }, topic: null, stocks: [], pictureUrls: [],
  likeCount: 0, commentCount: 0, favCount: 0, readCount: 0, top: false, essence: false, commentsClosed: false, liked: false, favorited: false,
  reviewMessage: '', createTimestamp: 1_700_000_000 - id, ...over,
})

function render(ui: React.ReactElement, answers: Record<string, FakeAnswer>, opts: { signedIn?: boolean; path?: string } = {}) {
  const http = fakeHttp(answers)
  const session = opts.signedIn ? testSession(loginInfoFixture({ id: 7, nick: '我' })) : testSession()
  const { hook } = memoryLocation({ path: opts.path ?? '/user/42', record: true })
  renderUi(
    <Router hook={hook}>
      <WithSession actor={session}>{ui}</WithSession>
    </Router>,
    { services: makeServices({ http }) },
  )
  return http
}

describe('a user homepage', () => {
  it('shows the user, the counts (fans by the k rule) and the posts tab by default, pinned and essence marked', async () => {
    const http = render(<UserHomePage id={42} type={undefined} />, {
      'user.getDetail': person(42, { nick: '港股老王', brief: '价值投资', userCount: { fans: 12345, follow: 8, favorite: 0, post: 3, optionalStock: 0 } }),
      'dynamic.myDynamics': { list: [dynamic(1, { top: true }), dynamic(2, { essence: true })], hasMore: false },
    })
    expect(await screen.findByRole('heading', { level: 1, name: '港股老王' })).toBeTruthy()
    expect(screen.getByText('价值投资')).toBeTruthy()
    expect(screen.getByTestId('count-fans').textContent).toContain('12.35k')
    expect(screen.getByTestId('count-follows').textContent).toContain('8')
    const tabs = screen.getByRole('navigation', { name: '主页内容' })
    expect(within(tabs).getByRole('link', { name: /帖子/ }).getAttribute('aria-current')).toBe('page')
    expect(within(tabs).getByRole('link', { name: /粉丝/ }).getAttribute('href')).toBe('/user/42/fans')
    const list = await screen.findByRole('list', { name: '帖子' })
    expect(within(list).getByRole('link', { name: '帖子 1' }).getAttribute('href')).toBe('/p/1')
    expect(within(list).getByText('置顶')).toBeTruthy()
    expect(within(list).getByText('精华')).toBeTruthy()
    expect(http.callsTo('dynamic.myDynamics')[0]!.input?.query).toMatchObject({ userId: 42, article: false })
  })

  it('the articles tab asks for long articles; the fans tab pages through the fans', async () => {
    const http = render(<UserHomePage id={42} type="fans" />, {
      'user.getDetail': person(42),
      'friendships.followers': (input: { query?: { page?: number } } | undefined) =>
        input?.query?.page === 1 ? { list: [person(5, { nick: '粉丝甲', brief: '长线' })], hasMore: true } : { list: [person(6, { nick: '粉丝乙' })], hasMore: false },
    })
    const list = await screen.findByRole('list', { name: '粉丝' })
    expect(await within(list).findByRole('link', { name: '粉丝甲' })).toBeTruthy()
    expect(within(list).getByText('长线')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }))
    expect(await within(list).findByRole('link', { name: '粉丝乙' })).toBeTruthy()
    expect(http.callsTo('friendships.followers').map((c) => c.input?.query)).toEqual([
      { userId: 42, page: 1, count: 20 },
      { userId: 42, page: 2, count: 20 },
    ])
    cleanup()
    const http2 = render(<UserHomePage id={42} type="articles" />, { 'user.getDetail': person(42), 'dynamic.myDynamics': { list: [dynamic(3, { kind: 'article', title: '长文一篇' })], hasMore: false } })
    expect(await screen.findByRole('link', { name: '长文一篇' })).toBeTruthy()
    expect(http2.callsTo('dynamic.myDynamics')[0]!.input?.query).toMatchObject({ article: true })
  })

  it('an unknown user or tab: 用户不存在', async () => {
    render(<UserHomePage id={42} type="nope" />, { 'user.getDetail': person(42) })
    expect(await screen.findByText('用户不存在')).toBeTruthy()
    cleanup()
    render(<UserHomePage id={9} type={undefined} />, { 'user.getDetail': () => Promise.reject({ statusCode: 404, message: '用户不存在' }) })
    expect(await screen.findByText('用户不存在')).toBeTruthy()
  })

  it('/user: guests get the not-logged-in panel; a signed-in reader sees their own homepage', async () => {
    render(<MyHomePage />, {})
    expect(await screen.findByTestId('not-logged-in')).toBeTruthy()
    cleanup()
    render(<MyHomePage />, { 'user.getDetail': person(7, { nick: '我' }), 'dynamic.myDynamics': { list: [], hasMore: false } }, { signedIn: true })
    expect(await screen.findByRole('heading', { level: 1, name: '我' })).toBeTruthy()
  })
})
