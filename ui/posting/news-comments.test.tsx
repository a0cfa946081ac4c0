// @vitest-environment jsdom
// The comment slots' contents: comments under a news article; the discussion box on a stock page.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { CommentItem } from '../../core/api/posting'
import { loginInfoFixture } from '../../core/testing/login-info'
import { CommentSlotsProvider, useCommentSlots } from '../common/comment-slots'
import { fakeHttp, makeServices, renderUi, type FakeAnswer } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { postingCommentSlots } from './comment-slots'

afterEach(cleanup)

const me = { id: 1, nick: '老股民', avatar: '' }
const comment = (id: number, over: Partial<CommentItem> = {}): CommentItem => ({
  id, source: 'news', refId: 5, author: { id: 2, nick: '小王', avatar: '' }, content: `评论 ${id}`, pictureUrls: [], replyCommentId: null, replyUser: null,
  status: 'approved', likeCount: 0, replyCount: 0, createTimestamp: 1_700_000_000 + id, ...over,
})

/** A page as the app composes it: it asks the context for the slot; the app provides posting's. */
function Page({ kind }: { kind: 'news' | 'stock' }) {
  const slots = useCommentSlots()
  return <div data-testid="page">{kind === 'news' ? slots.news(5) : slots.stock('hk00700')}</div>
}

function render(kind: 'news' | 'stock', answers: Record<string, FakeAnswer>, provided = true) {
  const http = fakeHttp(answers)
  const page = <WithSession actor={testSession(loginInfoFixture({ id: me.id, nick: me.nick }))}><Page kind={kind} /></WithSession>
  renderUi(provided ? <CommentSlotsProvider value={postingCommentSlots}>{page}</CommentSlotsProvider> : page, { services: makeServices({ http }) })
  return http
}

describe('comment slots', () => {
  it('without the app\'s provider a page shows no comments', () => {
    render('news', {}, false)
    expect(screen.getByTestId('page').textContent).toBe('')
  })

  it('a news article: its comments (source news) and a box that comments on it', async () => {
    const http = render('news', { 'comments.article': { list: [{ ...comment(7), replies: [] }], hasMore: false }, 'comment.create': () => comment(9, { author: me, status: 'reviewing', content: '好文' }) })
    const list = await screen.findByRole('list', { name: '评论列表' })
    expect(await within(list).findByText('评论 7')).toBeTruthy()
    expect(http.callsTo('comments.article')[0]!.input?.params).toEqual({ id: 5 })
    const box = screen.getByLabelText('写下你的评论…')
    fireEvent.focus(box)
    fireEvent.change(box, { target: { value: '好文' } })
    fireEvent.click(screen.getByTestId('comment-submit'))
    expect(await within(list).findByText('好文')).toBeTruthy()
    expect(http.callsTo('comment.create')[0]!.input?.body).toMatchObject({ source: 'news', refId: 5, content: '好文' })
  })

  it('a stock page: the box publishes a stock comment post on that stock; the author sees it under review', async () => {
    const http = render('stock', { 'stockComment.post': { id: 31, kind: 'discussion', status: 'reviewing', title: '', content: '看好腾讯', html: '', createTimestamp: 1 } })
    const box = await screen.findByLabelText('说说你对这只股票的看法…')
    fireEvent.focus(box)
    fireEvent.change(box, { target: { value: '看好腾讯' } })
    fireEvent.click(screen.getByTestId('comment-submit'))
    const mine = await screen.findByTestId('stock-post')
    expect(within(mine).getByRole('link', { name: '看好腾讯' }).getAttribute('href')).toBe('/p/31')
    expect(mine.textContent).toContain('审核中')
    await waitFor(() => expect(http.callsTo('stockComment.post')[0]!.input?.body).toEqual({ content: '看好腾讯', stocks: ['hk00700'] }))
  })
})
