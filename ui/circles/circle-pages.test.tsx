// @vitest-environment jsdom
// The financial circle pages (issue 27; spec 001 §2, §4, §5, §8): the detail page as a guest reads it (the
// intro, a sample and the buy button that opens the order dialog on the circle's spec), as a member (the
// moments, pinned first and essence marked, the tag filter, the post box) and as the owner (pin, essence,
// ignore); blocked input (内容审核中); a free circle's join; the question form (public or anonymous) and
// the owner's answer; /chiefCircle's joined circles with the 99+ cap.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CircleAccess, CircleDetail, CircleDynamic, CircleIntro, CircleSummary, JoinedCircle } from '../../core/api/circles'
import { BuyContext } from '../common/buy'
import { circleDynamicFixture } from '../../core/testing/circle-dynamic'
import { fakeHttp, makeServices, renderUi, type FakeAnswer } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { CircleDetailPage } from './detail-page'
import { QuestionPage } from './question-page'
import { CircleHomePage } from './circle-home-page'
import { ScheduleLivePage } from './schedule-live-page'

afterEach(cleanup)

const owner = { id: 9, nick: '港股老王', avatar: '/a.svg', brief: '' }
const access = (over: Partial<CircleAccess>): CircleAccess => ({
  role: 'guest',
  canRead: false,
  canPost: false,
  canAsk: false,
  canManage: false,
  canJoin: true,
  expireTimestamp: null,
  inputMessage: '',
  ...over,
})
const price = { goodsId: 31, specsId: 301, price: 19900, priceText: '¥199.00/年', months: 12 }
const summary = (id: number, over: Partial<CircleSummary> = {}): CircleSummary => ({
  id,
  type: 'FINANCIAL_CIRCLE',
  name: `港股价值圈 ${id}`,
  avatar: '/c.svg',
  brief: '每天一篇港股研究',
  owner,
  memberCount: 1200,
  dynamicCount: 88,
  price,
  createTimestamp: 1_710_000_000,
  ...over,
})
const intro = (over: Partial<CircleIntro> = {}): CircleIntro => ({
  ...summary(3),
  intro: '圈主每天分享港股研究。',
  reviewStatus: 'approved',
  admins: [],
  sample: [{ dynamicId: 70, title: '腾讯年报解读', excerpt: '回购力度加大，中长期', createTimestamp: 1_710_000_000 }],
  access: access({}),
  ...over,
})
const detail = (i: CircleIntro): CircleDetail => ({ ...i, tags: [{ tagId: 1, tagName: '研报', isDefault: true }, { tagId: 2, tagName: '答疑', isDefault: false }], topics: [], answeredCount: 1, unansweredCount: 1, announcement: '' })
const moment = (id: number, over: Partial<CircleDynamic> = {}): CircleDynamic => circleDynamicFixture({ dynamicId: id, author: owner, content: `动态 ${id}`, commentCount: 2, createTimestamp: 1_710_000_000 - id, ...over })
const page = <T,>(list: T[], hasMore = false) => ({ list, hasMore })

function renderDetail(answers: Record<string, FakeAnswer>, opts: { userId?: number; buy?: (specsId: number) => void; path?: string } = {}) {
  const http = fakeHttp({ 'riskTip.list': [], 'moment.sendableTags': [], ...answers })
  const session = testSession(opts.userId === undefined ? undefined : { id: opts.userId })
  const r = renderUi(
    <WithSession actor={session}>
      <BuyContext.Provider value={opts.buy ?? null}>
        <CircleDetailPage id={3} />
      </BuyContext.Provider>
    </WithSession>,
    { path: opts.path ?? '/chiefCircle/detail/3', services: makeServices({ http }) },
  )
  return { ...r, http }
}

describe('/chiefCircle/detail/{id}', () => {
  it('a guest reads the intro and a sample; the buy button opens the order dialog on the circle spec; no moments are asked for', async () => {
    const buy = vi.fn()
    const { http } = renderDetail({ 'moment.intro': intro() }, { buy })
    expect(await screen.findByRole('heading', { level: 1, name: /港股价值圈 3/ })).toBeTruthy()
    const outside = screen.getByTestId('circle-outsider')
    expect(within(outside).getByText('腾讯年报解读')).toBeTruthy()
    expect(within(outside).getByText('加入后查看全部内容')).toBeTruthy()
    fireEvent.click(within(outside).getByRole('button', { name: '立即加入 ¥199.00/年' }))
    expect(buy).toHaveBeenCalledWith(301)
    expect(http.callsTo('moment.content')).toEqual([])
    expect(http.callsTo('moment.detail')).toEqual([])
    expect(screen.queryByTestId('circle-post-box')).toBeNull()
  })

  it('an expired member is offered renewal with the spec message', async () => {
    renderDetail({ 'moment.intro': intro({ access: access({ role: 'expired' }) }) }, { userId: 7 })
    expect(await screen.findByText('您的圈子会员已到期，续费后可继续查看')).toBeTruthy()
    expect(screen.getByRole('button', { name: '续费 ¥199.00/年' })).toBeTruthy()
  })

  it('a free circle is joined with POST /api/momentUser/v1, then read as a member', async () => {
    let joined = false
    const member = access({ role: 'member', canRead: true, canPost: true, canAsk: true, canJoin: false })
    const free = intro({ price: null })
    const { http } = renderDetail(
      {
        'moment.intro': () => (joined ? { ...free, access: member } : { ...free, access: access({ role: 'stranger' }) }),
        'momentUser.join': () => ((joined = true), member),
        'moment.detail': () => detail({ ...free, access: member }),
        'moment.content': page([moment(1)]),
      },
      { userId: 7 },
    )
    fireEvent.click(await screen.findByRole('button', { name: '免费加入' }))
    expect(await screen.findByText('动态 1')).toBeTruthy()
    expect(http.callsTo('momentUser.join').map((c) => c.input)).toEqual([{ body: { momentId: 3 } }])
  })

  it('a member reads the moments pinned first with their marks, filters by tag, and has the post box', async () => {
    const member = intro({ access: access({ role: 'member', canRead: true, canPost: true, canAsk: true, canJoin: false, expireTimestamp: 1_740_000_000 }) })
    const { http } = renderDetail(
      {
        'moment.intro': member,
        'moment.detail': detail(member),
        'moment.content': (input: { query?: { tagId?: number } }) =>
          input?.query?.tagId === 2 ? page([moment(5, { content: '答疑一则' })]) : page([moment(1, { top: true, content: '置顶公告' }), moment(2, { essence: true, content: '精华研报' }), moment(3)]),
      },
      { userId: 7 },
    )
    const list = await screen.findByRole('list', { name: '圈子动态' })
    const items = within(list).getAllByTestId('circle-moment')
    expect(items.map((i) => i.getAttribute('data-top'))).toEqual(['true', 'false', 'false'])
    expect(within(items[0]!).getByTestId('mark-top').textContent).toBe('置顶')
    expect(within(items[1]!).getByTestId('mark-essence').textContent).toBe('精华')
    expect(screen.getByText('有效期至 2025-02-20')).toBeTruthy()
    // a plain member manages nothing
    expect(screen.queryByTestId('moment-pin')).toBeNull()
    expect(screen.getByTestId('circle-post-box')).toBeTruthy()
    fireEvent.click(within(screen.getByRole('tablist', { name: '按标签筛选' })).getByRole('tab', { name: '答疑' }))
    expect(await screen.findByText('答疑一则')).toBeTruthy()
    expect(http.callsTo('moment.content').at(-1)!.input).toEqual({ params: { id: 3 }, query: { page: 1, count: 20, tagId: 2 } })
  })

  it('posting: text and an image, the risk category, PUT /api/review/v1, then 已发布，内容审核中', async () => {
    const member = intro({ access: access({ role: 'member', canRead: true, canPost: true, canJoin: false }) })
    globalThis.URL.createObjectURL ??= () => 'blob:x'
    const { http } = renderDetail(
      {
        'moment.intro': member,
        'moment.detail': detail(member),
        'moment.content': page([]),
        'riskTip.list': [{ id: 4, name: '个股分析' }],
        'upload.file': { list: [{ url: '/file/k1', name: 'a.png', extension: 'png', size: 3, kind: 'image' }] },
        'review.submit': moment(99, { status: 'reviewing' }),
      },
      { userId: 7 },
    )
    const box = await screen.findByTestId('circle-post-box')
    fireEvent.change(within(box).getByRole('textbox', { name: '动态内容' }), { target: { value: '看好腾讯' } })
    const input = within(box).getByTestId('circle-image-input') as HTMLInputElement
    fireEvent.change(input, { target: { files: [new File(['abc'], 'a.png', { type: 'image/png' })] } })
    await waitFor(() => expect(within(box).getByTestId('circle-draft-image').getAttribute('data-status')).toBe('done'))
    // a file now is refused with the spec's message
    fireEvent.change(within(box).getByTestId('circle-file-input'), { target: { files: [new File(['x'], 'a.pdf', { type: 'application/pdf' })] } })
    expect((await screen.findByTestId('circle-notice-message')).textContent).toBe('不能同时上传图片和文件')
    fireEvent.click(screen.getByRole('button', { name: '我知道了' }))
    fireEvent.click(within(box).getByTestId('circle-post-send'))
    const modal = await screen.findByTestId('circle-risk-modal')
    fireEvent.click(within(modal).getByRole('radio', { name: '个股分析' }))
    fireEvent.click(within(modal).getByTestId('circle-risk-confirm'))
    expect((await screen.findByTestId('circle-post-sent')).textContent).toBe('已发布，内容审核中')
    expect(http.callsTo('review.submit')[0]!.input).toEqual({
      body: { momentId: 3, content: '看好腾讯', riskTipId: 4, topic: null, momentTags: [], pictureUrls: ['/file/k1'], files: [], refContents: [] },
    })
  })

  it('a member reads the owner\'s pinned announcement above the moments (set in the circle-admin console)', async () => {
    const member = intro({ access: access({ role: 'member', canRead: true, canPost: false, canJoin: false, inputMessage: '您暂无发布权限' }) })
    renderDetail({ 'moment.intro': member, 'moment.detail': { ...detail(member), announcement: '周五盘前策略改到 8:30 发布。' }, 'moment.content': page([moment(1)]) }, { userId: 7 })
    expect((await screen.findByTestId('circle-announcement')).textContent).toContain('周五盘前策略改到 8:30 发布。')
    expect(screen.getByTestId('circle-input-blocked').textContent).toBe('您暂无发布权限')
  })

  it('a circle under review blocks input with 内容审核中', async () => {
    const member = intro({ reviewStatus: 'reviewing', access: access({ role: 'member', canRead: true, canPost: false, canJoin: false, inputMessage: '内容审核中' }) })
    renderDetail({ 'moment.intro': member, 'moment.detail': detail(member), 'moment.content': page([moment(1, { commentsClosed: true })]) }, { userId: 7 })
    expect((await screen.findByTestId('circle-input-blocked')).textContent).toBe('内容审核中')
    expect(await screen.findByText('该内容已限制评论')).toBeTruthy()
    expect(screen.queryByTestId('circle-post-box')).toBeNull()
  })

  it('the owner pins, marks essence and ignores: each PUT of the spec, then the list reloads', async () => {
    let top = false
    const mine = intro({ access: access({ role: 'owner', canRead: true, canPost: true, canManage: true, canJoin: false }) })
    const { http } = renderDetail(
      {
        'moment.intro': mine,
        'moment.detail': detail(mine),
        'moment.content': () => page([moment(1, { top })]),
        'moment.contentTop': (input: { body: { top: boolean } }) => ((top = input.body.top), moment(1, { top })),
        'moment.contentEssence': (input: { body: { essence: boolean } }) => moment(1, { essence: input.body.essence }),
        'moment.dynamicIgnore': moment(1, { ignored: true }),
      },
      { userId: 9 },
    )
    fireEvent.click(await screen.findByRole('button', { name: '置顶' }))
    expect(await screen.findByTestId('mark-top')).toBeTruthy()
    expect(http.callsTo('moment.contentTop')[0]!.input).toEqual({ params: { id: 3 }, body: { dynamicId: 1, top: true, momentId: 3 } })
    fireEvent.click(screen.getByRole('button', { name: '设为精华' }))
    await waitFor(() => expect(http.callsTo('moment.contentEssence')[0]!.input).toEqual({ params: { id: 3 }, body: { dynamicId: 1, essence: true, momentId: 3 } }))
    fireEvent.click(screen.getByRole('button', { name: '忽略' }))
    await waitFor(() => expect(http.callsTo('moment.dynamicIgnore')[0]!.input).toEqual({ body: { dynamicId: 1 } }))
  })

  it('a refused pin rolls back with the server message', async () => {
    const admin = intro({ access: access({ role: 'admin', canRead: true, canManage: true, canJoin: false }) })
    renderDetail(
      {
        'moment.intro': admin,
        'moment.detail': detail(admin),
        'moment.content': page([moment(1)]),
        'moment.contentTop': () => Promise.reject({ statusCode: 403, message: '仅圈主和管理员可以操作' }),
      },
      { userId: 8 },
    )
    fireEvent.click(await screen.findByRole('button', { name: '置顶' }))
    expect((await screen.findByRole('alert')).textContent).toBe('仅圈主和管理员可以操作')
    expect(screen.getByRole('button', { name: '置顶' }).getAttribute('aria-pressed')).toBe('false')
  })
})

describe('/chiefCircle/question/{id}/{type}', () => {
  const question = (id: number, over: Partial<CircleDynamic> = {}) => moment(id, { kind: 'question', questionType: 'public', content: `提问 ${id}`, ...over })

  it('a member asks anonymously: questionType anonymity, no risk modal, then the form clears', async () => {
    const member = intro({ access: access({ role: 'member', canRead: true, canPost: true, canAsk: true, canJoin: false }) })
    const http = fakeHttp({
      'moment.intro': member,
      'moment.content': page([question(4, { author: null, anonymous: true, questionType: 'anonymity' })]),
      'momentUser.askQuestionUser': page([owner]),
      'riskTip.list': [{ id: 4, name: '个股分析' }],
      'review.submit': question(5, { status: 'reviewing' }),
    })
    renderUi(
      <WithSession actor={testSession({ id: 7 })}>
        <QuestionPage id={3} tab="unanswered" />
      </WithSession>,
      { path: '/chiefCircle/question/3/unanswered', services: makeServices({ http }) },
    )
    const form = await screen.findByTestId('ask-form')
    expect(within(form).getByRole('radio', { name: '公开提问' })).toHaveProperty('checked', true)
    const send = within(form).getByRole('button', { name: '提交问题' })
    expect(send).toHaveProperty('disabled', true)
    fireEvent.change(within(form).getByRole('textbox', { name: '问题内容' }), { target: { value: '腾讯还能拿吗？' } })
    fireEvent.click(within(form).getByRole('radio', { name: '匿名提问' }))
    expect(within(form).getByText('匿名提问时，仅圈主和管理员可见提问者')).toBeTruthy()
    fireEvent.click(send)
    expect(await within(form).findByText('问题已提交，内容审核中')).toBeTruthy()
    expect(http.callsTo('review.submit')[0]!.input).toEqual({ body: { momentId: 3, content: '腾讯还能拿吗？', riskTipId: null, questionType: 'anonymity' } })
    // the anonymous asker of another question is shown as 匿名用户; the owner is whom to ask
    expect(screen.getByText('匿名用户')).toBeTruthy()
    expect(within(screen.getByRole('region', { name: '可提问的人' })).getByRole('link', { name: '港股老王' })).toBeTruthy()
    expect(http.callsTo('moment.content')[0]!.input).toEqual({ params: { id: 3 }, query: { page: 1, count: 20, kind: 'unanswered' } })
    expect(screen.getByRole('link', { name: '待回答' }).getAttribute('aria-current')).toBe('page')
  })

  it('the owner answers a waiting question (replyId); the answered tab shows the answer', async () => {
    const mine = intro({ access: access({ role: 'owner', canRead: true, canPost: true, canManage: true, canJoin: false }) })
    const http = fakeHttp({
      'moment.intro': mine,
      'moment.content': (input: { query?: { kind?: string } }) =>
        input?.query?.kind === 'answered'
          ? page([question(6, { answer: { author: owner, content: '可以继续持有', createTimestamp: 1_710_000_100 } })])
          : page([question(4)]),
      'momentUser.askQuestionUser': page([owner]),
      'riskTip.list': [],
      'review.submit': question(4),
    })
    const r = renderUi(
      <WithSession actor={testSession({ id: 9 })}>
        <QuestionPage id={3} tab="unanswered" />
      </WithSession>,
      { path: '/chiefCircle/question/3/unanswered', services: makeServices({ http }) },
    )
    const box = await screen.findByTestId('answer-box')
    fireEvent.change(within(box).getByRole('textbox', { name: '回答 港股老王 的提问' }), { target: { value: '可以继续持有' } })
    fireEvent.click(within(box).getByTestId('answer-send'))
    await waitFor(() => expect(http.callsTo('review.submit')[0]!.input).toEqual({ body: { momentId: 3, content: '可以继续持有', riskTipId: null, replyId: 4 } }))
    r.rerender(
      <WithSession actor={testSession({ id: 9 })}>
        <QuestionPage id={3} tab="answered" />
      </WithSession>,
    )
    expect((await screen.findByTestId('moment-answer')).textContent).toContain('可以继续持有')
  })
})

describe('/chiefCircle', () => {
  it('a signed-in reader sees the joined circles grouped by type with unread counts capped at 99+', async () => {
    const joined = (id: number, unreadCount: number): JoinedCircle => ({
      id,
      momentId: id,
      financialCircle: { id },
      type: 'FINANCIAL_CIRCLE',
      name: `圈子 ${id}`,
      avatar: '/c.svg',
      route: `/chiefCircle/detail/${id}`,
      unreadCount,
      role: 'member',
      expireTimestamp: null,
    })
    const http = fakeHttp({
      'vips.recommendCircles': page([summary(11)]),
      'vips.recommend': [{ ...owner, circleCount: 2, memberCount: 12000 }],
      'financialCircle.joined': { list: [{ type: 'FINANCIAL_CIRCLE', list: [joined(1, 150), joined(2, 3)], unreadCount: 153 }], unreadCount: 153 },
    })
    renderUi(
      <WithSession actor={testSession({ id: 7 })}>
        <CircleHomePage />
      </WithSession>,
      { path: '/chiefCircle', services: makeServices({ http }) },
    )
    const first = await screen.findByRole('link', { name: '圈子 1，99+ 条未读' })
    expect(first.getAttribute('href')).toBe('/chiefCircle/detail/1')
    expect(screen.getByRole('link', { name: '圈子 2，3 条未读' })).toBeTruthy()
    expect(screen.getByRole('link', { name: '港股价值圈 11' }).getAttribute('href')).toBe('/chiefCircle/detail/11')
    expect(screen.getByRole('link', { name: '港股老王' }).getAttribute('href')).toBe('/user/9')
  })

  it('a guest is asked to log in where the joined circles go, and nothing personal is asked for', async () => {
    const http = fakeHttp({ 'vips.recommendCircles': page([summary(11)]), 'vips.recommend': [] })
    renderUi(<CircleHomePage />, { path: '/chiefCircle', services: makeServices({ http }) })
    expect(await screen.findByText('登录后查看你加入的圈子')).toBeTruthy()
    expect(await screen.findByRole('link', { name: '港股价值圈 11' })).toBeTruthy()
    expect(http.callsTo('financialCircle.joined')).toEqual([])
  })
})

describe('/chiefCircle/schedule-live/{id} and /chiefChatroom', () => {
  it('a live column lists its items with their start times and live-room statuses, ten a page', async () => {
    const http = fakeHttp({
      'circle.liveColumn': { id: 4, name: '港股夜话', avatar: '/c.svg', brief: '每周三晚直播', intro: '', owner, price: null, access: access({}), itemCount: 2 },
      'circle.liveColumnContent': page([
        { id: 41, title: '美联储议息前瞻', brief: '利率与港股', status: 'RESERVATION', statusCode: 1, startTimestamp: 1_710_500_000 },
        { id: 40, title: '年报季复盘', brief: '', status: 'PLAYBACK', statusCode: 3, startTimestamp: 1_710_000_000 },
      ]),
    })
    renderUi(<ScheduleLivePage id={4} />, { path: '/chiefCircle/schedule-live/4', services: makeServices({ http }) })
    const items = await screen.findAllByTestId('schedule-item')
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('预约中'),
      expect.stringContaining('回放'),
    ])
    expect(http.callsTo('circle.liveColumnContent')[0]!.input).toEqual({ query: { liveColumnId: 4, page: 1, count: 10 } })
    expect(screen.getByText('免费')).toBeTruthy()
  })
})
