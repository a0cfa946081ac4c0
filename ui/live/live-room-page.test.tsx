// @vitest-environment jsdom
// The live room page (issue 28; spec 001 §2 /live/{id}, §3 statuses, §6 tags, §7 'Video and live'): the
// route split with spec 000's flash, a live room's player, comments with their tags and the online
// count, posting a comment, the booked room's countdown from the pinned clock and its reservation, the
// paused banner, the playback's seekable player, the roadshow's invite code, and a paid column's buy button.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LiveComment, VideoDetail } from '../../core/api/live'
import { SAMPLE_NOW_MS, SAMPLE_ROOM_ID, sampleComment, sampleDetail } from '../../core/live/viewer-samples'
import { BuyContext } from '../common/buy'
import { fakeHttp, flash, makeServices, renderUi, type FakeAnswer } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { App } from '../app'
import { LiveRoomPage } from './live-room-page'

beforeAll(async () => {
  await Promise.all([import('./live-room-page'), import('../pages/live-detail-page'), import('../common/status-pages')])
}, 60_000)
beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
  // the native path (iOS Safari: HLS without Media Source Extensions, as jsdom has none); hls.js is attach-source.test.ts's
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe')
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockReturnValue(undefined)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const page = (list: LiveComment[], hasMore = false) => ({ list, hasMore })

function renderRoom(detail: VideoDetail | ((input: unknown) => VideoDetail), answers: Record<string, FakeAnswer> = {}, options: { signedIn?: boolean; buy?: (specsId: number) => void } = {}) {
  const http = fakeHttp({
    'video.detail': detail,
    'video.beforeIdComments': page([sampleComment(2, '看好腾讯'), sampleComment(1, '开播了', 'OWNER')]),
    'video.afterIdComments': page([]),
    'video.onlineCount': { onlineCount: 12 },
    'liveColumn.beforeJoinLiveRoom': { id: SAMPLE_ROOM_ID, videoServiceType: 'LIVE', status: 'LIVE', statusCode: 2, canEnter: false, message: '请先登录', needInviteCode: false, groupId: null, conversationId: null, role: null },
    ...answers,
  })
  const session = testSession(options.signedIn === false ? undefined : { id: 30 })
  const ui = (
    <WithSession actor={session}>
      <BuyContext.Provider value={options.buy ?? null}>
        <LiveRoomPage id={SAMPLE_ROOM_ID} />
      </BuyContext.Provider>
    </WithSession>
  )
  return renderUi(ui, { path: `/live/${SAMPLE_ROOM_ID}`, services: makeServices({ http, now: () => SAMPLE_NOW_MS }) })
}

describe('/live/{id}', () => {
  it("routes a room's id (≥ 1,000,000,000) to the room and a smaller one to spec 000's flash", async () => {
    const http = fakeHttp({ 'video.detail': sampleDetail(2), 'live.detail': { flash: flash(5, { content: '港股午盘' }), previous: null, next: null }, 'live.channelLives': page([]) })
    const { location } = renderUi(<App />, { path: `/live/${SAMPLE_ROOM_ID}`, services: makeServices({ http }) })
    expect(await screen.findByRole('heading', { level: 1, name: /港股收评/ })).toBeTruthy()
    expect(http.callsTo('live.detail')).toEqual([])
    act(() => location.navigate('/live/5'))
    expect(await screen.findByText('港股午盘')).toBeTruthy()
    expect(http.callsTo('video.detail')).toHaveLength(1)
  })

  it('plays a live room muted, shows the comments oldest first with the owner tag, the online count, and posts a comment', async () => {
    const posted = sampleComment(3, '请问美团怎么看？')
    const { services } = renderRoom(sampleDetail(2), { 'video.comment': posted })
    const video = (await screen.findByTestId('live-video')) as HTMLVideoElement
    expect(video.getAttribute('src')).toBe(`/media/live/${SAMPLE_ROOM_ID}/index.m3u8`)
    expect(video.muted).toBe(true)
    expect(screen.getByTestId('live-status').textContent).toBe('直播中')
    const list = await screen.findByTestId('live-comment-list')
    await waitFor(() => expect(within(list).getAllByTestId('live-comment').map((li) => li.textContent)).toEqual([expect.stringMatching(/^主播.*开播了$/), expect.stringContaining('看好腾讯')]))
    expect(await screen.findByTestId('live-online')).toHaveProperty('textContent', '12 人在线')
    expect(services.http.callsTo('video.onlineCount')[0]!.input).toEqual({ body: { videoId: SAMPLE_ROOM_ID, videoServiceType: 'LIVE', sessionId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) } })
    fireEvent.change(screen.getByTestId('live-comment-input'), { target: { value: ' 请问美团怎么看？ ' } })
    fireEvent.click(screen.getByTestId('live-comment-send'))
    await waitFor(() => expect(within(list).getAllByTestId('live-comment')).toHaveLength(3))
    expect(services.http.callsTo('video.comment')[0]!.input).toEqual({ body: { videoId: SAMPLE_ROOM_ID, videoServiceType: 'LIVE', content: '请问美团怎么看？' } })
    expect((screen.getByTestId('live-comment-input') as HTMLTextAreaElement).value).toBe('')
  })

  it('refuses an empty comment in the reader\'s words', async () => {
    renderRoom(sampleDetail(2))
    await screen.findByTestId('live-comment-list')
    fireEvent.click(screen.getByTestId('live-comment-send'))
    expect((await screen.findByRole('alert')).textContent).toBe('评论内容不能为空')
  })

  it('counts a booked room down from the pinned clock and books a seat', async () => {
    const { services } = renderRoom(sampleDetail(1), { 'roadshow.reserve': { reserved: true, reservationCount: 4 } })
    const countdown = await screen.findByTestId('live-countdown')
    expect(countdown.textContent).toBe('00时02分00秒')
    expect(countdown.getAttribute('data-seconds')).toBe('120')
    fireEvent.click(screen.getByTestId('live-reserve'))
    await waitFor(() => expect(screen.getByTestId('live-reserve').textContent).toBe('已预约'))
    expect(services.http.callsTo('roadshow.reserve')[0]!.input).toEqual({ params: { id: SAMPLE_ROOM_ID }, body: { videoServiceType: 'LIVE' } })
  })

  it('lays the paused banner over the stream', async () => {
    renderRoom(sampleDetail(7))
    expect((await screen.findByTestId('live-banner')).textContent).toBe('主播暂时离开，直播稍后继续')
    expect(screen.getByTestId('live-video')).toBeTruthy()
  })

  it('plays the recording with its controls so the reader seeks', async () => {
    renderRoom(sampleDetail(3))
    const video = (await screen.findByTestId('live-video')) as HTMLVideoElement
    expect(video.getAttribute('src')).toBe(`/media/playback/${SAMPLE_ROOM_ID}.mp4`)
    expect(video.controls).toBe(true)
    expect(video.autoplay).toBe(false)
    expect(screen.getByTestId('live-playback-note').textContent).toBe('正在播放回放，可拖动进度条跳转')
  })

  it('asks a roadshow for its invite code, says when it is wrong and opens the room when it is right', async () => {
    let passed = false
    const { services } = renderRoom(() => (passed ? sampleDetail(2, { videoServiceType: 'ROADSHOW' }) : sampleDetail(2, { videoServiceType: 'ROADSHOW', canWatch: false, needInviteCode: true, source: null })), {
      'roadshow.checkInviteCode': (input: { query?: { inviteCode?: string } } | undefined) => {
        passed = input?.query?.inviteCode === 'RS2026'
        return { passed }
      },
    })
    const code = await screen.findByTestId('live-invite-code')
    expect(screen.queryByTestId('live-comments')).toBeNull()
    fireEvent.change(code, { target: { value: 'nope12' } })
    fireEvent.submit(code.closest('form')!)
    expect((await screen.findByRole('alert')).textContent).toBe('邀请码错误')
    fireEvent.change(code, { target: { value: 'rs2026' } })
    fireEvent.submit(code.closest('form')!)
    expect(await screen.findByTestId('live-video')).toBeTruthy()
    expect(services.http.callsTo('roadshow.checkInviteCode').map((c) => c.input?.query)).toEqual([{ inviteCode: 'NOPE12' }, { inviteCode: 'RS2026' }])
  })

  it("shows a non-member of a paid column the server's reason and the buy button on the column's spec", async () => {
    const buy = vi.fn()
    const price = { goodsId: 31, specsId: 301, price: 19900, priceText: '¥199.00/年', months: 12 }
    renderRoom(sampleDetail(2, { canWatch: false, message: '购买专栏后才能观看直播', source: null, groupId: null, liveColumn: { id: 5, name: '老周直播间', avatar: '', price } }), {}, { buy })
    expect((await screen.findByTestId('live-banner')).textContent).toContain('购买专栏后才能观看直播')
    fireEvent.click(screen.getByTestId('live-buy'))
    expect(buy).toHaveBeenCalledWith(301)
    expect(screen.queryByTestId('live-video')).toBeNull()
  })

  it('says a deleted room is gone and an unknown one is not found', async () => {
    renderRoom(sampleDetail(6))
    expect((await screen.findByTestId('live-banner')).textContent).toBe('该直播已被删除')
    cleanup()
    const { ApiError } = await import('../../core/api/api-error')
    renderRoom(() => {
      throw new ApiError({ statusCode: 404, message: '直播不存在' })
    })
    expect(await screen.findByText('直播不存在')).toBeTruthy()
  })
})
