// @vitest-environment jsdom
// /p/{id}: the post, its like and favourite, and its comments (spec 000 §2, §4, §5, §7).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { CommentItem, CommentThread } from '../../core/api/posting'
import type { Dynamic } from '../../core/api/interaction'
import { loginInfoFixture } from '../../core/testing/login-info'
import { fakeHttp, makeServices, renderUi, type FakeAnswer } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { PostPage, Related } from './post-page'

afterEach(cleanup)

const me = { id: 1, nick: '老股民', avatar: '' }
const other = { id: 2, nick: '小王', avatar: '' }
const post = (over: Partial<Dynamic> = {}): Dynamic => ({
  id: 5, kind: 'discussion', title: '腾讯财报点评', content: '第一段\n第二段', html: '', author: other, topic: null, stocks: [{ id: 'hk00700', name: '腾讯控股' }], pictureUrls: [],
  likeCount: 3, commentCount: 1, readCount: 10, createTimestamp: 1_700_000_000, status: 'approved', favCount: 0, top: false, essence: false,
  commentsClosed: false, liked: false, favorited: false, reviewMessage: '', ...over,
})
const comment = (id: number, over: Partial<CommentItem> = {}): CommentItem => ({
  id, source: 'post', refId: 5, author: other, content: `评论 ${id}`, pictureUrls: [], replyCommentId: null, replyUser: null, status: 'approved',
  likeCount: 0, replyCount: 0, createTimestamp: 1_700_000_000 + id, ...over,
})
const thread = (c: CommentItem, replies: CommentItem[] = []): CommentThread => ({ ...c, replies, replyCount: replies.length })

function render(answers: Record<string, FakeAnswer>, signedIn = true) {
  const http = fakeHttp({ 'posts.recommend': [], 'post.recordRead': true, ...answers })
  const session = signedIn ? testSession(loginInfoFixture({ id: me.id, nick: me.nick })) : testSession()
  renderUi(<WithSession actor={session}><PostPage id={5} /></WithSession>, { services: makeServices({ http }) })
  return { http, session }
}

describe('the post page', () => {
  it("a long article's body is the server's HTML through the one sanitiser: links and images stay, handlers and script addresses go", async () => {
    const html = '<p>正文<a class="rt-link" href="https://www.hkex.com.hk" rel="nofollow">港交所</a><img class="rt-image" src="/file/a.png" alt=""></p><img src=x onerror="alert(1)"><a href="javascript:alert(2)">坏链接</a><script>alert(3)</script>'
    render({ 'dynamic.detail': post({ kind: 'article', content: '正文港交所', html }), 'comments.dynamic': { list: [], hasMore: false } })
    const link = await screen.findByRole('link', { name: '港交所' })
    expect(link.getAttribute('href')).toBe('https://www.hkex.com.hk')
    const body = screen.getByTestId('post-body')
    expect(body.querySelector('img.rt-image')?.getAttribute('src')).toBe('/file/a.png')
    expect(body.querySelector('script')).toBeNull()
    expect(Array.from(body.querySelectorAll('*')).flatMap((el) => Array.from(el.attributes).filter((a) => /^on/i.test(a.name) || /^\s*javascript:/i.test(a.value)).map((a) => a.name))).toEqual([])
  })

  it('shows a closed comment section and the reader\'s own like from the dynamic', async () => {
    render({ 'dynamic.detail': post({ commentsClosed: true, liked: true, likeCount: 4 }), 'comments.dynamic': { list: [], hasMore: false } })
    expect((await screen.findByTestId('comments-blocked')).textContent).toBe('该内容已限制评论')
    expect(screen.getByTestId('post-like').textContent).toBe('已赞 4')
  })

  it('shows the post, its stocks and its comment threads with replies', async () => {
    render({ 'dynamic.detail': post(), 'comments.dynamic': { list: [thread(comment(7), [comment(8, { author: me, replyUser: other, replyCommentId: 7 })])], hasMore: false } })
    expect(await screen.findByRole('heading', { level: 1, name: '腾讯财报点评' })).toBeTruthy()
    expect(screen.getByText('第一段')).toBeTruthy()
    expect(screen.getByRole('link', { name: '$腾讯控股$' }).getAttribute('href')).toBe('/stock/hk00700')
    const list = await screen.findByRole('list', { name: '评论列表' })
    expect(await within(list).findByText('评论 7')).toBeTruthy()
    const replies = within(list).getByRole('list', { name: '回复列表' })
    expect(within(replies).getByText('评论 8')).toBeTruthy()
    // own reply: delete; another's comment: complain
    expect(within(replies).getByRole('button', { name: '删除' })).toBeTruthy()
    expect(within(list).getAllByRole('button', { name: '举报' })).toHaveLength(1)
  })

  it('the comment box: submit only with text (core rule), sends the comment and shows it under review', async () => {
    const { http } = render({
      'dynamic.detail': post(),
      'comments.dynamic': { list: [], hasMore: false },
      'comment.create': () => comment(9, { author: me, status: 'reviewing', content: '同意\n看多' }),
    })
    const box = await screen.findByLabelText('写下你的评论…')
    fireEvent.focus(box)
    const submit = screen.getByTestId('comment-submit') as HTMLButtonElement
    expect(submit.disabled).toBe(true)
    expect(screen.getByTestId('comment-box').getAttribute('data-expanded')).toBe('true')
    fireEvent.change(box, { target: { value: '  ' } })
    expect(submit.disabled).toBe(true)
    fireEvent.change(box, { target: { value: '同意\n看多' } })
    expect(submit.disabled).toBe(false)
    fireEvent.click(submit)
    await waitFor(() => expect(http.callsTo('comment.create')).toHaveLength(1))
    expect(http.callsTo('comment.create')[0]!.input?.body).toEqual({ source: 'post', refId: 5, content: '同意<br>看多', replyCommentId: null })
    const list = screen.getByRole('list', { name: '评论列表' })
    expect(await within(list).findByText('审核中')).toBeTruthy()
  })

  it('replying sends replyCommentId; liking a comment shows the count the server answers', async () => {
    const { http } = render({
      'dynamic.detail': post(),
      'comments.dynamic': { list: [thread(comment(7))], hasMore: false },
      'comment.create': comment(10, { author: me, replyCommentId: 7, replyUser: other, content: '回复内容' }),
      'comment.like': { liked: true, likeCount: 1 },
    })
    const list = await screen.findByRole('list', { name: '评论列表' })
    await within(list).findByText('评论 7')
    fireEvent.click(within(list).getByRole('button', { name: '回复' }))
    const reply = await screen.findByLabelText('回复 小王：')
    fireEvent.change(reply, { target: { value: '回复内容' } })
    fireEvent.click(within(list).getByTestId('comment-submit'))
    expect(await within(list).findByText('回复内容')).toBeTruthy()
    expect((http.callsTo('comment.create')[0]!.input?.body as { replyCommentId: number }).replyCommentId).toBe(7)
    fireEvent.click(within(list).getAllByTestId('comment-like')[1]!)
    await waitFor(() => expect(within(list).getAllByTestId('comment-like')[1]!.textContent).toBe('已赞 1'))
  })

  it('content under review blocks the input with 内容审核中', async () => {
    render({ 'dynamic.detail': post({ status: 'reviewing', author: me }), 'comments.dynamic': { list: [], hasMore: false } })
    expect((await screen.findByTestId('comments-blocked')).textContent).toBe('内容审核中')
    expect(screen.queryByTestId('comment-box')).toBeNull()
  })

  it('a guest who comments gets the login dialog first and sends nothing', async () => {
    const { http, session } = render({ 'dynamic.detail': post(), 'comments.dynamic': { list: [], hasMore: false } }, false)
    const box = await screen.findByLabelText('写下你的评论…')
    fireEvent.focus(box)
    fireEvent.change(box, { target: { value: '你好' } })
    fireEvent.click(screen.getByTestId('comment-submit'))
    await waitFor(() => expect(session.getSnapshot().context.login).not.toBeNull())
    expect(http.callsTo('comment.create')).toEqual([])
  })

  it('a fast change of post shows the new post and its related posts, never the old one\'s late answers', async () => {
    // post 5's related posts come last: they must not land on post 6's page
    const late: (() => void)[] = []
    const slow = <T,>(value: T) => new Promise<T>((resolve) => late.push(() => resolve(value)))
    const related = (id: number, title: string) => ({ ...post({ id, title }) })
    const http = fakeHttp({
      'post.recordRead': true,
      'comments.dynamic': { list: [], hasMore: false },
      'dynamic.detail': (input: { params?: Record<string, unknown> } | undefined) =>
        input?.params?.id === 5 ? post({ id: 5, title: '旧帖' }) : post({ id: 6, title: '新帖' }),
      'posts.recommend': (input: { query?: Record<string, unknown> } | undefined) =>
        input?.query?.postId === 5 ? slow([related(50, '旧帖的相关')]) : [related(60, '新帖的相关')],
    })
    const session = testSession(loginInfoFixture({ id: me.id, nick: me.nick }))
    const view = renderUi(<WithSession actor={session}><PostPage id={5} /></WithSession>, { services: makeServices({ http }) })
    expect(await screen.findByRole('heading', { level: 1, name: '旧帖' })).toBeTruthy()
    view.rerender(<WithSession actor={session}><PostPage id={6} /></WithSession>)
    expect(await screen.findByRole('heading', { level: 1, name: '新帖' })).toBeTruthy()
    expect(await screen.findByRole('link', { name: '新帖的相关' })).toBeTruthy()
    late.forEach((answer) => answer())
    await http.settled()
    await new Promise((r) => setTimeout(r, 0))
    expect(screen.getByRole('heading', { level: 1, name: '新帖' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: '旧帖的相关' })).toBeNull()
    expect(screen.getByRole('link', { name: '新帖的相关' })).toBeTruthy()
  })

  it('the related posts follow a fast change of post: the old post\'s late answer never shows (no cancel before: it did)', async () => {
    const late: (() => void)[] = []
    const http = fakeHttp({
      'posts.recommend': (input: { query?: Record<string, unknown> } | undefined) =>
        input?.query?.postId === 5 ? new Promise((resolve) => late.push(() => resolve([post({ id: 50, title: '旧帖的相关' })]))) : [post({ id: 60, title: '新帖的相关' })],
    })
    const view = renderUi(<Related postId={5} />, { services: makeServices({ http }) })
    view.rerender(<Related postId={6} />)
    expect(await screen.findByRole('link', { name: '新帖的相关' })).toBeTruthy()
    late.forEach((answer) => answer())
    await http.settled()
    await new Promise((r) => setTimeout(r, 0))
    expect(screen.queryByRole('link', { name: '旧帖的相关' })).toBeNull()
    expect(screen.getByRole('link', { name: '新帖的相关' })).toBeTruthy()
  })
})
