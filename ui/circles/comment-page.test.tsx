// @vitest-environment jsdom
// The social side of a circle's moment in the views (issue 27's leftovers): /chiefCircle/comment/{id} shows
// the moment and every comment with like, 删除 (when the server says the reader may) and 举报; a comment is
// sent through PUT /api/review/v1 with replyId; the owner sees an anonymous asker's name with 匿名, a
// member only 匿名用户; 举报 sends the chosen reason; /violation/{id} says why content was taken down, as
// text.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { CircleComment } from '../../core/api/circle-social'
import type { CircleDynamic } from '../../core/api/circles'
import type { Violation } from '../../core/api/interaction'
import { circleDynamicFixture } from '../../core/testing/circle-dynamic'
import { fakeHttp, makeServices, renderUi, type FakeAnswer } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { CircleCommentPage } from './comment-page'
import { ViolationPage } from './violation-page'

afterEach(cleanup)

const OWNER = { id: 9, nick: '港股老王', avatar: '', brief: '' }
const ASKER = { id: 7, nick: '小李', avatar: '', brief: '' }
const dynamic = (over: Partial<CircleDynamic> = {}): CircleDynamic => circleDynamicFixture({ author: OWNER, title: '本周调仓思路', content: '减持科网，增持高息股。', commentCount: 2, ...over })
const comment = (id: number, over: Partial<CircleComment> = {}): CircleComment => ({
  id,
  dynamicId: 50,
  author: ASKER,
  content: `评论 ${id}`,
  status: 'approved',
  likeCount: 1,
  liked: false,
  canDelete: false,
  createTimestamp: 1_710_000_100 + id,
  ...over,
})
const role = (r: 'member' | 'owner') => ({
  role: r,
  canRead: true,
  canPost: true,
  canAsk: r === 'member',
  canManage: r === 'owner',
  canJoin: false,
  expireTimestamp: null,
  inputMessage: '',
})
const intro = (r: 'member' | 'owner') => ({
  id: 3, type: 'FINANCIAL_CIRCLE', name: '港股价值圈', avatar: '', brief: '', owner: OWNER, memberCount: 1, dynamicCount: 1, price: null, createTimestamp: 1_710_000_000,
  intro: '', reviewStatus: 'approved', admins: [], sample: [], access: role(r),
})

function renderComments(answers: Record<string, FakeAnswer>, userId: number, r: 'member' | 'owner' = 'member') {
  const http = fakeHttp({ 'riskTip.list': [], 'moment.intro': intro(r), 'moment.dynamicDetail': dynamic(), ...answers })
  const session = testSession({ id: userId })
  renderUi(
    <WithSession actor={session}>
      <CircleCommentPage id={50} />
    </WithSession>,
    { path: '/chiefCircle/comment/50', services: makeServices({ http }) },
  )
  return http
}

describe('/chiefCircle/comment/{id}', () => {
  it('the moment and its comments page by page; like, delete own, complain about others; a comment sent with replyId', async () => {
    let list = [comment(2, { author: { ...ASKER, id: 5, nick: '阿May' }, canDelete: true }), comment(1)]
    const http = renderComments(
      {
        'moment.comments': () => ({ list, page: 1, count: 20, total: list.length, hasMore: false }),
        'moment.commentLike': { liked: true, likeCount: 2 },
        'moment.commentDelete': () => {
          list = list.filter((c) => c.id !== 2)
          return true
        },
        'user.complain': { id: 1 },
        'review.submit': dynamic(),
      },
      5,
    )
    expect(await screen.findByText('减持科网，增持高息股。')).toBeTruthy()
    const rows = await screen.findAllByTestId('circle-comment')
    expect(rows).toHaveLength(2)
    // own comment: 删除, no 举报; the other: 举报, no 删除
    expect(within(rows[0]!).getByTestId('circle-comment-delete')).toBeTruthy()
    expect(within(rows[0]!).queryByTestId('complain')).toBeNull()
    expect(within(rows[1]!).queryByTestId('circle-comment-delete')).toBeNull()

    fireEvent.click(within(rows[1]!).getByTestId('circle-comment-like'))
    await waitFor(() => expect(within(rows[1]!).getByTestId('circle-comment-like').textContent).toBe('已赞 2'))
    expect(http.callsTo('moment.commentLike')[0]!.input).toEqual({ params: { id: 1 } })

    fireEvent.click(within(rows[1]!).getByTestId('complain'))
    const dialog = await screen.findByTestId('complain-dialog')
    fireEvent.click(within(dialog).getByLabelText('辱骂攻击'))
    fireEvent.click(within(dialog).getByTestId('complain-send'))
    expect(await screen.findByText('举报已提交，我们会尽快处理')).toBeTruthy()
    expect(http.callsTo('user.complain')[0]!.input).toEqual({ params: { type: 'circleComment' }, body: { id: 1, reason: 'abuse' } })

    fireEvent.click(within(rows[0]!).getByTestId('circle-comment-delete'))
    await waitFor(() => expect(screen.getAllByTestId('circle-comment')).toHaveLength(1))

    fireEvent.change(screen.getByLabelText('写评论'), { target: { value: '同意，<b>高息</b>更稳' } })
    fireEvent.click(screen.getByTestId('circle-comment-send'))
    await waitFor(() => expect(http.callsTo('review.submit')).toHaveLength(1))
    expect(http.callsTo('review.submit')[0]!.input).toMatchObject({ body: { momentId: 3, replyId: 50 } })
  })

  it('closed comments give the spec message instead of the box', async () => {
    renderComments({ 'moment.dynamicDetail': dynamic({ commentsClosed: true }), 'moment.comments': { list: [], page: 1, count: 20, total: 0, hasMore: false } }, 5)
    expect(await screen.findByTestId('comment-blocked')).toBeTruthy()
    expect(screen.getByTestId('comment-blocked').textContent).toBe('该内容已限制评论')
    expect(screen.queryByTestId('circle-comment-box')).toBeNull()
  })

  it('an anonymous question: the owner sees the asker with 匿名; a member sees 匿名用户 and no mark', async () => {
    const q = dynamic({ kind: 'question', questionType: 'anonymity', anonymous: true, author: ASKER, title: '', content: '怎么看非农？' })
    const empty = { list: [], page: 1, count: 20, total: 0, hasMore: false }
    renderComments({ 'moment.dynamicDetail': q, 'moment.comments': empty }, OWNER.id, 'owner')
    const mark = await screen.findByTestId('mark-anonymous')
    expect(mark.textContent).toBe('匿名')
    expect(screen.getByRole('link', { name: '小李' })).toBeTruthy()
    cleanup()
    renderComments({ 'moment.dynamicDetail': { ...q, author: null }, 'moment.comments': empty }, 5)
    expect(await screen.findByText('匿名用户')).toBeTruthy()
    expect(screen.queryByTestId('mark-anonymous')).toBeNull()
  })
})

describe('/violation/{id}', () => {
  const v: Violation = { id: 4, source: 'circleDynamic', refId: 50, subject: '<img src=x onerror=alert(1)>加群', reason: '<b>引流</b>广告', appealStatus: 'none', createTimestamp: 1_710_000_000 }

  it('says why, as text, and links back to the moment', async () => {
    const http = fakeHttp({ 'violation.detail': v })
    const { container } = renderUi(
      <WithSession actor={testSession({ id: 5 })}>
        <ViolationPage id={4} />
      </WithSession>,
      { path: '/violation/4', services: makeServices({ http }) },
    )
    expect((await screen.findByTestId('violation-reason')).textContent).toBe('<b>引流</b>广告')
    expect(screen.getByTestId('violation-subject').textContent).toBe('<img src=x onerror=alert(1)>加群')
    expect(container.querySelector('img[src="x"], b')).toBeNull()
    expect(screen.getByRole('link', { name: '查看原内容' }).getAttribute('href')).toBe('/chiefCircle/comment/50')
  })
})
