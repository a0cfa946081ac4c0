import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { newsFilterOf, newsPageHref } from './news-page-url'

describe('/news/page/{id} addresses: the label and date filters', () => {
  it('reads the type and the date from the query; anything the contract would refuse falls back', () => {
    expect(newsFilterOf('?type=hk-stock&createDate=2026-11-02')).toEqual({ type: 'hk-stock', createDate: '2026-11-02' })
    expect(newsFilterOf('')).toEqual({ type: 'all', createDate: '' })
    expect(newsFilterOf('type=<script>&createDate=2026-13-01')).toEqual({ type: 'all', createDate: '' })
    expect(newsFilterOf(`type=${'a'.repeat(33)}&createDate=yesterday`)).toEqual({ type: 'all', createDate: '' })
  })

  it('writes only what differs from the default', () => {
    expect(newsPageHref(1, { type: 'all', createDate: '' })).toBe('/news/page/1')
    expect(newsPageHref(3, { type: 'us', createDate: '' })).toBe('/news/page/3?type=us')
    expect(newsPageHref(2, { type: 'all', createDate: '2026-01-31' })).toBe('/news/page/2?createDate=2026-01-31')
  })

  it('reads back what it writes', () => {
    const type = fc.oneof(fc.constant('all'), fc.stringMatching(/^[a-z0-9-]{1,32}$/))
    const date = fc.oneof(fc.constant(''), fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)))
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), type, date, (page, type, createDate) => {
        const href = newsPageHref(page, { type, createDate })
        expect(href.startsWith(`/news/page/${page}`)).toBe(true)
        expect(newsFilterOf(href.split('?')[1] ?? '')).toEqual({ type, createDate })
      }),
    )
  })
})
