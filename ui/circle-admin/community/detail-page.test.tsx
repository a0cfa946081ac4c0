// @vitest-environment jsdom
// The console's community pages (issue 29; spec 001 §2 community-admin/community-detail/{momentId} with
// its tabs, community-list, community-create, community-summary): each tab renders what its call answers
// and sends the console's calls with the right body; the forms check before sending; a refusal is shown.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdminComment, AdminCommunityDetail, AdminMember, AdminPost, AdminTag, CommunitySummary } from '../../../core/api/circle-admin-communities'
import { COMMUNITY_MESSAGES as M, type DetailTab, type QaTab } from '../../../core/circle-admin/communities'
import { circleDynamicFixture } from '../../../core/testing/circle-dynamic'
import { renderForAdviser } from '../../testing/adviser'
import { clearPlots, plots } from '../../testing/fake-uplot'
import { CommunityDetailPage } from './detail-page'
import { CommunityFormPage, CommunityListPage } from './list-pages'
import { CommunitySummaryPage } from './summary-page'

vi.mock('uplot', () => import('../../testing/fake-uplot'))
afterEach(() => {
  cleanup()
  clearPlots()
})

const ID = 7
const adviser = { id: 1, nick: '港股老周' }
const user = (id: number, nick: string) => ({ id, nick, avatar: '', brief: '' })
const community = (over: Partial<AdminCommunityDetail> = {}): AdminCommunityDetail => ({
  momentId: ID,
  type: 'FINANCIAL_CIRCLE',
  name: '老周港股实战圈',
  avatar: '',
  brief: '每日盘前策略',
  role: 'owner',
  reviewStatus: 'approved',
  paid: true,
  memberCount: 6,
  dynamicCount: 12,
  unansweredCount: 2,
  createTimestamp: 1_790_000_000,
  intro: '圈主港股老周',
  tip: '',
  announcement: '',
  announcementTimestamp: null,
  owner: user(1, '港股老周'),
  admins: [user(2, '港漂投资日记')],
  answeredCount: 3,
  commentCount: 9,
  ...over,
})
const post = (id: number, over: Partial<AdminPost> = {}): AdminPost => ({
  ...circleDynamicFixture({ dynamicId: id, momentId: ID, author: user(30 + id, `成员${id}`), content: `第 ${id} 条动态`, createTimestamp: 1_795_000_000 + id }),
  preview: false,
  ...over,
})
const page = <T,>(list: T[]) => ({ list, hasMore: false, total: list.length, page: 1 })
const member = (id: number, over: Partial<AdminMember> = {}): AdminMember => ({
  user: user(id, `成员${id}`),
  momentId: ID,
  communityName: '老周港股实战圈',
  role: 'member',
  joinTimestamp: 1_790_000_000,
  expireTimestamp: null,
  publishable: true,
  muted: false,
  ...over,
})

function renderDetail(tab: DetailTab, answers: Record<string, unknown> = {}, sub: QaTab = 'qa-unanswered', detail = community()) {
  const path = `/circle-admin/community-admin/community-detail/${ID}/${tab}`
  return renderForAdviser(<CommunityDetailPage momentId={ID} tab={tab} sub={sub} />, { answers: { 'circleAdmin.community.detail': detail, ...answers }, path, adviser }).http
}

describe('the detail page', () => {
  it('shows the spec\'s tabs and the community\'s facts', async () => {
    renderDetail('detail')
    const tabs = await screen.findAllByRole('tab')
    expect(tabs.map((x) => x.textContent)).toEqual(['社群详情', '公告', '动态', '置顶', '精华', '预览', '问答', '评论', '标签', '成员', '发布权限'])
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('社群详情')
    const facts = screen.getByTestId('community-detail-facts')
    expect(within(facts).getByText('港股老周')).toBeTruthy()
    expect(within(facts).getByText('港漂投资日记')).toBeTruthy()
    expect(within(screen.getByTestId('community-detail-stats')).getByText('9')).toBeTruthy()
  })
})

describe('set-top', () => {
  it('pins the member\'s post: the call carries the post, the list is read again with its mark', async () => {
    let pinned = false
    const http = renderDetail('set-top', {
      'circleAdmin.community.posts': () => page([post(11, { top: pinned }), post(12)]),
      'circleAdmin.community.postTop': () => {
        pinned = true
        return post(11, { top: true })
      },
    })
    const row = (await screen.findAllByTestId('community-post-row'))[0]!
    expect(http.callsTo('circleAdmin.community.posts')[0]!.input).toMatchObject({ params: { momentId: ID }, query: { kind: 'all', page: 1 } })
    fireEvent.click(within(row).getByTestId('community-set-top'))
    await waitFor(() => expect(http.callsTo('circleAdmin.community.postTop')[0]?.input).toEqual({ params: { momentId: ID }, body: { dynamicId: 11, top: true } }))
    await waitFor(() => expect(within(screen.getAllByTestId('community-post-row')[0]!).getByTestId('community-set-top').textContent).toBe('取消置顶'))
    expect(within(screen.getAllByTestId('community-post-row')[0]!).getByTestId('community-post-marks').textContent).toContain('置顶')
  })

  it('"only marked" lists the pinned ones', async () => {
    const http = renderDetail('set-top', { 'circleAdmin.community.posts': page([post(11, { top: true })]) })
    fireEvent.click(await screen.findByTestId('community-post-only-marked'))
    await waitFor(() => expect(http.callsTo('circleAdmin.community.posts').at(-1)!.input).toMatchObject({ query: { kind: 'top' } }))
  })
})

describe('set-essence, set-preview, post', () => {
  it('marks essence, chooses a preview (a post under review cannot be one), restricts comments', async () => {
    const http = renderDetail('set-preview', {
      'circleAdmin.community.posts': page([post(21), post(22, { status: 'reviewing' })]),
      'circleAdmin.community.postPreview': post(21, { preview: true }),
    })
    const rows = await screen.findAllByTestId('community-post-row')
    expect(http.callsTo('circleAdmin.community.posts')[0]!.input).toMatchObject({ query: { kind: 'dynamic' } })
    expect((within(rows[1]!).getByTestId('community-set-preview') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(within(rows[0]!).getByTestId('community-set-preview'))
    await waitFor(() => expect(http.callsTo('circleAdmin.community.postPreview')[0]?.input).toEqual({ params: { momentId: ID }, body: { dynamicId: 21, preview: true } }))
    cleanup()

    const essence = renderDetail('set-essence', { 'circleAdmin.community.posts': page([post(23, { essence: true })]), 'circleAdmin.community.postEssence': post(23) })
    fireEvent.click(await screen.findByTestId('community-set-essence'))
    await waitFor(() => expect(essence.callsTo('circleAdmin.community.postEssence')[0]?.input).toEqual({ params: { momentId: ID }, body: { dynamicId: 23, essence: false } }))
    cleanup()

    const posts = renderDetail('post', { 'circleAdmin.community.posts': page([post(24, { status: 'rejected' })]), 'circleAdmin.community.postCommentSwitch': post(24, { commentsClosed: true }) })
    expect((await screen.findByTestId('community-post-marks')).textContent).toContain('未通过')
    fireEvent.click(screen.getByTestId('community-comment-switch'))
    await waitFor(() => expect(posts.callsTo('circleAdmin.community.postCommentSwitch')[0]?.input).toEqual({ params: { momentId: ID }, body: { dynamicId: 24, commentsClosed: true } }))
  })
})

describe('qa', () => {
  it('qa-unanswered: an empty answer is refused before sending; an answer is sent and the question leaves the list', async () => {
    let answered = false
    const question = post(31, { kind: 'question', questionType: 'anonymity', anonymous: true, content: '港股通额度用完了怎么办？' })
    const http = renderDetail('qa', {
      'circleAdmin.community.posts': () => page(answered ? [] : [question]),
      'circleAdmin.community.answer': () => {
        answered = true
        return { ...question, answer: { author: user(1, '港股老周'), content: '等下一个交易日', createTimestamp: 1 } }
      },
    })
    expect(await screen.findByText('港股通额度用完了怎么办？')).toBeTruthy()
    expect(http.callsTo('circleAdmin.community.posts')[0]!.input).toMatchObject({ query: { kind: 'unanswered' } })
    expect(screen.getByText('（匿名）')).toBeTruthy()
    fireEvent.click(screen.getByTestId('community-answer-submit'))
    expect(await screen.findByText(M.answerRequired)).toBeTruthy()
    expect(http.callsTo('circleAdmin.community.answer')).toEqual([])
    fireEvent.change(screen.getByTestId('community-answer-input'), { target: { value: '等下一个交易日' } })
    fireEvent.click(screen.getByTestId('community-answer-submit'))
    await waitFor(() => expect(http.callsTo('circleAdmin.community.answer')[0]?.input).toEqual({ params: { momentId: ID }, body: { dynamicId: 31, content: '等下一个交易日' } }))
    expect(await screen.findByText('没有提问')).toBeTruthy()
  })

  it('qa-answered shows each answer; a refusal from the server is shown', async () => {
    renderDetail('qa', { 'circleAdmin.community.posts': page([post(32, { kind: 'question', questionType: 'public', answer: { author: user(2, '港漂投资日记'), content: '看好', createTimestamp: 1 } })]) }, 'qa-answered')
    expect((await screen.findByTestId('community-answer')).textContent).toContain('港漂投资日记 回答')
    cleanup()
    renderDetail('qa', {
      'circleAdmin.community.posts': page([post(33, { kind: 'question', questionType: 'public' })]),
      'circleAdmin.community.answer': () => Promise.reject(Object.assign(new Error('该提问已回答'), { statusCode: 400 })),
    })
    fireEvent.change(await screen.findByTestId('community-answer-input'), { target: { value: '答' } })
    fireEvent.click(screen.getByTestId('community-answer-submit'))
    expect((await screen.findByTestId('community-write-failure')).textContent).toBe('该提问已回答')
  })
})

describe('comment, user, privilege', () => {
  const comment: AdminComment = { id: 41, dynamicId: 11, dynamicTitle: '本周调仓思路', commentsClosed: false, author: user(35, '成员5'), content: '学到了', status: 'approved', likeCount: 2, createTimestamp: 1_795_000_100 }
  it('comment: restricting the post and deleting (asked once more) send the console\'s calls', async () => {
    const http = renderDetail('comment', { 'circleAdmin.community.comments': page([comment]), 'circleAdmin.community.commentDelete': true, 'circleAdmin.community.postCommentSwitch': post(11, { commentsClosed: true }) })
    fireEvent.click(await screen.findByTestId('community-comment-restrict'))
    await waitFor(() => expect(http.callsTo('circleAdmin.community.postCommentSwitch')[0]?.input).toEqual({ params: { momentId: ID }, body: { dynamicId: 11, commentsClosed: true } }))
    const del = screen.getByTestId('community-comment-delete')
    fireEvent.click(del)
    expect(http.callsTo('circleAdmin.community.commentDelete')).toEqual([])
    expect(del.textContent).toBe('确认删除')
    fireEvent.click(del)
    await waitFor(() => expect(http.callsTo('circleAdmin.community.commentDelete')[0]?.input).toEqual({ params: { momentId: ID, commentId: 41 } }))
  })

  it('user mutes and removes; privilege switches publishing off', async () => {
    const http = renderDetail('user', { 'circleAdmin.community.members': page([member(51)]), 'circleAdmin.community.memberSet': member(51, { muted: true }), 'circleAdmin.community.memberRemove': true })
    fireEvent.click(await screen.findByTestId('community-member-mute'))
    await waitFor(() => expect(http.callsTo('circleAdmin.community.memberSet')[0]?.input).toEqual({ params: { momentId: ID, userId: 51 }, body: { muted: true } }))
    fireEvent.click(screen.getByTestId('community-member-remove'))
    fireEvent.click(screen.getByTestId('community-member-remove'))
    await waitFor(() => expect(http.callsTo('circleAdmin.community.memberRemove')[0]?.input).toEqual({ params: { momentId: ID, userId: 51 } }))
    cleanup()
    const p = renderDetail('privilege', { 'circleAdmin.community.members': page([member(52, { publishable: false })]), 'circleAdmin.community.memberSet': member(52) })
    expect((await screen.findByTestId('community-member-row')).textContent).toContain('禁止发布')
    fireEvent.click(screen.getByTestId('community-member-publishable'))
    await waitFor(() => expect(p.callsTo('circleAdmin.community.memberSet')[0]?.input).toEqual({ params: { momentId: ID, userId: 52 }, body: { publishable: true } }))
  })
})

describe('tags and announcement', () => {
  const tags: AdminTag[] = [
    { tagId: 1, tagName: '全部', isDefault: true, adminOnly: false, count: 10 },
    { tagId: 2, tagName: '复盘', isDefault: false, adminOnly: false, count: 3 },
  ]
  it('tags: a repeated name is refused before sending; add, rename, delete; the default tag has no actions', async () => {
    const http = renderDetail('tags', { 'circleAdmin.community.tags': tags, 'circleAdmin.community.tagCreate': tags[1], 'circleAdmin.community.tagEdit': tags[1], 'circleAdmin.community.tagDelete': true })
    const rows = await screen.findAllByTestId('community-tag-row')
    expect(within(rows[0]!).queryByTestId('community-tag-rename')).toBeNull()
    fireEvent.change(screen.getByTestId('community-tag-name'), { target: { value: '复盘' } })
    fireEvent.click(screen.getByTestId('community-tag-add'))
    expect(await screen.findByText(M.tagExists)).toBeTruthy()
    fireEvent.change(screen.getByTestId('community-tag-name'), { target: { value: '港股通' } })
    fireEvent.click(screen.getByTestId('community-tag-add'))
    await waitFor(() => expect(http.callsTo('circleAdmin.community.tagCreate')[0]?.input).toEqual({ params: { momentId: ID }, body: { tagName: '港股通', adminOnly: false } }))
    fireEvent.click(within(rows[1]!).getByTestId('community-tag-rename'))
    fireEvent.change(screen.getByTestId('community-tag-rename-input'), { target: { value: '南向资金' } })
    fireEvent.click(screen.getByTestId('community-tag-save'))
    await waitFor(() => expect(http.callsTo('circleAdmin.community.tagEdit')[0]?.input).toEqual({ params: { momentId: ID, tagId: 2 }, body: { tagName: '南向资金' } }))
    const del = within(screen.getAllByTestId('community-tag-row')[1]!).getByTestId('community-tag-delete')
    fireEvent.click(del)
    fireEvent.click(del)
    await waitFor(() => expect(http.callsTo('circleAdmin.community.tagDelete')[0]?.input).toEqual({ params: { momentId: ID, tagId: 2 } }))
  })

  it('announcement: too long cannot be sent; one is published', async () => {
    const http = renderDetail('announcement', { 'circleAdmin.community.announcement': community({ announcement: '周五休市' }) })
    const input = await screen.findByTestId('community-announcement-input')
    fireEvent.change(input, { target: { value: '公'.repeat(501) } })
    expect(screen.getByText(M.announcementTooLong)).toBeTruthy()
    expect((screen.getByTestId('community-announcement-save') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(input, { target: { value: '周五休市' } })
    fireEvent.click(screen.getByTestId('community-announcement-save'))
    await waitFor(() => expect(http.callsTo('circleAdmin.community.announcement')[0]?.input).toEqual({ params: { momentId: ID }, body: { announcement: '周五休市' } }))
    expect(await screen.findByTestId('community-announcement-saved')).toBeTruthy()
  })
})

describe('list, create and summary', () => {
  it('the list searches by name and filters by type', async () => {
    const { http } = renderForAdviser(<CommunityListPage />, { answers: { 'circleAdmin.community.list': page([community()]) }, path: '/circle-admin/community-admin/community-list', adviser })
    expect((await screen.findByTestId('community-row')).textContent).toContain('老周港股实战圈')
    fireEvent.change(screen.getByTestId('community-search'), { target: { value: '实战' } })
    fireEvent.submit(screen.getByTestId('community-search').closest('form')!)
    fireEvent.change(screen.getByTestId('community-filter-type'), { target: { value: 'GROUP' } })
    await waitFor(() => expect(http.callsTo('circleAdmin.community.list').at(-1)!.input).toMatchObject({ query: { keyword: '实战', type: 'GROUP', page: 1 } }))
  })

  it('create: the form names the failing fields before sending, then creates', async () => {
    const answers = { 'circleAdmin.community.create': community({ momentId: 99, type: 'GROUP' }), 'circleAdmin.community.detail': community({ momentId: 99 }) }
    const { http } = renderForAdviser(<CommunityFormPage momentId={null} />, { answers, path: '/circle-admin/community-admin/community-list/community-create', adviser })
    fireEvent.click(await screen.findByTestId('community-form-submit'))
    expect(await screen.findByText(M.nameRequired)).toBeTruthy()
    expect(screen.getByText(M.briefRequired)).toBeTruthy()
    expect(http.callsTo('circleAdmin.community.create')).toEqual([])
    fireEvent.change(screen.getByTestId('community-form-name'), { target: { value: '港股打新小组' } })
    fireEvent.change(screen.getByTestId('community-form-brief'), { target: { value: '一起研究招股书' } })
    fireEvent.click(screen.getByTestId('community-form-submit'))
    await waitFor(() => expect(http.callsTo('circleAdmin.community.create')[0]?.input).toEqual({ body: { name: '港股打新小组', brief: '一起研究招股书', intro: '', tip: '' } }))
  })

  it('summary: the counts and the chart of the last days', async () => {
    const summary: CommunitySummary = {
      communityCount: 2,
      memberCount: 12,
      postCount: 30,
      questionCount: 5,
      answeredCount: 3,
      unansweredCount: 2,
      commentCount: 40,
      days: [
        { day: 1_795_000_000, members: 1, posts: 2, comments: 3 },
        { day: 1_795_086_400, members: 0, posts: 1, comments: 4 },
      ],
    }
    const answers = { 'circleAdmin.community.summary': summary, 'circleAdmin.community.list': page([community()]) }
    renderForAdviser(<CommunitySummaryPage />, { answers, path: '/circle-admin/community-admin/community-summary', adviser })
    expect(within(await screen.findByTestId('community-summary-stats')).getByText('40')).toBeTruthy()
    await waitFor(() => expect(plots()).toHaveLength(1))
    expect(plots()[0]!.data).toEqual([
      [1_795_000_000, 1_795_086_400],
      [1, 0],
      [2, 1],
      [3, 4],
    ])
  })
})
