// @vitest-environment jsdom
// The WeCom pages of spec 001 §2 (/wecom/mine (client, group, group/{gid}), /wecom/user-guidance) in the
// WeCom layout: a guest signs in with WeCom, the return with ?wwcode= spends the code, a reader without a
// member binds one, a member sees their clients, customer groups and a group's members.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../core/api/api-error'
import type { WecomClient, WecomGroupDetail, WecomGroupSummary } from '../../core/api/wecom'
import { fakeHttp } from '../testing/render'
import { testSession } from '../testing/session'
import { renderApp } from '../testing/render-app'

beforeAll(async () => {
  await Promise.all([import('./wecom-pages'), import('../common/status-pages')])
}, 60_000)
beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
})
afterEach(cleanup)

const member = { userid: 'LiuMin', name: '刘敏', position: '高级投资顾问', avatar: '' }
const client = (name: string, over: Partial<WecomClient> = {}): WecomClient => ({
  externalUserId: `wm${name}`,
  name,
  avatar: '',
  kind: 'wechat',
  corpName: '',
  remark: `${name}（港股）`,
  description: '港股打新，关注医药',
  tags: ['港股', '打新'],
  addedAt: 1_763_000_000,
  ...over,
})
const group: WecomGroupSummary = { chatId: 'wrSandboxHkIpoGroup01', name: '港股打新交流群', ownerName: '刘敏', memberCount: 3, clientCount: 1, createdAt: 1_760_000_000 }
const detail: WecomGroupDetail = {
  ...group,
  notice: '每个招股日早上 9 点发布新股要点。',
  members: [
    { userid: 'LiuMin', name: '刘敏', kind: 'member', role: 'owner', joinedAt: 1_760_000_000, joinScene: 'invited' },
    { userid: 'ZhouYa', name: '周雅', kind: 'member', role: 'admin', joinedAt: 1_760_000_000, joinScene: 'invited' },
    { userid: 'wm1', name: '张子健', kind: 'client', role: 'member', joinedAt: 1_760_100_000, joinScene: 'qr' },
  ],
}

const memberHttp = (over: Record<string, unknown> = {}) =>
  fakeHttp({
    'wxwork.mine': { corpName: '港美汇投资服务', member },
    'wxwork.clients': { list: [client('张子健'), client('黄志明', { kind: 'wecom', corpName: '汇丰银行（中国）', tags: ['机构'] })] },
    'wxwork.groups': { list: [group] },
    'wxwork.group': detail,
    ...over,
  })

describe('/wecom/mine as a guest', () => {
  it('the WeCom layout (brand bar, no footer) with the sign-in panel; 企业微信登录 asks where WeCom’s SSO page is', async () => {
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    const http = fakeHttp({ 'wxwork.sso': { state: 's', url: 'https://login.work.weixin.qq.com/wwlogin/sso/login?state=s', expireSeconds: 300 } })
    renderApp('/wecom/mine', http)
    const panel = await screen.findByTestId('wecom-guest')
    expect(screen.getByRole('main').getAttribute('data-layout')).toBe('wecom')
    expect(screen.queryByRole('contentinfo')).toBeNull()
    expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull()
    expect(within(panel).getByRole('heading', { name: '用企业微信登录' })).toBeTruthy()
    expect(document.title).toBe('企业微信通讯录 - 港美汇')
    fireEvent.click(within(panel).getByTestId('wecom-sign-in'))
    await http.settled()
    expect(http.callsTo('wxwork.sso').map((c) => c.input)).toEqual([{ query: { redirect: '/wecom/mine' } }])
    expect(assign).toHaveBeenCalledWith('https://login.work.weixin.qq.com/wwlogin/sso/login?state=s')
    expect(http.callsTo('wxwork.mine')).toEqual([]) // a guest has no address book to read
    vi.unstubAllGlobals()
  })

  it('a refused start shows the server’s message and the button again', async () => {
    const http = fakeHttp({ 'wxwork.sso': () => Promise.reject(new ApiError({ statusCode: 429, message: '操作过于频繁，请稍后再试' })) })
    renderApp('/wecom/mine', http)
    fireEvent.click(await screen.findByTestId('wecom-sign-in'))
    expect((await screen.findByRole('alert')).textContent).toBe('操作过于频繁，请稍后再试')
    expect(screen.getByTestId('wecom-sign-in').textContent).toBe('企业微信登录')
  })

  it('back from WeCom with ?wwcode=: the code is spent once, the session checked again and the code leaves the address bar', async () => {
    const http = fakeHttp({ 'wxwork.session': { action: 'registered', member } })
    const session = testSession()
    const sent: string[] = []
    session.subscribe(() => {})
    const origSend = session.send.bind(session)
    session.send = ((e: { type: string }) => {
      sent.push(e.type)
      origSend(e as never)
    }) as typeof session.send
    const r = renderApp('/wecom/mine/group?wwcode=CODE123', http, session)
    await http.settled()
    await act(async () => {})
    expect(http.callsTo('wxwork.session').map((c) => c.input)).toEqual([{ body: { code: 'CODE123' } }])
    expect(sent).toContain('session.check')
    expect(r.location.history.at(-1)).toBe('/wecom/mine/group')
  })

  it('a refused code says so (企业微信授权已失效，请重新登录)', async () => {
    const http = fakeHttp({ 'wxwork.session': () => Promise.reject(new ApiError({ statusCode: 400, message: '企业微信授权已失效，请重新登录' })) })
    renderApp('/wecom/mine?wwcode=USED', http)
    expect((await screen.findByRole('alert')).textContent).toBe('企业微信授权已失效，请重新登录')
  })
})

describe('/wecom/mine signed in', () => {
  it('a reader without a member is offered 绑定企业微信; the lists are not read', async () => {
    const http = fakeHttp({ 'wxwork.mine': { corpName: '港美汇投资服务', member: null } })
    renderApp('/wecom/mine', http, testSession({ id: 7 }))
    const panel = await screen.findByTestId('wecom-bind')
    expect(within(panel).getByRole('heading', { name: '绑定企业微信' })).toBeTruthy()
    expect(within(panel).getByTestId('wecom-sign-in').textContent).toBe('绑定企业微信')
    expect(http.callsTo('wxwork.clients')).toEqual([])
  })

  it('a member sees their card and their clients (客户): WeChat users and another company’s, note, tags, date', async () => {
    const http = memberHttp()
    renderApp('/wecom/mine', http, testSession({ id: 7 }))
    const list = await screen.findAllByTestId('wecom-client')
    expect(list.map((li) => within(li).getByRole('strong').textContent)).toEqual(['张子健', '黄志明'])
    expect(within(list[0]!).getByText('微信')).toBeTruthy()
    expect(within(list[1]!).getByText('@汇丰银行（中国）')).toBeTruthy()
    expect(within(list[0]!).getByText('备注：张子健（港股）')).toBeTruthy()
    expect(within(list[0]!).getByText('打新')).toBeTruthy()
    expect(within(list[0]!).getByText(/^添加于 \d{4}-\d{2}-\d{2}$/)).toBeTruthy()
    expect(screen.getByText('共 2 位客户')).toBeTruthy()
    expect(within(screen.getByTestId('wecom-member')).getByText('高级投资顾问 · 港美汇投资服务')).toBeTruthy()
    const nav = screen.getByRole('navigation', { name: '企业微信通讯录' })
    expect(within(nav).getByRole('link', { name: '客户' }).getAttribute('aria-current')).toBe('page')
  })

  it('客户群: the owned groups with owner and counts, each opening its members', async () => {
    const http = memberHttp()
    renderApp('/wecom/mine/group', http, testSession({ id: 7 }))
    const [item] = await screen.findAllByTestId('wecom-group')
    expect(within(item!).getByText('港股打新交流群')).toBeTruthy()
    expect(within(item!).getByText('群主：刘敏 · 3 人 · 其中客户 1 人')).toBeTruthy()
    expect(within(item!).getByRole('link', { name: '查看群成员：港股打新交流群' }).getAttribute('href')).toBe('/wecom/mine/group/wrSandboxHkIpoGroup01')
    expect(within(screen.getByRole('navigation', { name: '企业微信通讯录' })).getByRole('link', { name: '客户群' }).getAttribute('aria-current')).toBe('page')
  })

  it('a group: notice and members with 群主 / 管理员 and 企业成员 / 客户, how they joined', async () => {
    const http = memberHttp()
    renderApp('/wecom/mine/group/wrSandboxHkIpoGroup01', http, testSession({ id: 7 }))
    const members = await screen.findAllByTestId('wecom-group-member')
    expect(http.callsTo('wxwork.group').map((c) => c.input)).toEqual([{ params: { gid: 'wrSandboxHkIpoGroup01' } }])
    expect(screen.getByRole('heading', { name: '港股打新交流群' })).toBeTruthy()
    expect(screen.getByText('每个招股日早上 9 点发布新股要点。')).toBeTruthy()
    expect(screen.getByRole('heading', { name: '群成员（3）' })).toBeTruthy()
    expect(within(members[0]!).getByText('群主')).toBeTruthy()
    expect(within(members[1]!).getByText('管理员')).toBeTruthy()
    expect(within(members[2]!).getByText('客户')).toBeTruthy()
    expect(within(members[2]!).getByText(/扫描群二维码入群/)).toBeTruthy()
    expect(screen.getByRole('link', { name: '← 返回客户群列表' }).getAttribute('href')).toBe('/wecom/mine/group')
  })

  it('a group the member is not in shows the server’s message with 重试', async () => {
    const http = memberHttp({ 'wxwork.group': () => Promise.reject(new ApiError({ statusCode: 404, message: '客户群不存在或你不在群中' })) })
    renderApp('/wecom/mine/group/wrOther', http, testSession({ id: 7 }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('客户群不存在或你不在群中')
    expect(within(alert).getByRole('button', { name: '重试' })).toBeTruthy()
  })
})

describe('/wecom/user-guidance', () => {
  it('the steps, privacy and questions, with the way to the address book', async () => {
    renderApp('/wecom/user-guidance')
    expect(await screen.findByRole('heading', { level: 2, name: '企业微信通讯录使用指南' })).toBeTruthy()
    expect(screen.getByRole('main').getAttribute('data-layout')).toBe('wecom')
    expect(screen.getByRole('list').querySelectorAll('li')).toHaveLength(4)
    expect(screen.getByText('扫码后提示「仅限企业成员使用企业微信登录」？')).toBeTruthy()
    expect(screen.getByRole('link', { name: '打开企业微信通讯录' }).getAttribute('href')).toBe('/wecom/mine')
    expect(within(screen.getByRole('navigation', { name: '企业微信通讯录' })).getByRole('link', { name: '使用指南' }).getAttribute('aria-current')).toBe('page')
  })
})
