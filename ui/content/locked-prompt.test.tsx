// @vitest-environment jsdom
// The buy prompt of paid content (issue 13): shown under the free part when the server says `locked`.
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { articleDetail, fakeHttp, makeServices, renderUi } from '../testing/render'
import { NewsDetailPage } from '../pages/news-detail-page'

afterEach(() => cleanup())

describe('a locked article', () => {
  it('shows the free part and, for a guest, the prompt asking to log in', async () => {
    const http = fakeHttp({ 'news.detail': articleDetail(5, { isVip: true, paragraphs: ['免费段落。'], locked: true, specsId: 101 }) })
    renderUi(<NewsDetailPage id={5} />, { services: makeServices({ http }) })
    expect(await screen.findByRole('heading', { name: '以下为会员专享内容' })).toBeTruthy()
    expect(screen.getByText('免费段落。')).toBeTruthy()
    expect(screen.getByRole('button', { name: '登录后查看' })).toBeTruthy()
  })

  it('an unlocked article has no prompt', async () => {
    const http = fakeHttp({ 'news.detail': articleDetail(6, { isVip: true }) })
    renderUi(<NewsDetailPage id={6} />, { services: makeServices({ http }) })
    expect(await screen.findByText('第二段正文。')).toBeTruthy()
    expect(screen.queryByTestId('locked-prompt')).toBeNull()
  })
})
