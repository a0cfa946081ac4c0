// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Column } from '../../../core/api/reading-columns'
import { BuyContext } from '../../common/buy'
import { article, fakeHttp, makeServices, renderUi } from '../../testing/render'
import ColumnPage from './column-page'

const column = (over: Partial<Column> = {}): Column => ({
  id: 7,
  name: '港股价值投资',
  brief: '长期主义',
  coverUrl: '/covers/7.svg',
  author: { id: 3, nick: '老王', avatar: '' },
  articleCount: 1,
  readCount: 1200,
  updateTimestamp: 1_700_000_000,
  ...over,
})

function renderColumn(detail: Column, buy = vi.fn()) {
  const http = fakeHttp({ 'column.detail': detail, 'column.articles': { list: [article(1)], hasMore: false, total: 1, page: 1 } })
  renderUi(
    <BuyContext.Provider value={buy}>
      <ColumnPage id={detail.id} album={false} />
    </BuyContext.Provider>,
    { path: `/column/page/${detail.id}`, services: makeServices({ http }) },
  )
  return buy
}

afterEach(cleanup)

describe('a column page', () => {
  it('a paid column: 订阅专栏 opens the order dialog on its subscription spec', async () => {
    const buy = renderColumn(column({ specsId: 10_007 }))
    fireEvent.click(await screen.findByRole('button', { name: '订阅专栏' }))
    expect(buy).toHaveBeenCalledWith(10_007)
  })

  it('a free column has no buy button', async () => {
    renderColumn(column())
    expect(await screen.findByRole('heading', { name: '港股价值投资' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '订阅专栏' })).toBeNull()
  })
})
