import { describe, expect, it } from 'vitest'
import { resultTab } from './result-tab'

const post = { id: 1, title: 't', summary: 's', coverUrl: '', createTimestamp: 1, author: { id: 2, nick: 'n', avatar: '' }, titleHighlights: [], summaryHighlights: [] }
const live = { id: 7, title: '', content: 'c', createTimestamp: 1, titleHighlights: [], contentHighlights: [] }
const circle = { id: 9, name: '圈', avatar: '' }

describe('resultTab: one tab of /search from the server answer', () => {
  it('takes only the asked part, tagged with its kind, with its total and hasMore', () => {
    const answer = {
      searchPost: { list: [post], hasMore: true, total: 31 },
      searchLive: { list: [live], hasMore: false, total: 1 },
      searchFinancialCircle: { list: [circle], hasMore: false, total: 1 },
    } as never
    expect(resultTab(answer, 'post')).toEqual({ list: [{ kind: 'post', hit: post }], hasMore: true, total: 31 })
    expect(resultTab(answer, 'live')).toEqual({ list: [{ kind: 'live', hit: live }], hasMore: false, total: 1 })
    expect(resultTab(answer, 'financeCircle')).toEqual({ list: [{ kind: 'circle', hit: circle }], hasMore: false, total: 1 })
  })

  it('a missing part is an empty last page with total 0', () => {
    for (const type of ['post', 'live', 'financeCircle'] as const) expect(resultTab({}, type)).toEqual({ list: [], hasMore: false, total: 0 })
  })
})
