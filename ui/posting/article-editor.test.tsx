// @vitest-environment jsdom
// The long-article editor (/articleCreate/norpub.html): write, link dialog, save a draft, reopen, publish.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { memoryLocation } from 'wouter/memory-location'
import { Router } from 'wouter'
import { loginInfoFixture } from '../../core/testing/login-info'
import { fakeHttp, makeServices, renderUi, type FakeAnswer } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { ArticleEditorPage } from './article-editor'

afterEach(cleanup)

function render(answers: Record<string, FakeAnswer>, opts: { signedIn?: boolean; path?: string } = {}) {
  const http = fakeHttp(answers)
  const session = opts.signedIn === false ? testSession() : testSession(loginInfoFixture({ id: 1, nick: '老股民' }))
  const { hook, searchHook } = memoryLocation({ path: opts.path ?? '/articleCreate/norpub.html' })
  renderUi(
    <Router hook={hook} searchHook={searchHook}>
      <WithSession actor={session}>
        <ArticleEditorPage />
      </WithSession>
    </Router>,
    { services: makeServices({ http }) },
  )
  return http
}

const draft = { id: 12, title: '腾讯长文', tokens: [{ type: 'text', text: '第一段' }], html: '第一段', updateTimestamp: 1_700_000_000 }

describe('the long-article editor', () => {
  it('guests see the not-logged-in panel', async () => {
    render({}, { signedIn: false })
    expect(await screen.findByTestId('not-logged-in')).toBeTruthy()
  })

  it('writes, places a link through the link dialog (its two messages), saves a draft, publishes from it', async () => {
    const http = render({ 'articleDraft.save': (input: { body: { id?: number } }) => ({ ...draft, id: input.body.id ?? 12 }), 'article.publish': { id: 99, kind: 'article', status: 'reviewing', title: '腾讯长文', content: '', html: '', createTimestamp: 1 } })
    fireEvent.change(await screen.findByLabelText('文章标题'), { target: { value: '腾讯长文' } })
    fireEvent.change(screen.getByLabelText('正文第 1 段'), { target: { value: '看好游戏业务' } })
    fireEvent.click(screen.getByTestId('link-open'))
    const dialog = await screen.findByTestId('link-dialog')
    fireEvent.click(within(dialog).getByTestId('link-confirm'))
    expect(within(dialog).getByRole('alert').textContent).toBe('请填写超链接地址')
    fireEvent.change(within(dialog).getByLabelText('超链接地址'), { target: { value: 'not a link' } })
    fireEvent.click(within(dialog).getByTestId('link-confirm'))
    expect(within(dialog).getByRole('alert').textContent).toBe('所填写超链接不合规')
    fireEvent.change(within(dialog).getByLabelText('超链接地址'), { target: { value: ' www.hkex.com.hk ' } })
    fireEvent.change(within(dialog).getByLabelText('超链接文字（选填）'), { target: { value: '港交所' } })
    fireEvent.click(within(dialog).getByTestId('link-confirm'))
    await waitFor(() => expect(screen.queryByTestId('link-dialog')).toBeNull())
    expect(screen.getByTestId('article-token').textContent).toContain('港交所')
    fireEvent.change(screen.getByLabelText('正文第 2 段'), { target: { value: '继续' } })
    // the preview: the tokens as the server renders them, through the one sanitiser
    fireEvent.click(screen.getByTestId('article-preview-toggle'))
    expect(screen.getByRole('link', { name: '港交所' }).getAttribute('href')).toBe('http://www.hkex.com.hk')
    fireEvent.click(screen.getByTestId('article-preview-toggle'))
    fireEvent.click(screen.getByTestId('draft-save'))
    expect((await screen.findByTestId('draft-saved')).textContent).toBe('草稿已保存')
    expect(http.callsTo('articleDraft.save').map((c) => c.input?.body)).toEqual([
      { title: '腾讯长文', tokens: [{ type: 'text', text: '看好游戏业务' }, { type: 'link', url: 'www.hkex.com.hk', text: '港交所' }, { type: 'text', text: '继续' }] },
    ])
    fireEvent.click(screen.getByTestId('article-publish'))
    expect((await screen.findByTestId('article-published')).textContent).toContain('文章已发布')
    expect(http.callsTo('article.publish')[0]!.input?.body).toMatchObject({ draftId: 12, title: '腾讯长文' })
    expect(screen.getByRole('link', { name: '查看文章' }).getAttribute('href')).toBe('/p/99')
  })

  it('mentions a user found by nick and a stock found by name: each becomes a token the draft saves', async () => {
    const http = render({
      'search.byType': (input: { params: { type: string }; query: { keyword: string } }) => ({
        searchUser: { list: input.query.keyword === '阿杰' ? [{ id: 7, nick: '慢慢变富的阿杰', avatar: '', brief: '' }] : [], hasMore: false },
      }),
      'search.stock': { list: [{ id: 'hk00700', code: '00700', codeDisp: '00700.HK', ipoStatus: 1, market: 'HK', name: '腾讯控股', nameDisp: '腾讯控股', category: 'stock' }] },
      'articleDraft.save': (input: { body: { id?: number } }) => ({ ...draft, id: input.body.id ?? 12 }),
    })
    fireEvent.change(await screen.findByLabelText('文章标题'), { target: { value: '提及' } })
    fireEvent.change(screen.getByLabelText('正文第 1 段'), { target: { value: '请教' } })
    fireEvent.change(screen.getByLabelText('提及用户'), { target: { value: '阿杰' } })
    fireEvent.click(await screen.findByRole('button', { name: '@慢慢变富的阿杰' }, { timeout: 3_000 }))
    expect(http.callsTo('search.byType')[0]!.input).toMatchObject({ params: { type: 'user' }, query: { keyword: '阿杰' } })
    expect((screen.getByLabelText('提及用户') as HTMLInputElement).value).toBe('')
    fireEvent.change(screen.getByLabelText('插入股票'), { target: { value: '腾讯' } })
    fireEvent.click(await screen.findByRole('button', { name: '腾讯控股 hk00700' }, { timeout: 3_000 }))
    expect(screen.getAllByTestId('article-token').map((el) => el.textContent)).toEqual([expect.stringContaining('@慢慢变富的阿杰'), expect.stringContaining('$腾讯控股$')])
    fireEvent.click(screen.getByTestId('draft-save'))
    await screen.findByTestId('draft-saved')
    expect(http.callsTo('articleDraft.save')[0]!.input?.body).toMatchObject({
      tokens: expect.arrayContaining([{ type: 'mention', userId: 7, nick: '慢慢变富的阿杰' }, { type: 'stock', code: 'hk00700', name: '腾讯控股' }]),
    })
  })

  it('reopens a draft named by ?draftId=; a refusal shows in 温馨提示', async () => {
    const http = render({ 'articleDraft.list': { list: [draft], hasMore: false }, 'article.publish': () => Promise.reject({ statusCode: 400, message: '内容包含违规信息，请修改后再发布' }) }, { path: '/articleCreate/norpub.html?draftId=12' })
    expect(((await screen.findByLabelText('文章标题')) as HTMLInputElement).value).toBe('腾讯长文')
    expect((screen.getByLabelText('正文第 1 段') as HTMLTextAreaElement).value).toBe('第一段')
    fireEvent.click(screen.getByTestId('article-publish'))
    expect((await screen.findByTestId('editor-notice-message')).textContent).toBe('内容包含违规信息，请修改后再发布')
    expect(http.callsTo('article.publish')[0]!.input?.body).toMatchObject({ draftId: 12 })
  })
})
