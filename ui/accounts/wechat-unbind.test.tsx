// @vitest-environment jsdom
// Issue 25: /my/setting offers 解绑微信 for a reader whose account is bound to WeChat (spec 001 §7
// GET /api/weChat/unbind). It asks first; 取消 sends nothing; 确定解绑 sends the call, says the result
// and shows the bound state the server's login info gives afterwards. A refusal (a WeChat-only account)
// is said in the server's words, and the state stays bound.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../core/api/api-error'
import { loginInfoFixture } from '../../core/testing/login-info'
import { fakeHttp, makeServices, renderUi } from '../testing/render'
import { SessionProvider } from './session'
import { SettingPage } from './my-pages'

beforeEach(() => {
  document.cookie = 'gmh_login=1; path=/'
})
afterEach(() => {
  cleanup()
  document.cookie = 'gmh_login=; max-age=0; path=/'
})

function renderSetting(unbind: () => unknown, bound = true) {
  let reads = 0
  let unbound = false
  const http = fakeHttp({
    // the first read is the session's; after an unbind the server says what it now holds
    'user.get': () => loginInfoFixture({ wechatBound: bound && (reads++ === 0 || !unbound) }),
    'wechat.unbind': () => {
      const answer = unbind()
      unbound = true
      return answer
    },
    'friendships.followings': { list: [], hasMore: false, total: 0 },
    'userstock.listV2': [],
  })
  renderUi(
    <SessionProvider>
      <SettingPage />
    </SessionProvider>,
    { services: makeServices({ http }) },
  )
  return http
}

describe('/my/setting: 解绑微信', () => {
  it('a bound reader is asked first; 取消 sends nothing', async () => {
    const http = renderSetting(() => true)
    const state = await screen.findByTestId('wechat-binding')
    expect(state.textContent).toContain('已绑定')
    fireEvent.click(within(state).getByRole('button', { name: '解绑微信' }))
    const dialog = screen.getByRole('dialog', { name: '解绑微信' })
    expect(within(dialog).getByText(/解绑后将不能再用这个微信扫码登录本账号/)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(http.callsTo('wechat.unbind')).toHaveLength(0)
  })

  it('确定解绑 sends GET /api/weChat/unbind, says 已解绑微信, and the state is the server’s again: 未绑定, no button', async () => {
    const http = renderSetting(() => true)
    fireEvent.click(within(await screen.findByTestId('wechat-binding')).getByRole('button', { name: '解绑微信' }))
    fireEvent.click(within(screen.getByRole('dialog', { name: '解绑微信' })).getByRole('button', { name: '确定解绑' }))
    expect((await screen.findByTestId('wechat-unbind-result')).textContent).toBe('已解绑微信')
    await waitFor(() => expect(screen.getByTestId('wechat-binding').textContent).toContain('未绑定'))
    expect(screen.queryByRole('button', { name: '解绑微信' })).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(http.callsTo('wechat.unbind')).toHaveLength(1)
    // the login info was read again after the unbind (the session's first read, then this one)
    expect(http.callsTo('user.get').length).toBeGreaterThanOrEqual(2)
  })

  it("a refusal is said in the server's words and the account stays bound", async () => {
    renderSetting(() => {
      throw new ApiError({ statusCode: 400, message: '请先绑定手机号，再解绑微信' })
    })
    fireEvent.click(within(await screen.findByTestId('wechat-binding')).getByRole('button', { name: '解绑微信' }))
    fireEvent.click(within(screen.getByRole('dialog', { name: '解绑微信' })).getByRole('button', { name: '确定解绑' }))
    expect((await screen.findByTestId('wechat-unbind-result')).textContent).toBe('请先绑定手机号，再解绑微信')
    expect(screen.getByTestId('wechat-binding').textContent).toContain('已绑定')
    expect(screen.getByRole('button', { name: '解绑微信' })).toBeTruthy()
  })

  it('a reader not bound to WeChat sees 未绑定 and no unbind', async () => {
    renderSetting(() => true, false)
    expect((await screen.findByTestId('wechat-binding')).textContent).toContain('未绑定')
    expect(screen.queryByRole('button', { name: '解绑微信' })).toBeNull()
  })
})
