// @vitest-environment jsdom
// Issue 25: 分享 on the post page and under a news item or article (the link of the public share page,
// 复制成功 / 复制失败，请手动复制 of spec 000 §8), 收藏 on the news page (toggling and counting, a guest
// gets the login dialog), and the public share page /share/{code} that a guest opens.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../core/api/api-error'
import type { Dynamic } from '../../core/api/interaction'
import { loginInfoFixture } from '../../core/testing/login-info'
import { fakeHttp, makeServices, renderUi, type FakeAnswer } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { NewsTools } from './news-tools'
import { PostPage } from './post-page'
import { SharePage } from './share-page'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const author = { id: 2, nick: '小王', avatar: '' }
const post = (over: Partial<Dynamic> = {}): Dynamic => ({
  id: 5, kind: 'discussion', title: '腾讯财报点评', content: '第一段', html: '', author, topic: null, stocks: [], pictureUrls: [],
  likeCount: 0, commentCount: 0, readCount: 10, createTimestamp: 1_700_000_000, status: 'approved', favCount: 0, top: false, essence: false,
  commentsClosed: false, liked: false, favorited: false, reviewMessage: '', ...over,
})
const shareAnswer = { code: 'Abc234xyz789', url: '/p/5', title: '腾讯财报点评', summary: '第一段' }

function render(ui: React.ReactElement, answers: Record<string, FakeAnswer>, signedIn = true, path = '/') {
  const http = fakeHttp(answers)
  const session = signedIn ? testSession(loginInfoFixture({ id: 1, nick: '老股民' })) : testSession()
  renderUi(<WithSession actor={session}>{ui}</WithSession>, { services: makeServices({ http }), path })
  return { http, session }
}
const renderPost = (over: Partial<Dynamic> = {}, answers: Record<string, FakeAnswer> = {}, signedIn = true) =>
  render(<PostPage id={5} />, { 'dynamic.detail': post(over), 'comments.dynamic': { list: [], hasMore: false }, 'posts.recommend': [], 'post.recordRead': true, 'share.v2': shareAnswer, ...answers }, signedIn)

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText)
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: spy } })
  return spy
}

describe('分享 on the post page', () => {
  it('a reader gets the link of the public share page (POST /api/share/v2), a QR code, and 复制链接 says 复制成功', async () => {
    const writeText = stubClipboard(async () => undefined)
    const { http } = renderPost({ kind: 'article', html: '<p>长文</p>' })
    fireEvent.click(await screen.findByTestId('share-button'))
    const dialog = await screen.findByRole('dialog', { name: '分享给朋友' })
    const link = (await within(dialog).findByLabelText('分享链接')) as HTMLInputElement
    expect(link.value).toBe(`${window.location.origin}/share/Abc234xyz789`)
    expect(link.readOnly).toBe(true)
    expect(http.callsTo('share.v2')[0]!.input?.body).toEqual({ source: 'post', id: 5 })
    expect(within(dialog).getByTestId('share-open').getAttribute('href')).toBe('/share/Abc234xyz789')
    expect((await within(dialog).findByTestId('share-qr')).getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    fireEvent.click(within(dialog).getByTestId('share-copy'))
    expect((await within(dialog).findByRole('status')).textContent).toBe('复制成功')
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/share/Abc234xyz789`)
  })

  it('a refused clipboard says 复制失败，请手动复制 and leaves the link to select', async () => {
    stubClipboard(() => Promise.reject(new Error('NotAllowedError')))
    renderPost()
    fireEvent.click(await screen.findByTestId('share-button'))
    const dialog = await screen.findByRole('dialog', { name: '分享给朋友' })
    fireEvent.click(await within(dialog).findByTestId('share-copy'))
    expect((await within(dialog).findByRole('status')).textContent).toBe('复制失败，请手动复制')
    expect((within(dialog).getByLabelText('分享链接') as HTMLInputElement).value).toContain('/share/Abc234xyz789')
  })

  it("shows the server's refusal, and closes", async () => {
    renderPost({}, { 'share.v2': () => Promise.reject(new ApiError({ statusCode: 403, message: '内容审核中' })) })
    fireEvent.click(await screen.findByTestId('share-button'))
    const dialog = await screen.findByRole('dialog', { name: '分享给朋友' })
    expect((await within(dialog).findByRole('alert')).textContent).toBe('内容审核中')
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('a guest gets the login dialog and no share is asked for', async () => {
    const { http, session } = renderPost({}, {}, false)
    fireEvent.click(await screen.findByTestId('share-button'))
    await waitFor(() => expect(session.getSnapshot().context.login).not.toBeNull())
    expect(http.callsTo('share.v2')).toHaveLength(0)
    expect(screen.queryByRole('dialog', { name: '分享给朋友' })).toBeNull()
  })
})

describe('收藏 and 分享 under a news item or article', () => {
  it('a reader sees the count, favourites (已收藏 4), and takes it back (收藏 3), with the spec calls', async () => {
    const { http } = render(<NewsTools id={42} />, {
      'favorite.state': { favorited: false, favCount: 3 },
      'favorite.add': { favorited: true, favCount: 4 },
      'favorite.delete': { favorited: false, favCount: 3 },
    })
    const button = await screen.findByTestId('news-favorite')
    expect(button.textContent).toBe('收藏 3')
    expect(http.callsTo('favorite.state')[0]!.input?.params).toEqual({ source: 'news', id: 42 })
    fireEvent.click(button)
    await waitFor(() => expect(screen.getByTestId('news-favorite').textContent).toBe('已收藏 4'))
    expect(screen.getByTestId('news-favorite').getAttribute('aria-pressed')).toBe('true')
    expect(http.callsTo('favorite.add')[0]!.input?.body).toEqual({ source: 'news', id: 42 })
    fireEvent.click(screen.getByTestId('news-favorite'))
    await waitFor(() => expect(screen.getByTestId('news-favorite').textContent).toBe('收藏 3'))
    expect(http.callsTo('favorite.delete')[0]!.input?.params).toEqual({ source: 'news', id: 42 })
  })

  it('a guest sees the count; 收藏 opens the login dialog and saves nothing', async () => {
    const { http, session } = render(<NewsTools id={42} />, { 'favorite.state': { favorited: false, favCount: 3 } }, false)
    fireEvent.click(await screen.findByTestId('news-favorite'))
    await waitFor(() => expect(session.getSnapshot().context.login).not.toBeNull())
    expect(http.callsTo('favorite.add')).toHaveLength(0)
    expect(screen.getByTestId('news-favorite').textContent).toBe('收藏 3')
  })

  it('分享 shares the news item', async () => {
    stubClipboard(async () => undefined)
    const { http } = render(<NewsTools id={42} />, { 'favorite.state': { favorited: true, favCount: 1 }, 'share.v2': { ...shareAnswer, url: '/news/42' } })
    expect((await screen.findByTestId('news-favorite')).textContent).toBe('已收藏 1')
    fireEvent.click(screen.getByTestId('share-button'))
    await screen.findByRole('dialog', { name: '分享给朋友' })
    expect(http.callsTo('share.v2')[0]!.input?.body).toEqual({ source: 'news', id: 42 })
  })
})

describe('/share/{code}', () => {
  const publicShare = { ...shareAnswer, source: 'post', id: 5, author, pictureUrls: ['/file/p.png'], createTimestamp: 1_700_000_000 }

  it('a guest sees what was shared, with 阅读全文 to the post', async () => {
    const { http } = render(<SharePage code="Abc234xyz789" />, { 'share.public': publicShare }, false)
    expect(await screen.findByRole('heading', { level: 1, name: '腾讯财报点评' })).toBeTruthy()
    expect(screen.getByText('小王')).toBeTruthy()
    expect(screen.getByText('第一段')).toBeTruthy()
    expect(screen.getByText('帖子')).toBeTruthy()
    expect(screen.getByRole('link', { name: '阅读全文' }).getAttribute('href')).toBe('/p/5')
    expect(http.callsTo('share.public')[0]!.input?.params).toEqual({ code: 'Abc234xyz789' })
  })

  it('a code whose content is gone says so (分享内容不存在) with a way home', async () => {
    render(<SharePage code="NOPE" />, { 'share.public': () => Promise.reject(new ApiError({ statusCode: 404, message: '分享内容不存在' })) }, false)
    expect((await screen.findByTestId('share-gone')).textContent).toContain('分享内容不存在')
    expect(screen.getByRole('link', { name: '去首页看看' }).getAttribute('href')).toBe('/')
  })

  it('a failure that may pass offers 重试', async () => {
    render(<SharePage code="Abc234xyz789" />, { 'share.public': () => Promise.reject(new ApiError({ statusCode: 500, message: '服务器繁忙' })) }, false)
    expect((await screen.findByRole('alert')).textContent).toContain('服务器繁忙')
  })
})
