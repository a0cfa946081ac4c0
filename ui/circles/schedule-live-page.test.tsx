// @vitest-environment jsdom
// Booking on a live column's schedule (issue 28; spec 001 §2 /chiefCircle/schedule-live/{id}, §7 POST
// /api/roadshow/{id}/reserve/v1): each room opens /live/{id}; a booked one shows the reader's own
// reservation (read from the room) and reserves it, a guest logging in first; live and playback rooms link.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { sampleDetail } from '../../core/live/viewer-samples'
import type { VideoDetail } from '../../core/api/live'
import { fakeHttp, makeServices, renderUi } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { ScheduleLivePage } from './schedule-live-page'

afterEach(cleanup)

const owner = { id: 9, nick: '港股老王', avatar: '/a.svg', brief: '' }
const access = { role: 'member' as const, canRead: true, canPost: true, canAsk: true, canManage: false, canJoin: false, expireTimestamp: null, inputMessage: '' }
const BOOKED = 1_000_000_041
const LIVE = 1_000_000_040
const PLAYBACK = 1_000_000_039

function renderSchedule(rooms: Record<number, VideoDetail>) {
  const http = fakeHttp({
    'circle.liveColumn': { id: 4, name: '港股夜话', avatar: '/c.svg', brief: '每周三晚直播', intro: '', owner, price: null, access, itemCount: 3 },
    'circle.liveColumnContent': {
      list: [
        { id: BOOKED, title: '美联储议息前瞻', brief: '利率与港股', status: 'RESERVATION', statusCode: 1, startTimestamp: 1_795_000_600 },
        { id: LIVE, title: '午盘直播', brief: '', status: 'LIVE', statusCode: 2, startTimestamp: 1_795_000_000 },
        { id: PLAYBACK, title: '年报季复盘', brief: '', status: 'PLAYBACK', statusCode: 3, startTimestamp: 1_794_000_000 },
      ],
      hasMore: false,
    },
    'video.detail': (input: { query?: { videoId?: number } } | undefined) => rooms[input?.query?.videoId ?? 0],
    'roadshow.reserve': { reserved: true, reservationCount: 4 },
  })
  const ui = (
    <WithSession actor={testSession({ id: 30 })}>
      <ScheduleLivePage id={4} />
    </WithSession>
  )
  return renderUi(ui, { path: '/chiefCircle/schedule-live/4', services: makeServices({ http }) })
}

describe('/chiefCircle/schedule-live/{id} booking', () => {
  it('reserves a booked room and links every room to its page', async () => {
    const { services } = renderSchedule({ [BOOKED]: sampleDetail(1, { id: BOOKED }) })
    const reserve = await screen.findByTestId('schedule-reserve')
    expect(reserve.textContent).toBe('预约')
    fireEvent.click(reserve)
    await waitFor(() => expect(screen.getByTestId('schedule-reserve').textContent).toBe('已预约'))
    expect(services.http.callsTo('roadshow.reserve')[0]!.input).toEqual({ params: { id: BOOKED }, body: { videoServiceType: 'LIVE' } })
    expect(screen.getByRole('link', { name: '美联储议息前瞻' }).getAttribute('href')).toBe(`/live/${BOOKED}`)
    expect(screen.getByRole('link', { name: '进入直播间' }).getAttribute('href')).toBe(`/live/${LIVE}`)
    expect(screen.getByRole('link', { name: '看回放' }).getAttribute('href')).toBe(`/live/${PLAYBACK}`)
    // only the booked room is read (for the reader's reservation)
    expect(services.http.callsTo('video.detail').map((c) => c.input?.query?.videoId)).toEqual([BOOKED])
  })

  it('shows a reservation the reader already holds', async () => {
    renderSchedule({ [BOOKED]: sampleDetail(1, { id: BOOKED, reserved: true }) })
    const reserve = await screen.findByTestId('schedule-reserve')
    expect(reserve.textContent).toBe('已预约')
    expect(reserve.getAttribute('aria-pressed')).toBe('true')
  })
})
