// @vitest-environment jsdom
// Issue 25 'Data that contradicts itself': the portfolio's adjustment history showed its times in UTC
// (the browser's string of the instant) while the rest of the site shows Beijing time. An adjustment
// at 01:30 on 6 January in Beijing (17:30 UTC the day before) reads 2026-01-06 01:30, and its dynamic
// 2026-01-06.
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeHttp, makeServices, renderUi } from '../testing/render'

// uPlot (imported by the page's charts) reads matchMedia when it loads; jsdom has none
vi.hoisted(() => {
  const g = globalThis as unknown as { matchMedia?: unknown }
  g.matchMedia ??= () => ({ matches: false, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} })
})
const { Dynamics, History } = await import('./portfolio-page')

afterEach(cleanup)

const AT = Date.UTC(2026, 0, 5, 17, 30) / 1000
const item = { stockCode: 'hk00700', name: '腾讯控股', fromWeight: 20, toWeight: 30, price: 38_000 }

describe('portfolio times in Beijing time', () => {
  it('the history says 2026-01-06 01:30 for 17:30 UTC on the 5th; the dynamics say 2026-01-06', async () => {
    const http = fakeHttp({
      'portfolio.adjustHistory': { list: [{ id: 1, portfolioCode: 'P1', time: AT, items: [item] }], hasMore: false, total: 1, page: 1, count: 10 },
      'portfolio.dynamics': { list: [{ id: 'a1', type: 'adjust', user: { id: 7, nick: '老股民', avatar: '' }, time: AT, items: [item] }], hasMore: false },
    })
    renderUi(
      <>
        <History code="P1" />
        <Dynamics code="P1" />
      </>,
      { services: makeServices({ http }) },
    )
    const history = await screen.findByTestId('adjust-history')
    expect(history.textContent).toContain('2026-01-06 01:30')
    expect(history.textContent).not.toContain('2026-01-05')
    expect((await screen.findByText(/老股民/)).textContent).toContain('2026-01-06')
  })
})
