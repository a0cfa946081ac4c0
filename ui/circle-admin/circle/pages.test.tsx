// @vitest-environment jsdom
// The console's circle and operate pages (issue 29; spec 001 §2 circle/circle-list, circle-create,
// circle-edit/{circleId}, circle-user-admin, operate/rights, operate/sort/{id}): the list searches,
// filters by type and pages; the form names what is missing before sending and sends a new circle for
// review; an approved circle's edit keeps its type and charge; the owner appoints and removes admins,
// an admin only reads; rights and orders are saved whole.
import type { ReactElement } from 'react'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { CIRCLE_ADMIN_MESSAGES as M } from '../../../core/circle-admin/circles'
import { UPLOAD_MESSAGES } from '../../../core/validation/upload'
import { adminCircle, renderForAdviser } from '../../testing/adviser'
import { CircleListPage } from './circle-list-page'
import { CircleFormPage } from './circle-form-page'
import { CircleUsersPage } from './circle-users-page'
import { RightsPage } from '../operate/rights-page'
import { TagSortPage } from '../operate/sort-page'

afterEach(cleanup)

const adviser = { id: 9, nick: '港股老周' }
const circle = adminCircle(adviser)
const owner = circle.owner
const rejected = { ...circle, id: 5, name: '待修改圈子', type: 'GROUP', reviewStatus: 'rejected', rejectReason: '封面与简介不符', paid: false, minPrice: null, role: 'admin' }
const detail = { ...circle, intro: '十五年港股经验', specs: [{ specsId: 70, months: 12, price: 19_900, sold: true }] }

const show = (ui: ReactElement, answers: Record<string, unknown>, path = '/circle-admin/circle/circle-list') => renderForAdviser(ui, { answers, path, adviser })

describe('circle/circle-list', () => {
  it('lists the circles with type, review status (and why one was rejected), price, members and the reader\'s role', async () => {
    show(<CircleListPage />, { 'circleAdmin.circles': { list: [circle, rejected], hasMore: false, total: 2, page: 1 } })
    const rows = await screen.findAllByTestId('circle-row')
    expect(rows[0]!.textContent).toContain('老周港股实战圈')
    expect(rows[0]!.textContent).toContain('投资圈子')
    expect(rows[0]!.textContent).toContain('已通过')
    expect(rows[0]!.textContent).toContain('¥199 起')
    expect(rows[0]!.textContent).toContain('你是圈主')
    expect(rows[1]!.textContent).toContain('未通过原因：封面与简介不符')
    expect(rows[1]!.textContent).toContain('免费')
    expect(rows[1]!.textContent).toContain('你是管理员')
    expect(within(rows[0]!).getByTestId('circle-edit').getAttribute('href')).toBe('/circle-admin/circle/circle-list/circle-edit/4')
  })

  it('searches by name, filters by type and pages, each a new call', async () => {
    const { http } = show(<CircleListPage />, { 'circleAdmin.circles': (input: { query: { page: number } }) => ({ list: [{ ...circle, id: input.query.page }], hasMore: true, total: 23, page: input.query.page }) })
    await screen.findByTestId('circle-table')
    expect(http.callsTo('circleAdmin.circles')[0]!.input).toEqual({ query: { page: 1, count: 10, type: undefined, keyword: undefined } })
    fireEvent.click(within(screen.getByTestId('circle-type-filter')).getByLabelText('课程'))
    await waitFor(() => expect(http.callsTo('circleAdmin.circles').at(-1)!.input).toEqual({ query: { page: 1, count: 10, type: 'COURSE', keyword: undefined } }))
    fireEvent.change(screen.getByTestId('circle-search'), { target: { value: ' 港股 ' } })
    fireEvent.submit(screen.getByRole('search'))
    await waitFor(() => expect(http.callsTo('circleAdmin.circles').at(-1)!.input).toEqual({ query: { page: 1, count: 10, type: 'COURSE', keyword: '港股' } }))
    const pager = await screen.findByTestId('console-pager')
    expect(pager.textContent).toContain('共 23 条')
    fireEvent.click(within(pager).getByText('下一页'))
    await waitFor(() => expect(http.callsTo('circleAdmin.circles').at(-1)!.input).toEqual({ query: { page: 2, count: 10, type: 'COURSE', keyword: '港股' } }))
  })
})

describe('circle-create and circle-edit', () => {
  it('names what is missing before sending; a picked file that is not an image is refused; a complete paid circle is sent for review', async () => {
    const { http, location } = show(
      <CircleFormPage id={null} />,
      { 'upload.postImage': { list: [{ url: '/file/202611/cover.png' }] }, 'circleAdmin.circleCreate': { ...detail, id: 11, reviewStatus: 'reviewing' } },
      '/circle-admin/circle/circle-list/circle-create',
    )
    fireEvent.click(await screen.findByTestId('circle-form-submit'))
    for (const m of [M.typeRequired, M.nameRequired, M.briefRequired, M.introRequired, M.avatarRequired]) expect(await screen.findByText(m)).toBeTruthy()
    expect(http.callsTo('circleAdmin.circleCreate')).toEqual([])
    fireEvent.click(within(screen.getByTestId('circle-form-type')).getByLabelText('投资圈子'))
    fireEvent.change(screen.getByTestId('circle-form-name'), { target: { value: '名'.repeat(31) } })
    expect(await screen.findByText(M.nameTooLong)).toBeTruthy()
    fireEvent.change(screen.getByTestId('circle-form-name'), { target: { value: '新的港股圈' } })
    fireEvent.change(screen.getByTestId('circle-form-brief'), { target: { value: '每周三篇研究' } })
    fireEvent.change(screen.getByTestId('circle-form-intro'), { target: { value: '圈主每周发布三篇港股研究。' } })
    fireEvent.change(screen.getByTestId('circle-form-cover'), { target: { files: [new File(['x'], 'a.pdf', { type: 'application/pdf' })] } })
    expect(await screen.findByText(UPLOAD_MESSAGES.imageType)).toBeTruthy()
    fireEvent.change(screen.getByTestId('circle-form-cover'), { target: { files: [new File(['x'], 'c.png', { type: 'image/png' })] } })
    await screen.findByTestId('circle-form-cover-preview')
    fireEvent.click(screen.getByTestId('circle-form-paid'))
    fireEvent.change(screen.getByTestId('circle-form-price-0'), { target: { value: '0.5' } })
    fireEvent.click(screen.getByTestId('circle-form-submit'))
    expect(await screen.findByText(M.priceInvalid)).toBeTruthy()
    fireEvent.change(screen.getByTestId('circle-form-price-0'), { target: { value: '299' } })
    fireEvent.click(screen.getByTestId('circle-form-price-add'))
    fireEvent.change(screen.getByTestId('circle-form-price-1'), { target: { value: '39' } })
    fireEvent.click(screen.getByTestId('circle-form-submit'))
    await waitFor(() => expect(http.callsTo('circleAdmin.circleCreate')).toHaveLength(1))
    expect(http.callsTo('circleAdmin.circleCreate')[0]!.input).toEqual({
      body: { type: 'FINANCIAL_CIRCLE', name: '新的港股圈', brief: '每周三篇研究', intro: '圈主每周发布三篇港股研究。', avatar: '/file/202611/cover.png', paid: true, specs: [{ months: 12, price: 29_900 }, { months: 1, price: 3_900 }] },
    })
    await waitFor(() => expect(location.history.at(-1)).toBe('/circle-admin/circle/circle-list'))
  })

  it('an approved circle\'s edit keeps its type and charge and its bought period; the server\'s refusal is shown', async () => {
    const { http } = show(
      <CircleFormPage id={4} />,
      { 'circleAdmin.circleDetail': detail, 'circleAdmin.circleEdit': () => Promise.reject({ statusCode: 400, message: M.forbiddenWords }) },
      '/circle-admin/circle/circle-list/circle-edit/4',
    )
    expect(((await screen.findByTestId('circle-form-name')) as HTMLInputElement).value).toBe('老周港股实战圈')
    expect((screen.getByTestId('circle-form-type') as HTMLFieldSetElement).disabled).toBe(true)
    expect((screen.getByTestId('circle-form-charge') as HTMLFieldSetElement).disabled).toBe(true)
    expect(screen.getByText('已有会员购买')).toBeTruthy()
    expect((screen.getByTestId('circle-form-period-0') as HTMLSelectElement).disabled).toBe(true)
    fireEvent.change(screen.getByTestId('circle-form-intro'), { target: { value: '稳赚不赔' } })
    fireEvent.click(screen.getByTestId('circle-form-submit'))
    expect((await screen.findByTestId('circle-form-message')).textContent).toBe(M.forbiddenWords)
    expect(http.callsTo('circleAdmin.circleEdit')[0]!.input).toMatchObject({ params: { id: 4 }, body: { intro: '稳赚不赔', specs: [{ months: 12, price: 19_900 }] } })
  })
})

describe('circle/circle-user-admin', () => {
  const users = {
    list: [
      { user: owner, role: 'owner', joinTimestamp: 1_790_000_000, expireTimestamp: null },
      { user: { id: 10, nick: '港漂投资日记', avatar: '', brief: '' }, role: 'admin', joinTimestamp: 1_790_000_100, expireTimestamp: null },
      { user: { id: 30, nick: '小散阿明', avatar: '', brief: '' }, role: 'member', joinTimestamp: 1_790_000_200, expireTimestamp: 1_830_000_000 },
    ],
    hasMore: false,
    total: 3,
    page: 1,
  }

  it('the owner sees roles, join times and expiries, filters, and appoints and removes admins', async () => {
    const { http } = show(
      <CircleUsersPage />,
      {
        'circleAdmin.circles': { list: [circle, rejected], hasMore: false, total: 2, page: 1 },
        'circleAdmin.circleUsers': users,
        'circleAdmin.userSearch': { list: [{ id: 30, nick: '小散阿明', avatar: '', isAdmin: false, isOwner: false }, { id: 10, nick: '港漂投资日记', avatar: '', isAdmin: true, isOwner: false }] },
        'circleAdmin.adminAdd': { list: [] },
        'circleAdmin.adminRemove': { list: [] },
      },
      '/circle-admin/circle/circle-user-admin?circleId=4',
    )
    const rows = await screen.findAllByTestId('circle-user-row')
    expect(rows.map((r) => r.getAttribute('data-role'))).toEqual(['owner', 'admin', 'member'])
    expect(rows[0]!.textContent).toContain('长期有效')
    expect(rows[2]!.textContent).toContain('会员')
    fireEvent.change(screen.getByTestId('circle-users-role'), { target: { value: 'expired' } })
    await waitFor(() => expect(http.callsTo('circleAdmin.circleUsers').at(-1)!.input).toEqual({ params: { id: 4 }, query: { page: 1, count: 20, role: 'expired', keyword: undefined } }))
    fireEvent.change(screen.getByTestId('circle-appoint-search'), { target: { value: '阿明' } })
    fireEvent.submit(screen.getByTestId('circle-appoint-search').closest('form')!)
    const hits = await screen.findAllByTestId('circle-appoint-hit')
    expect(hits[1]!.textContent).toContain('已是管理员')
    fireEvent.click(within(hits[0]!).getByTestId('circle-appoint-add'))
    await waitFor(() => expect(http.callsTo('circleAdmin.adminAdd')[0]!.input).toEqual({ params: { id: 4 }, body: { userId: 30 } }))
    await waitFor(() => expect(screen.getAllByTestId('circle-appoint-hit')[0]!.textContent).toContain('已是管理员'))
    fireEvent.change(screen.getByTestId('circle-users-role'), { target: { value: '' } })
    fireEvent.click((await screen.findAllByTestId('circle-admin-remove'))[0]!)
    await waitFor(() => expect(http.callsTo('circleAdmin.adminRemove')[0]!.input).toEqual({ params: { id: 4, userId: 10 } }))
  })

  it('an admin reads the list without the owner\'s buttons', async () => {
    show(<CircleUsersPage />, { 'circleAdmin.circles': { list: [rejected], hasMore: false, total: 1, page: 1 }, 'circleAdmin.circleUsers': users }, '/circle-admin/circle/circle-user-admin')
    expect(await screen.findAllByTestId('circle-user-row')).toHaveLength(3)
    expect(screen.queryByTestId('circle-appoint')).toBeNull()
    expect(screen.queryByTestId('circle-admin-remove')).toBeNull()
    expect(screen.getByText('仅圈主可以添加或取消管理员')).toBeTruthy()
  })
})

describe('operate/rights and operate/sort/{id}', () => {
  it('edits the rights, refuses an untitled one before sending, and saves the list in order', async () => {
    const { http } = show(
      <RightsPage />,
      { 'circleAdmin.circles': { list: [circle], hasMore: false, total: 1, page: 1 }, 'circleAdmin.rights': { list: [{ title: '每日策略', description: '' }] }, 'circleAdmin.rightsSave': (i: { body: unknown }) => i.body },
      '/circle-admin/operate/rights',
    )
    expect(((await screen.findByTestId('right-title')) as HTMLInputElement).value).toBe('每日策略')
    fireEvent.click(screen.getByTestId('right-add'))
    fireEvent.click(screen.getByTestId('rights-save'))
    expect((await screen.findByTestId('rights-message')).textContent).toBe(M.rightTitleRequired)
    expect(http.callsTo('circleAdmin.rightsSave')).toEqual([])
    fireEvent.change(screen.getAllByTestId('right-title')[1]!, { target: { value: '无限提问' } })
    fireEvent.click(within(screen.getAllByTestId('right-row')[1]!).getByText('上移'))
    fireEvent.click(screen.getByTestId('rights-save'))
    await screen.findByTestId('rights-saved')
    expect(http.callsTo('circleAdmin.rightsSave')[0]!.input).toEqual({ params: { id: 4 }, body: { list: [{ title: '无限提问', description: '' }, { title: '每日策略', description: '' }] } })
  })

  it('moves a circle\'s sections and saves every one once, in the new order', async () => {
    const tags = { list: [{ id: 1, name: '盘前策略' }, { id: 2, name: '复盘' }, { id: 3, name: '公告' }] }
    const { http } = show(<TagSortPage id={4} />, { 'circleAdmin.circles': { list: [circle], hasMore: false, total: 1, page: 1 }, 'circleAdmin.tagSort': tags, 'circleAdmin.tagSortSave': (i: { body: { ids: number[] } }) => ({ list: i.body.ids.map((id) => tags.list.find((x) => x.id === id)) }) }, '/circle-admin/operate/sort/4')
    expect(await screen.findByText('调整「老周港股实战圈」的内容分类在圈子中的展示顺序，「全部」始终排在最前。')).toBeTruthy()
    const rows = await screen.findAllByTestId('sort-row')
    fireEvent.click(within(rows[2]!).getByTestId('sort-up'))
    fireEvent.click(screen.getByTestId('sort-save'))
    await screen.findByTestId('sort-saved')
    expect(http.callsTo('circleAdmin.tagSortSave')[0]!.input).toEqual({ params: { id: 4 }, body: { ids: [1, 3, 2] } })
    expect(screen.getAllByTestId('sort-row').map((r) => r.textContent)).toEqual([expect.stringContaining('盘前策略'), expect.stringContaining('公告'), expect.stringContaining('复盘')])
  })
})
