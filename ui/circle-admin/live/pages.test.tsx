// @vitest-environment jsdom
// The console's live lists and forms (issue 29; spec 001 §2 live/live-column-list add and edit/{id},
// live/live-list add, live/live-user-admin): the column form checks the circle rules before it sends
// (type LIVE_COLUMN through the console's circle calls), the booking form books through issue 28's call,
// and the lists filter and page.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { CIRCLE_ADMIN_MESSAGES } from '../../../core/circle-admin/circles'
import { adminCircle, renderForAdviser } from '../../testing/adviser'
import { LiveColumnFormPage, LiveColumnListPage } from './column-pages'
import { LiveRoomFormPage, LiveRoomListPage } from './room-pages'
import { LiveViewersPage } from './viewers-page'
import type { ReactElement } from 'react'

afterEach(cleanup)

const adviser = { id: 9, nick: '港股老王' }
const column = adminCircle(adviser, { type: 'LIVE_COLUMN', name: '港股夜话', brief: '每周三晚' })
const columns = { list: [column], hasMore: false, total: 1, page: 1 }

const show = (ui: ReactElement, answers: Record<string, unknown>, path = '/circle-admin/live/live-list') => renderForAdviser(ui, { answers, path, adviser })

describe('live/live-column-list', () => {
  it('lists the reader’s live columns (circles of type LIVE_COLUMN) with price, members and review status', async () => {
    const { http } = show(<LiveColumnListPage />, { 'circleAdmin.circles': columns })
    const row = await screen.findByTestId('live-column-row')
    expect(row.textContent).toContain('港股夜话')
    expect(row.textContent).toContain('¥199')
    expect(row.textContent).toContain('已通过')
    expect(http.callsTo('circleAdmin.circles')[0]!.input).toEqual({ query: { type: 'LIVE_COLUMN', page: 1, count: 10, keyword: undefined } })
  })

  it('the add form names what is missing before sending, then creates a paid LIVE_COLUMN with a yearly price', async () => {
    const { http, location } = show(<LiveColumnFormPage id={null} />, {
      'upload.postImage': { list: [{ url: '/file/cover.png' }] },
      'circleAdmin.circleCreate': { ...column, intro: '介绍', specs: [{ specsId: 1, months: 12, price: 19_900, sold: false }] },
    })
    fireEvent.click(await screen.findByTestId('live-column-submit'))
    expect(await screen.findByText(CIRCLE_ADMIN_MESSAGES.nameRequired)).toBeTruthy()
    expect(screen.getByText(CIRCLE_ADMIN_MESSAGES.avatarRequired)).toBeTruthy()
    expect(http.callsTo('circleAdmin.circleCreate')).toEqual([])
    fireEvent.change(screen.getByTestId('live-column-name'), { target: { value: '港股夜话' } })
    fireEvent.change(screen.getByTestId('live-column-brief'), { target: { value: '每周三晚' } })
    fireEvent.change(screen.getByTestId('live-column-intro'), { target: { value: '每周三晚聊港股' } })
    fireEvent.change(screen.getByTestId('live-column-cover'), { target: { files: [new File(['x'], 'c.png', { type: 'image/png' })] } })
    await screen.findByTestId('live-column-cover-preview')
    fireEvent.click(screen.getByTestId('live-column-paid'))
    fireEvent.change(screen.getByTestId('live-column-price-12'), { target: { value: '199.5.0' } })
    fireEvent.click(screen.getByTestId('live-column-submit'))
    expect(await screen.findByText(CIRCLE_ADMIN_MESSAGES.priceInvalid)).toBeTruthy()
    fireEvent.change(screen.getByTestId('live-column-price-12'), { target: { value: '199' } })
    fireEvent.click(screen.getByTestId('live-column-submit'))
    await waitFor(() => expect(http.callsTo('circleAdmin.circleCreate')).toHaveLength(1))
    expect(http.callsTo('circleAdmin.circleCreate')[0]!.input).toEqual({
      body: { type: 'LIVE_COLUMN', name: '港股夜话', brief: '每周三晚', intro: '每周三晚聊港股', avatar: '/file/cover.png', paid: true, specs: [{ months: 12, price: 19_900 }] },
    })
    await waitFor(() => expect(location.history.at(-1)).toBe('/circle-admin/live/live-column-list?saved=4'))
  })
})

describe('live/live-list', () => {
  it('filters by column, status and title, and pages', async () => {
    const room = { id: 1_000_000_007, videoServiceType: 'LIVE', liveColumnId: 4, liveColumnName: '港股夜话', title: '周三晚间直播', brief: '', cover: '', status: 'LIVE', statusCode: 2, startMode: 'LIVE_PC', startTimestamp: 1_795_000_000, liveStartTimestamp: 1_795_000_000, endTimestamp: null, keepPlayback: true, inviteCode: null, reservationCount: 0, visitCount: 3, onlineCount: 1, commentCount: 2, honouredGuestIds: [], controls: { start: false, pause: true, resume: false, end: true, delete: true }, stream: null, honouredGuests: [], playback: null }
    const { http } = show(<LiveRoomListPage />, { 'circleAdmin.circles': columns, 'circleAdmin.liveRooms': { list: [room], hasMore: true, total: 23, page: 1 } })
    expect((await screen.findByTestId('live-room-row')).textContent).toContain('直播中')
    fireEvent.change(screen.getByTestId('live-room-filter-column'), { target: { value: '4' } })
    fireEvent.change(screen.getByTestId('live-room-filter-status'), { target: { value: 'LIVE' } })
    fireEvent.change(screen.getByTestId('live-room-search'), { target: { value: '周三' } })
    fireEvent.submit(screen.getByTestId('live-room-search').closest('form')!)
    await waitFor(() => expect(http.callsTo('circleAdmin.liveRooms').at(-1)?.input).toEqual({ query: { page: 1, count: 10, liveColumnId: 4, status: 'LIVE', videoServiceType: undefined, keyword: '周三' } }))
    expect(screen.getByTestId('console-pager').textContent).toContain('第 1 / 3 页，共 23 条')
    fireEvent.click(screen.getByRole('button', { name: '下一页' }))
    await waitFor(() => expect(http.callsTo('circleAdmin.liveRooms').at(-1)?.input?.query).toMatchObject({ page: 2 }))
  })

  it('books a room: a column is chosen, the title checked, then POST /api/circle-admin/live/book/v1 and the manage page', async () => {
    const booked = { id: 1_000_000_008 }
    const { http, location } = show(<LiveRoomFormPage id={null} />, { 'circleAdmin.circles': columns, 'circleAdmin.liveBook': booked }, '/circle-admin/live/live-list/add')
    fireEvent.click(await screen.findByTestId('live-room-submit'))
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual(['请选择直播专栏', '标题为1到60个字'])
    await screen.findByRole('option', { name: '港股夜话' })
    fireEvent.change(screen.getByTestId('live-room-column'), { target: { value: '4' } })
    fireEvent.change(screen.getByTestId('live-room-title'), { target: { value: '周三晚间直播' } })
    fireEvent.change(screen.getByTestId('live-room-start'), { target: { value: '2030-01-02T20:00' } })
    fireEvent.click(screen.getByTestId('live-room-keep-playback'))
    fireEvent.click(screen.getByTestId('live-room-submit'))
    await waitFor(() => expect(http.callsTo('circleAdmin.liveBook')).toHaveLength(1))
    expect(http.callsTo('circleAdmin.liveBook')[0]?.input?.body).toEqual({ liveColumnId: 4, videoServiceType: 'LIVE', title: '周三晚间直播', brief: '', startTimestamp: Math.floor(new Date('2030-01-02T20:00').getTime() / 1000), keepPlayback: false })
    await waitFor(() => expect(location.history.at(-1)).toBe('/circle-admin/live/live-list/manage/1000000008'))
  })
})

describe('live/live-user-admin', () => {
  it('lists the viewers with their membership and filters by it', async () => {
    const viewer = { user: { id: 31, nick: '港漂小李', avatar: '' }, liveColumnId: 4, liveColumnName: '港股夜话', roomCount: 2, commentCount: 5, firstSeenTimestamp: 1_795_000_000, lastSeenTimestamp: 1_795_003_600, membership: 'expired', expireTimestamp: 1_794_000_000 }
    const { http } = show(<LiveViewersPage />, { 'circleAdmin.circles': columns, 'circleAdmin.liveUsers': { list: [viewer], hasMore: false, total: 1, page: 1 } })
    const row = await screen.findByTestId('live-viewer-row')
    expect(row.textContent).toContain('港漂小李')
    expect(row.textContent).toContain('已过期')
    fireEvent.change(screen.getByTestId('live-viewers-membership'), { target: { value: 'member' } })
    await waitFor(() => expect(http.callsTo('circleAdmin.liveUsers').at(-1)?.input?.query).toMatchObject({ membership: 'member', page: 1 }))
  })
})
