// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { article, renderUi } from '../testing/render'
import { ArticleList } from './article-list'

describe('ArticleList covers', () => {
  it('loads the first screen’s three covers at once and first; the rest lazily', () => {
    const items = [1, 2, 3, 4, 5].map((id) => article(id, { coverUrl: `/covers/${id}.svg` }))
    const { container } = renderUi(<ArticleList items={items} label="文章列表" />)
    const imgs = [...container.querySelectorAll('img')]
    expect(imgs.map((i) => [i.getAttribute('loading'), i.getAttribute('fetchpriority')])).toEqual([
      [null, 'high'],
      [null, 'high'],
      [null, 'high'],
      ['lazy', null],
      ['lazy', null],
    ])
  })
})
