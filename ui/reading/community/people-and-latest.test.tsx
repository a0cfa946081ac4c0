// @vitest-environment jsdom
// Issue 25 in the community pages: /hotpost/latest (spec 000 §7 /api/post), 推荐关注 beside the posts for a
// signed-in reader (/api/follows/suggested/v1), and the industry-leader card on /recommend-users
// (spec 001 §7 /api/industry-leader/check/v1).
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { PostSummary, SuggestedUser } from '../../../core/api/reading-community'
import { fakeHttp, makeServices, page, renderUi } from '../../testing/render'
import { testSession, WithSession } from '../../testing/session'
import { HotpostPage } from './hotpost-page'
import { RecommendUsersPage } from './recommend-users-page'

afterEach(cleanup)

const post = (id: number, content: string): PostSummary => ({
  id, title: '', content, author: { id: 3, nick: '港股老王', avatar: '/a.svg' }, topic: null, stocks: [], pictureUrls: [], likeCount: 1, commentCount: 0, readCount: 10, createTimestamp: 1_710_000_000 - id,
})
const person = (id: number, nick: string, reason: SuggestedUser['reason']): SuggestedUser => ({ id, nick, avatar: '/a.svg', brief: '', fans: 100, postCount: 5, isFollow: false, reason })

const hotpostAnswers = () => ({
  'posts.list': page([post(2, '今天加仓了腾讯'), post(1, '美股科技股回调')], false),
  'posts.chart': page([post(9, '热帖一条')], false),
  'topics.hot': [],
  'follows.suggested': [person(21, '美股研究员', 'friends'), person(22, '港股老陈', 'stocks'), person(23, '财经小李', 'popular')],
})

describe('/hotpost/latest', () => {
  it('a tab beside the charts lists everyone\'s posts newest first from /api/post', async () => {
    const http = fakeHttp(hotpostAnswers())
    renderUi(<HotpostPage type="latest" />, { path: '/hotpost/latest', services: makeServices({ http }) })
    expect(await screen.findByText('今天加仓了腾讯')).toBeTruthy()
    expect(screen.getByText('美股科技股回调')).toBeTruthy()
    const tab = screen.getByRole('link', { name: '最新帖子' })
    expect(tab.getAttribute('href')).toBe('/hotpost/latest')
    expect(tab.getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: '24小时热帖' }).getAttribute('aria-current')).toBeNull()
    expect(http.callsTo('posts.list').map((c) => c.input)).toEqual([{ query: { page: 1, count: 20 } }])
    expect(http.callsTo('posts.chart')).toEqual([])
  })
})

describe('推荐关注 beside the posts', () => {
  it('a guest sees none and nothing is asked', async () => {
    const http = fakeHttp(hotpostAnswers())
    renderUi(<HotpostPage />, { path: '/hotpost', services: makeServices({ http }) })
    await screen.findByText('热帖一条')
    expect(screen.queryByRole('region', { name: '推荐关注更多' })).toBeNull()
    expect(screen.queryByText('美股研究员')).toBeNull()
    expect(http.callsTo('follows.suggested')).toEqual([])
  })

  it('a signed-in reader sees each person with why, a follow button and a link to more', async () => {
    const http = fakeHttp(hotpostAnswers())
    const actor = testSession({ id: 7 })
    renderUi(
      <WithSession actor={actor}>
        <HotpostPage />
      </WithSession>,
      { path: '/hotpost', services: makeServices({ http }) },
    )
    const box = (await screen.findByRole('heading', { level: 2, name: /推荐关注/ })).closest('section')!
    await waitFor(() => expect(within(box).getAllByRole('listitem')).toHaveLength(3))
    const [first, second, third] = within(box).getAllByRole('listitem')
    expect(within(first!).getByRole('link', { name: '美股研究员' }).getAttribute('href')).toBe('/user/21')
    expect(within(first!).getByText('你关注的人也关注了TA')).toBeTruthy()
    expect(within(second!).getByText('常聊你的自选股')).toBeTruthy()
    expect(within(third!).getByText('热门作者')).toBeTruthy()
    expect(within(first!).getByRole('button', { name: '关注' })).toBeTruthy()
    expect(within(box).getByRole('link', { name: '更多' }).getAttribute('href')).toBe('/recommend-users')
    expect(http.callsTo('follows.suggested').map((c) => c.input)).toEqual([{ query: { count: 5 } }])
  })

  it('nobody to suggest: no box', async () => {
    const http = fakeHttp({ ...hotpostAnswers(), 'follows.suggested': [] })
    renderUi(
      <WithSession actor={testSession({ id: 7 })}>
        <HotpostPage />
      </WithSession>,
      { path: '/hotpost', services: makeServices({ http }) },
    )
    await waitFor(() => expect(http.callsTo('follows.suggested')).toHaveLength(1))
    await screen.findByText('热帖一条')
    expect(screen.queryByRole('heading', { level: 2, name: /推荐关注/ })).toBeNull()
  })
})

describe('the industry-leader card on /recommend-users', () => {
  const users = { 'community.recommendUsers': [] }
  it('a certified adviser is told since when and led to the circle admin', async () => {
    const http = fakeHttp({ ...users, 'industryLeader.check': { userId: 99, isIndustryLeader: true, since: Date.UTC(2024, 0, 2, 4) / 1000 } })
    renderUi(
      <WithSession actor={testSession({ id: 99 })}>
        <RecommendUsersPage />
      </WithSession>,
      { path: '/recommend-users', services: makeServices({ http }) },
    )
    const card = await screen.findByRole('note', { name: '行业领袖认证' })
    expect(card.textContent).toContain('你已获行业领袖认证（2024-01-02起）')
    expect(within(card).getByRole('link', { name: '圈子管理' }).getAttribute('href')).toBe('/circle-admin')
    expect(http.callsTo('industryLeader.check').map((c) => c.input)).toEqual([{}])
  })

  it('a reader without one is led to the application; a guest sees no card and nothing is asked', async () => {
    const http = fakeHttp({ ...users, 'industryLeader.check': { userId: 7, isIndustryLeader: false, since: null } })
    renderUi(
      <WithSession actor={testSession({ id: 7 })}>
        <RecommendUsersPage />
      </WithSession>,
      { path: '/recommend-users', services: makeServices({ http }) },
    )
    const card = await screen.findByRole('note', { name: '行业领袖认证' })
    expect(within(card).getByRole('link', { name: '申请认证' }).getAttribute('href')).toBe('/audit')
    cleanup()
    const guest = fakeHttp({ ...users, 'industryLeader.check': { userId: 7, isIndustryLeader: false, since: null } })
    renderUi(<RecommendUsersPage />, { path: '/recommend-users', services: makeServices({ http: guest }) })
    await screen.findByRole('heading', { level: 1, name: '推荐用户' })
    await waitFor(() => expect(guest.callsTo('community.recommendUsers')).toHaveLength(1))
    expect(screen.queryByRole('note')).toBeNull()
    expect(guest.callsTo('industryLeader.check')).toEqual([])
  })
})
