import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { isEmptyQuickResults, QUICK_GROUPS, toQuickResults, type SearchBoxAnswer } from './quick-results'

const post = (id: number) => ({ id, title: `t${id}` })

describe('toQuickResults', () => {
  it('groups the answer and keeps 3 per type (spec 000 §9)', () => {
    const answer: SearchBoxAnswer = {
      searchPost: { list: [post(1), post(2), post(3), post(4)] },
      searchUser: { list: [{ id: 9, nick: 'u', avatar: '' }] },
      searchPortfolio: { list: [{ portfolioCode: 'P1', name: '组合', nameDisp: '组合' }] },
      searchLive: null,
    }
    const r = toQuickResults('kw', answer)
    expect(r.keyword).toBe('kw')
    expect(r.post.map((p) => p.id)).toEqual([1, 2, 3])
    expect(r.portfolio).toHaveLength(1)
    expect(r.live).toEqual([])
    expect(r.stock).toEqual([])
    expect(isEmptyQuickResults(r)).toBe(false)
    expect(isEmptyQuickResults(toQuickResults('kw', {}))).toBe(true)
    expect(isEmptyQuickResults(toQuickResults('kw', null))).toBe(true)
  })
  it('property: each group is the first min(n, 3) items of its list', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 8 }), (a, b) => {
        const r = toQuickResults('k', { searchPost: { list: a.map(post) }, searchFinancialCircle: { list: b.map((id) => ({ id, name: 'c' })) } })
        expect(r.post.map((p) => p.id)).toEqual(a.slice(0, 3))
        expect(r.financialCircle.map((c) => c.id)).toEqual(b.slice(0, 3))
        for (const g of QUICK_GROUPS) expect(r[g].length).toBeLessThanOrEqual(3)
      }),
    )
  })
})
