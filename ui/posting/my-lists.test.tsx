// @vitest-environment jsdom
// The personal area's posting lists for a signed-in reader (spec 000 §2 'Personal area', §7 personal reads).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Dynamic, MyComment } from '../../core/api/interaction'
import { fakeHttp, makeServices, renderUi, type FakeAnswer } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { loginInfoFixture } from '../../core/testing/login-info'
import { CommentMePage, MyFavoritePage, MyPublishPage } from './my-lists'

afterEach(cleanup)

const author = { id: 1, nick: '老股民', avatar: '' }
const dynamic = (id: number, over: Partial<Dynamic> = {}): Dynamic => ({
  id, kind: 'discussion', status: 'approved', title: '', content: `帖子正文 ${id}`, html: '', author, topic: null, stocks: [], pictureUrls: [],
  likeCount: 0, commentCount: 0, favCount: 0, readCount: 0, top: false, essence: false, commentsClosed: false, liked: false, favorited: false,
  reviewMessage: '', createTimestamp: 1_700_000_000 - id, ...over,
})

function render(page: React.ReactElement, answers: Record<string, FakeAnswer>) {
  const http = fakeHttp(answers)
  renderUi(<WithSession actor={testSession(loginInfoFixture({ id: 1, nick: '老股民' }))}>{page}</WithSession>, { services: makeServices({ http }) })
  return http
}

describe('personal posting lists', () => {
  it('/my/publish lists the reader\'s posts with their review status and pages by the last timestamp', async () => {
    const http = render(<MyPublishPage />, {
      'post.myPublish': (input: { query?: { timestamp?: number } } | undefined) =>
        input?.query?.timestamp === undefined
          ? { list: [dynamic(1, { status: 'reviewing' }), dynamic(2, { status: 'rejected', reviewMessage: '含违规信息' })], hasMore: true }
          : { list: [dynamic(3)], hasMore: false },
    })
    const list = await screen.findByRole('list', { name: '我的发布' })
    expect(await within(list).findByRole('link', { name: '帖子正文 1' })).toBeTruthy()
    expect(within(list).getByRole('link', { name: '帖子正文 1' }).getAttribute('href')).toBe('/p/1')
    expect(within(list).getAllByTestId('review-status').map((s) => s.textContent)).toEqual(['审核中', '未通过'])
    expect(within(list).getByText('含违规信息')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }))
    expect(await within(list).findByRole('link', { name: '帖子正文 3' })).toBeTruthy()
    expect(http.callsTo('post.myPublish').map((c) => c.input?.query?.timestamp)).toEqual([undefined, 1_700_000_000 - 2])
  })

  it('/my/publish has the 草稿箱: each draft reopens in the editor and can be deleted', async () => {
    const draft = (id: number, title: string) => ({ id, title, tokens: [{ type: 'text' as const, text: '正文' }], html: '正文', updateTimestamp: 1_700_000_000 })
    const http = render(<MyPublishPage />, {
      'post.myPublish': { list: [], hasMore: false },
      'articleDraft.list': { list: [draft(4, '腾讯长文'), draft(5, '')], hasMore: false },
      'articleDraft.delete': true,
    })
    const drafts = await screen.findByRole('list', { name: '草稿箱' })
    expect((await within(drafts).findByRole('link', { name: '腾讯长文' })).getAttribute('href')).toBe('/articleCreate/norpub.html?draftId=4')
    expect(within(drafts).getByRole('link', { name: '无标题' }).getAttribute('href')).toBe('/articleCreate/norpub.html?draftId=5')
    fireEvent.click(within(drafts).getAllByRole('button', { name: '删除草稿' })[0]!)
    await waitFor(() => expect(within(drafts).queryByRole('link', { name: '腾讯长文' })).toBeNull())
    expect(http.callsTo('articleDraft.delete').map((c) => c.input?.query)).toEqual([{ id: 4 }]) // the spec's GET delMyOne (issue 25)
  })

  it('/my/favorite links posts to /p/{id} and news to /news/{id}', async () => {
    const item = (source: 'post' | 'news', id: number) => ({ source, id, title: `${source}-${id}`, summary: '', author, pictureUrl: '', favTimestamp: 1_700_000_000 - id })
    render(<MyFavoritePage />, { 'user.fav': { list: [item('post', 5), item('news', 6)], hasMore: false } })
    expect((await screen.findByRole('link', { name: 'post-5' })).getAttribute('href')).toBe('/p/5')
    expect(screen.getByRole('link', { name: 'news-6' }).getAttribute('href')).toBe('/news/6')
  })

  it('/myHome/commentMe shows who commented, on what', async () => {
    const c: MyComment = {
      id: 8, source: 'post', refId: 5, author: { id: 2, nick: '小王', avatar: '' }, content: '说得好', pictureUrls: [], replyCommentId: null, replyUser: null,
      status: 'approved', likeCount: 0, replyCount: 0, createTimestamp: 1_700_000_000, target: { title: '我的帖子', link: '/p/5' },
    }
    render(<CommentMePage />, { 'comment.toMe': { list: [c], hasMore: false } })
    expect(await screen.findByText('小王：')).toBeTruthy()
    expect(screen.getByText('说得好')).toBeTruthy()
    expect(screen.getByRole('link', { name: '我的帖子' }).getAttribute('href')).toBe('/p/5')
  })
})
