// @vitest-environment jsdom
// The console's live manage page (issue 29; spec 001 §2 live/live-list/manage/{id} with tabs basicInfo,
// commentManage, dataAnalysis, playbackSet, startSet, userManage): each tab renders the room it is given
// and sends the console's calls; after a write the room is read again (the controls follow its status).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdminLiveComment, AdminLiveRoom } from '../../../core/api/circle-admin-live'
import { LIVE_MESSAGES } from '../../../core/live/limits'
import { renderForAdviser } from '../../testing/adviser'
import { clearPlots, plots } from '../../testing/fake-uplot'
import { LiveManagePage } from './manage-page'
import type { ManageTab } from '../../../core/circle-admin/live'

vi.mock('uplot', () => import('../../testing/fake-uplot'))
afterEach(() => {
  cleanup()
  clearPlots()
})

const ID = 1_000_000_007
const room = (over: Partial<AdminLiveRoom> = {}): AdminLiveRoom => ({
  id: ID,
  videoServiceType: 'LIVE',
  liveColumnId: 4,
  liveColumnName: '港股夜话',
  title: '周三晚间直播',
  brief: '聊聊港股',
  cover: '',
  status: 'RESERVATION',
  statusCode: 1,
  startMode: null,
  startTimestamp: 1_795_000_000,
  liveStartTimestamp: null,
  endTimestamp: null,
  keepPlayback: true,
  inviteCode: null,
  reservationCount: 3,
  visitCount: 12,
  onlineCount: 0,
  commentCount: 2,
  honouredGuestIds: [],
  controls: { start: true, pause: false, resume: false, end: false, delete: true },
  stream: null,
  honouredGuests: [],
  playback: null,
  ...over,
})
const LIVE_ROOM = room({
  status: 'LIVE',
  statusCode: 2,
  startMode: 'OBS_PUSH',
  liveStartTimestamp: 1_795_000_100,
  controls: { start: false, pause: true, resume: false, end: true, delete: true },
  stream: { pushUrl: 'rtmp://push.example.com/live/room7?txSecret=abc&txTime=6A000000', pushExpireTimestamp: 1_795_086_400, pullUrl: null, playUrl: 'https://play.example.com/live/room7.m3u8' },
})
const comment = (id: number, over: Partial<AdminLiveComment> = {}): AdminLiveComment => ({
  commentId: id,
  content: `评论 ${id}`,
  user: { id: 30 + id, nick: `观众${id}`, avatar: '' },
  tag: null,
  createTimestamp: 1_795_000_200 + id,
  muted: false,
  ...over,
})

/** Renders the page on `tab` with the room answers in turn (the last one repeats). */
function renderManage(tab: ManageTab, rooms: AdminLiveRoom[], answers: Record<string, unknown> = {}) {
  let read = 0
  const answered = { 'circleAdmin.liveRoom': () => rooms[Math.min(read++, rooms.length - 1)], ...answers }
  return renderForAdviser(<LiveManagePage id={ID} tab={tab} />, { answers: answered, path: `/circle-admin/live/live-list/manage/${ID}/${tab}`, adviser: { id: 9, nick: '港股老王' } }).http
}

describe('the manage page', () => {
  it('shows the spec’s six tabs, the room’s status and column; a tab change moves the address', async () => {
    renderManage('basicInfo', [room()])
    const tabs = await screen.findAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual(['基本信息', '评论管理', '数据分析', '回放设置', '开播设置', '用户管理'])
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('基本信息')
    expect(screen.getByTestId('live-status').textContent).toBe('预约中')
    expect(within(screen.getByTestId('live-basic-stats')).getByText('12')).toBeTruthy()
    expect((screen.getByTestId('live-room-title') as HTMLInputElement).value).toBe('周三晚间直播')
  })

  it('basicInfo: the form checks the title before sending, then saves; a started room’s time is locked', async () => {
    const http = renderManage('basicInfo', [LIVE_ROOM], { 'circleAdmin.editLiveRoom': LIVE_ROOM })
    const title = await screen.findByTestId('live-room-title')
    expect((screen.getByTestId('live-room-start') as HTMLInputElement).disabled).toBe(true)
    fireEvent.change(title, { target: { value: '   ' } })
    fireEvent.click(screen.getByTestId('live-room-submit'))
    expect(await screen.findByText('标题为1到60个字')).toBeTruthy()
    expect(http.callsTo('circleAdmin.editLiveRoom')).toEqual([])
    fireEvent.change(title, { target: { value: '周三晚间直播·加场' } })
    fireEvent.click(screen.getByTestId('live-room-submit'))
    await waitFor(() => expect(http.callsTo('circleAdmin.editLiveRoom')).toHaveLength(1))
    expect(http.callsTo('circleAdmin.editLiveRoom')[0]!.input).toEqual({ params: { id: ID }, body: { title: '周三晚间直播·加场', brief: '聊聊港股', cover: '' } })
  })
})

describe('startSet', () => {
  it('a booked room starts with OBS: the push address with its expiry and copy buttons appear, then pause and end', async () => {
    const http = renderManage('startSet', [room(), LIVE_ROOM], { 'circleAdmin.liveStart': LIVE_ROOM })
    fireEvent.click(await screen.findByTestId('live-start-mode-OBS_PUSH'))
    expect(screen.queryByTestId('live-pause')).toBeNull()
    fireEvent.click(screen.getByTestId('live-start'))
    await waitFor(() => expect(http.callsTo('circleAdmin.liveStart')[0]?.input).toEqual({ params: { id: ID }, body: { startMode: 'OBS_PUSH' } }))
    expect((await screen.findByTestId('live-push-url')).textContent).toContain('rtmp://push.example.com/live/room7')
    expect(screen.getByTestId('live-push-url-copy').textContent).toBe('复制')
    expect(screen.getByTestId('live-play-url').textContent).toContain('.m3u8')
    expect(screen.getByText(/有效期至/)).toBeTruthy()
    expect(screen.getByTestId('live-pause')).toBeTruthy()
    expect(screen.getByTestId('live-end')).toBeTruthy()
    expect(screen.queryByTestId('live-start')).toBeNull()
  })

  it('FORWARD_PULL asks for the pull address first, then sends it', async () => {
    const pulled = room({ ...LIVE_ROOM, startMode: 'FORWARD_PULL', stream: { pushUrl: null, pushExpireTimestamp: null, pullUrl: 'rtmp://source.example.com/live/a', playUrl: 'https://play.example.com/a.m3u8' } })
    const http = renderManage('startSet', [room(), pulled], { 'circleAdmin.liveStart': pulled })
    fireEvent.click(await screen.findByTestId('live-start-mode-FORWARD_PULL'))
    fireEvent.click(screen.getByTestId('live-start'))
    expect(await screen.findByText(LIVE_MESSAGES.pullUrlRequired)).toBeTruthy()
    expect(http.callsTo('circleAdmin.liveStart')).toEqual([])
    fireEvent.change(screen.getByTestId('live-pull-url'), { target: { value: 'rtmp://source.example.com/live/a' } })
    fireEvent.click(screen.getByTestId('live-start'))
    await waitFor(() => expect(http.callsTo('circleAdmin.liveStart')[0]?.input).toEqual({ params: { id: ID }, body: { startMode: 'FORWARD_PULL', pullUrl: 'rtmp://source.example.com/live/a' } }))
    expect((await screen.findByTestId('live-pull-address')).textContent).toBe('rtmp://source.example.com/live/a')
  })

  it('a live room pauses; a paused one resumes; ending asks first; a refusal is shown', async () => {
    const paused = room({ ...LIVE_ROOM, status: 'PAUSE', statusCode: 7, controls: { start: false, pause: false, resume: true, end: true, delete: true } })
    const http = renderManage('startSet', [LIVE_ROOM, paused], { 'circleAdmin.livePause': paused, 'circleAdmin.liveEnd': () => Promise.reject(Object.assign(new Error('当前直播状态不能进行该操作'), { statusCode: 409 })) })
    fireEvent.click(await screen.findByTestId('live-pause'))
    expect(await screen.findByTestId('live-resume')).toBeTruthy()
    expect(http.callsTo('circleAdmin.livePause')).toHaveLength(1)
    fireEvent.click(screen.getByTestId('live-end'))
    fireEvent.click(await screen.findByTestId('live-end-confirm'))
    expect((await screen.findByTestId('live-start-message')).textContent).toBe('当前直播状态不能进行该操作')
  })
})

describe('commentManage', () => {
  it('lists the comments; mutes a commenter for the chosen time and deletes a comment after asking', async () => {
    const http = renderManage('commentManage', [LIVE_ROOM], {
      'circleAdmin.liveComments': { list: [comment(2), comment(1, { tag: 'OWNER' })], hasMore: false, total: 2, page: 1 },
      'circleAdmin.liveMute': { userId: 32, muted: true, muteUntil: 1_795_003_600 },
      'circleAdmin.deleteLiveComment': { commentId: 2 },
    })
    const rows = await screen.findAllByTestId('live-comment-row')
    expect(rows.map((r) => within(r).getByText(/评论/).textContent)).toEqual(['评论 2', '评论 1'])
    // the owner's own comment has no mute button
    expect(within(rows[1]!).queryByTestId('live-comment-mute')).toBeNull()
    fireEvent.change(screen.getByTestId('live-mute-hours'), { target: { value: '24' } })
    fireEvent.click(within(rows[0]!).getByTestId('live-comment-mute'))
    await waitFor(() => expect(http.callsTo('circleAdmin.liveMute')[0]?.input).toEqual({ params: { id: ID }, body: { userId: 32, muted: true, muteTimeHour: 24 } }))
    fireEvent.click(within(rows[0]!).getByTestId('live-comment-delete'))
    fireEvent.click(await screen.findByTestId('live-comment-delete-confirm'))
    await waitFor(() => expect(http.callsTo('circleAdmin.deleteLiveComment')[0]?.input).toEqual({ params: { id: ID, commentId: 2 } }))
    // the list is read again after each write
    await waitFor(() => expect(http.callsTo('circleAdmin.liveComments').length).toBeGreaterThanOrEqual(3))
  })

  it('searches by keyword', async () => {
    const http = renderManage('commentManage', [LIVE_ROOM], { 'circleAdmin.liveComments': { list: [], hasMore: false, total: 0, page: 1 } })
    expect(await screen.findByText('还没有评论')).toBeTruthy()
    fireEvent.change(screen.getByTestId('live-comment-search'), { target: { value: '腾讯' } })
    fireEvent.submit(screen.getByTestId('live-comment-search').closest('form')!)
    await waitFor(() => expect(http.callsTo('circleAdmin.liveComments').at(-1)?.input).toEqual({ params: { id: ID }, query: { page: 1, count: 10, keyword: '腾讯' } }))
  })
})

describe('dataAnalysis', () => {
  it('shows visits, online now and at the peak, comments; draws online and comments over time on uPlot', async () => {
    renderManage('dataAnalysis', [LIVE_ROOM], {
      'circleAdmin.liveData': {
        visitCount: 40,
        onlineCount: 5,
        peakOnlineCount: 18,
        peakTimestamp: 1_795_000_200,
        commentCount: 7,
        commenterCount: 4,
        reservationCount: 3,
        bucketSeconds: 60,
        series: [
          { timestamp: 1_795_000_140, online: 6, comments: 2 },
          { timestamp: 1_795_000_200, online: 18, comments: 5 },
        ],
      },
    })
    const stats = await screen.findByTestId('live-data-stats')
    expect(within(stats).getByText('18')).toBeTruthy()
    expect(within(stats).getByText('峰值在线')).toBeTruthy()
    expect(screen.getByTestId('live-data-chart')).toBeTruthy()
    await waitFor(() => expect(plots()).toHaveLength(1))
    expect(plots()[0]!.data).toEqual([
      [1_795_000_140, 1_795_000_200],
      [6, 18],
      [2, 5],
    ])
  })

  it('a room nobody watched yet has no chart', async () => {
    renderManage('dataAnalysis', [room()], {
      'circleAdmin.liveData': { visitCount: 0, onlineCount: 0, peakOnlineCount: 0, peakTimestamp: null, commentCount: 0, commenterCount: 0, reservationCount: 0, bucketSeconds: 60, series: [] },
    })
    expect(await screen.findByText('暂无观看数据')).toBeTruthy()
    expect(plots()).toHaveLength(0)
  })
})

describe('playbackSet', () => {
  it('before the end: choosing no playback saves it', async () => {
    const dropped = room({ keepPlayback: false })
    const http = renderManage('playbackSet', [room(), dropped], { 'circleAdmin.livePlayback': dropped })
    fireEvent.click(await screen.findByTestId('live-playback-drop'))
    await waitFor(() => expect(http.callsTo('circleAdmin.livePlayback')[0]?.input).toEqual({ params: { id: ID }, body: { keepPlayback: false } }))
    await waitFor(() => expect((screen.getByTestId('live-playback-drop') as HTMLInputElement).checked).toBe(true))
  })

  it('after the end: the choice is locked and the playback’s status and length shown', async () => {
    renderManage('playbackSet', [room({ status: 'PLAYBACK', statusCode: 3, playback: { url: '/media/p.mp4', durationSeconds: 3725 }, controls: { start: false, pause: false, resume: false, end: false, delete: true } })])
    const keep = (await screen.findByTestId('live-playback-keep')) as HTMLInputElement
    expect(keep.closest('fieldset')!.disabled).toBe(true)
    expect(screen.getByText('直播已结束，回放设置不能再修改')).toBeTruthy()
    expect(screen.getByTestId('live-playback-status').textContent).toContain('回放时长 1:02:05')
  })
})

describe('userManage', () => {
  it('finds users by nick, makes one an honoured guest, kicks one out and lets a kicked-out viewer back', async () => {
    const guest = { id: 77, nick: '港股嘉宾', avatar: '', brief: '' }
    const withGuest = room({ honouredGuests: [guest], honouredGuestIds: [77] })
    const http = renderManage('userManage', [room(), withGuest], {
      'circleAdmin.liveUserSearch': { list: [{ id: 77, nick: '港股嘉宾', avatar: '' }] },
      'circleAdmin.liveGuests': withGuest,
      'circleAdmin.liveKicked': { list: [{ user: { id: 55, nick: '捣乱的人', avatar: '' }, operator: { id: 9, nick: '港股老王', avatar: '' }, createTimestamp: 1_795_000_300 }], hasMore: false, total: 1, page: 1 },
      'circleAdmin.liveKick': { user: { id: 77, nick: '港股嘉宾', avatar: '' }, operator: { id: 9, nick: '港股老王', avatar: '' }, createTimestamp: 1_795_000_400 },
      'circleAdmin.liveUnkick': { userId: 55 },
    })
    expect(await screen.findByText('还没有嘉宾')).toBeTruthy()
    expect((await screen.findByTestId('live-kicked-row')).textContent).toContain('捣乱的人')
    fireEvent.change(screen.getByTestId('live-user-search'), { target: { value: '嘉宾' } })
    fireEvent.submit(screen.getByTestId('live-user-search').closest('form')!)
    fireEvent.click(await screen.findByTestId('live-guest-add'))
    await waitFor(() => expect(http.callsTo('circleAdmin.liveGuests')[0]?.input).toEqual({ params: { id: ID }, body: { userIds: [77] } }))
    expect(await within(screen.getByTestId('live-guests')).findByText('港股嘉宾')).toBeTruthy()
    fireEvent.click(screen.getByTestId('live-kick'))
    await waitFor(() => expect(http.callsTo('circleAdmin.liveKick')[0]?.input).toEqual({ params: { id: ID }, body: { userId: 77 } }))
    fireEvent.click(screen.getByTestId('live-unkick'))
    await waitFor(() => expect(http.callsTo('circleAdmin.liveUnkick')[0]?.input).toEqual({ params: { id: ID, userId: 55 } }))
  })
})
