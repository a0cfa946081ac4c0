// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeHttp, flash, makeServices, page, renderUi } from '../testing/render'
import { LiveDetailPage } from './live-detail-page'

afterEach(cleanup)

const shown = flash(10, { title: '恒指午后走高', channel: 'hk', createTimestamp: Date.UTC(2024, 2, 15, 6, 0) / 1000 })

describe('LiveDetailPage', () => {
  it('lists more of the flash\'s live channel (issue 25: /api/live-channels/{id}/lives), the flash itself left out', async () => {
    const http = fakeHttp({
      'live.detail': { flash: shown, previous: null, next: null },
      'live.channelLives': { ...page([shown, flash(9, { title: '港股通净买入', channel: 'hk' }), flash(8, { content: '港元拆息回落', channel: 'hk' })], true), channel: { id: 1, channel: 'hk', name: '港股' } },
    })
    renderUi(<LiveDetailPage id={10} />, { path: '/live/10', services: makeServices({ http }) })
    const more = await screen.findByRole('region', { name: '港股频道更多快讯' })
    expect(within(more).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['港股通净买入', '/live/9'],
      ['港元拆息回落', '/live/8'],
    ])
    expect(http.callsTo('live.channelLives').map((c) => c.input)).toEqual([{ params: { id: 1 }, query: { limit: 7 } }])
  })

  it('a flash outside the live channels shows no such list and asks nothing more', async () => {
    const http = fakeHttp({ 'live.detail': { flash: { ...shown, channel: 'unknown' }, previous: null, next: null } })
    renderUi(<LiveDetailPage id={10} />, { path: '/live/10', services: makeServices({ http }) })
    await screen.findByRole('heading', { level: 1, name: '恒指午后走高' })
    expect(screen.queryByRole('region')).toBeNull()
    expect(http.callsTo('live.channelLives')).toEqual([])
  })
})
