// @vitest-environment jsdom
// The login dialog's states against a fake HttpPort answering by endpoint name: the phone-code tab
// with its 60-second countdown, the agreement tooltip, statusCode 2000 → captcha → resend, the
// password tab's messages, and the bindphone page with the merge tabs.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../core/api/api-error'
import { LOGIN_MESSAGES } from '../../core/validation/login'
import { MERGE_SUCCESS_TEXT } from '../../core/auth/bind-merge.machine'
import { fakeHttp, makeServices, renderUi, type FakeAnswer } from '../testing/render'
import { testSession, WithSession } from '../testing/session'
import { LoginDialog } from './login-dialog'

const NEEDS_CAPTCHA = new ApiError({ statusCode: 2000, message: '请先完成安全验证' })
/** The code send's answer: the first asks for the captcha (statusCode 2000), the next ones send. */
const captchaFirst = () => {
  let sends = 0
  return () => {
    sends += 1
    if (sends === 1) throw NEEDS_CAPTCHA
    return true
  }
}

function openDialog(answers: Record<string, FakeAnswer>, request: Parameters<typeof LoginDialog>[0]['request'] = {}) {
  const http = fakeHttp({ 'sms.countryCodes': [{ text: '中国', code: '86', region: 'CN' }], ...answers })
  const session = testSession()
  const r = renderUi(<WithSession actor={session}><LoginDialog request={request} /></WithSession>, { services: makeServices({ http }) })
  return { ...r, http, session }
}

const type = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } })
const flush = () => act(async () => {})

beforeEach(() => {
  document.body.style.overflow = ''
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('login dialog — phone-code tab', () => {
  it('opens on the phone-code tab, locks page scroll and shows the agreement', async () => {
    openDialog({})
    expect(await screen.findByRole('tab', { name: '验证码登录' })).toHaveProperty('ariaSelected', 'true')
    expect(document.body.style.overflow).toBe('hidden')
    expect(screen.getByText('《用户协议》')).toBeTruthy()
  })

  it('sending a code counts down 60 seconds with the button disabled, then allows a resend', async () => {
    vi.useFakeTimers()
    const { http } = openDialog({ 'sms.messageCode': true })
    await flush()
    type('手机号', '13800138000')
    fireEvent.click(screen.getByTestId('send-code'))
    await flush()
    expect(http.callsTo('sms.messageCode')[0]!.input!.body).toMatchObject({ phone: '13800138000', countryCode: '86' })
    const button = screen.getByTestId('send-code') as HTMLButtonElement
    expect(button.textContent).toBe('60秒后重发')
    expect(button.disabled).toBe(true)
    await act(async () => vi.advanceTimersByTime(1000))
    expect(button.textContent).toBe('59秒后重发')
    await act(async () => vi.advanceTimersByTime(58_000))
    expect(button.textContent).toBe('1秒后重发')
    expect(button.disabled).toBe(true)
    await act(async () => vi.advanceTimersByTime(1000))
    expect(screen.getByTestId('send-code').textContent).toBe('获取验证码')
    expect((screen.getByTestId('send-code') as HTMLButtonElement).disabled).toBe(false)
  })

  it('an empty phone gets the spec message and nothing is sent', async () => {
    const { http } = openDialog({ 'sms.messageCode': true })
    await flush()
    fireEvent.click(screen.getByTestId('send-code'))
    await flush()
    expect(screen.getByText(LOGIN_MESSAGES.phoneRequired)).toBeTruthy()
    expect(http.callsTo('sms.messageCode')).toHaveLength(0)
  })

  it('logging in without the tick shows the agreement tooltip; ticking removes it', async () => {
    const { http } = openDialog({ 'user.fastLogin': {} })
    await flush()
    type('手机号', '13800138000')
    type('验证码', '123456')
    fireEvent.click(screen.getByTestId('login-submit'))
    await flush()
    expect(screen.getByRole('tooltip').textContent).toBe(LOGIN_MESSAGES.agreementRequired)
    expect(http.callsTo('user.fastLogin')).toHaveLength(0)
    fireEvent.click(screen.getByTestId('agree'))
    await flush()
    expect(screen.queryByRole('tooltip')).toBeNull()
  })

  it('statusCode 2000 asks for the captcha; solving it resends the code with challenge, validate and seccode', async () => {
    const { http } = openDialog({
      'sms.messageCode': captchaFirst(),
      'sms.gtInit': { gt: 'gmh-local-slider', challenge: 'c'.repeat(32), success: 1, new_captcha: true },
      'captcha.challenge': { width: 300, piece: 44, gapY: 30, image: 'data:image/svg+xml;base64,AA==' },
      'captcha.verify': { challenge: 'c'.repeat(32), validate: 'v1', seccode: 'v1|jordan' },
    })
    await flush()
    type('手机号', '13800138000')
    fireEvent.click(screen.getByTestId('send-code'))
    expect(await screen.findByTestId('captcha')).toBeTruthy()
    expect(http.callsTo('sms.gtInit')[0]!.input!.body).toEqual({ phone: '13800138000', countryCode: '86' })
    await flush()
    expect(http.callsTo('captcha.challenge')[0]!.input!.params).toEqual({ challenge: 'c'.repeat(32) })
    const slider = screen.getByLabelText('拖动滑块，使拼图对齐缺口')
    fireEvent.change(slider, { target: { value: '120' } })
    expect(http.callsTo('sms.messageCode')).toHaveLength(1) // nothing before the release
    fireEvent.pointerUp(slider)
    await waitFor(() => expect(http.callsTo('sms.messageCode')).toHaveLength(2))
    expect(http.callsTo('captcha.verify')[0]!.input!.body).toEqual({ challenge: 'c'.repeat(32), offset: 120 })
    expect(http.callsTo('sms.messageCode')[1]!.input!.body).toMatchObject({ phone: '13800138000', challenge: 'c'.repeat(32), validate: 'v1', seccode: 'v1|jordan' })
    await waitFor(() => expect(screen.getByTestId('send-code').textContent).toBe('60秒后重发'))
    expect(screen.queryByTestId('captcha')).toBeNull()
  })

  it("a server refusal shows the server's message (one code per minute)", async () => {
    openDialog({ 'sms.messageCode': () => Promise.reject(new ApiError({ statusCode: 429, message: LOGIN_MESSAGES.codeTooFrequent })) })
    await flush()
    type('手机号', '13800138000')
    fireEvent.click(screen.getByTestId('send-code'))
    expect(await screen.findByText(LOGIN_MESSAGES.codeTooFrequent)).toBeTruthy()
  })
})

describe('login dialog — password tab', () => {
  async function passwordTab(answers: Record<string, FakeAnswer> = {}) {
    const r = openDialog(answers)
    fireEvent.click(await screen.findByRole('tab', { name: '密码登录' }))
    await flush()
    return r
  }

  it('empty fields get the spec messages and nothing is sent', async () => {
    const { http } = await passwordTab({ 'user.passwordLogin': {} })
    fireEvent.click(screen.getByTestId('agree'))
    fireEvent.click(screen.getByTestId('login-submit'))
    await flush()
    expect(screen.getByText(LOGIN_MESSAGES.accountRequired)).toBeTruthy()
    expect(screen.getByText(LOGIN_MESSAGES.passwordRequired)).toBeTruthy()
    expect(http.callsTo('user.passwordLogin')).toHaveLength(0)
  })

  it('typing in a field clears its message', async () => {
    await passwordTab()
    fireEvent.click(screen.getByTestId('agree'))
    fireEvent.click(screen.getByTestId('login-submit'))
    await flush()
    type('手机号或邮箱', '13800138000')
    await flush()
    expect(screen.queryByText(LOGIN_MESSAGES.accountRequired)).toBeNull()
    expect(screen.getByText(LOGIN_MESSAGES.passwordRequired)).toBeTruthy()
  })

  it("a wrong password shows the server's message under the form", async () => {
    const { http } = await passwordTab({ 'user.passwordLogin': () => Promise.reject(new ApiError({ statusCode: 400, message: '账号或密码错误' })) })
    type('手机号或邮箱', '13800138000')
    type('密码', 'secret12')
    fireEvent.click(screen.getByTestId('agree'))
    fireEvent.click(screen.getByTestId('login-submit'))
    expect((await screen.findByRole('alert')).textContent).toBe('账号或密码错误')
    expect(http.callsTo('user.passwordLogin')[0]!.input!.body).toEqual({ userName: '13800138000', password: 'secret12' })
  })
})

describe('login dialog — bindphone page and the merge tabs', () => {
  const candidate = (id: number, nick: string, phone: string) => ({
    id,
    nick,
    avatar: '',
    createDate: 1_700_000_000,
    phone,
    binds: [],
    svip: false,
    userCount: { follow: id, fans: 2, optionalStock: 3, createPortfolios: 0 },
  })

  it('binds a free phone and shows the bind success page', async () => {
    const { http } = openDialog({ 'sms.messageCode': true, 'user.bindPhone': null }, { page: 'bindphone', bindInfo: { nick: '微信用户甲', avatar: '' } })
    expect(await screen.findByRole('heading', { name: '绑定手机号' })).toBeTruthy()
    expect(screen.getByText('微信用户甲')).toBeTruthy()
    type('手机号', '13800138000')
    type('验证码', '123456')
    fireEvent.click(screen.getByTestId('bind-submit'))
    expect(await screen.findByText('手机号绑定成功')).toBeTruthy()
    expect(http.callsTo('user.bindPhone')[0]!.input!.body).toMatchObject({ phone: '13800138000', countryCode: '86', verificationCode: '123456' })
  })

  it('bind 1012 → choose the account to keep → confirm → merge result', async () => {
    const users = { phoneUser: candidate(11, '手机用户', '138****8000'), loginUser: candidate(22, '微信用户', '') }
    const { http } = openDialog(
      {
        'user.bindPhone': () => Promise.reject(new ApiError({ statusCode: 1012, message: '需要合并', result: users })),
        'user.merge': { id: 11 },
      },
      { page: 'bindphone' },
    )
    await screen.findByRole('heading', { name: '绑定手机号' })
    type('手机号', '13800138000')
    type('验证码', '123456')
    fireEvent.click(screen.getByTestId('bind-submit'))
    expect(await screen.findByRole('heading', { name: '该手机号已注册，请选择要保留的账号' })).toBeTruthy()
    expect(screen.getByText('手机用户')).toBeTruthy()
    expect(screen.getByText('微信用户')).toBeTruthy()
    fireEvent.click(screen.getByTestId('keep-phoneUser'))
    fireEvent.click(screen.getByTestId('merge-next'))
    expect(await screen.findByRole('heading', { name: '合并后不可撤销' })).toBeTruthy()
    fireEvent.click(screen.getByTestId('merge-confirm'))
    expect((await screen.findByTestId('merge-result')).textContent).toBe(MERGE_SUCCESS_TEXT)
    expect(http.callsTo('user.merge')[0]!.input!.body).toEqual({ selectedAccount: 11, deprecatedAccount: 22 })
  })

  it('merge 417 shows its message in the confirm step', async () => {
    const users = { phoneUser: candidate(11, '手机用户', '138****8000'), loginUser: candidate(22, '微信用户', '') }
    openDialog(
      {
        'user.bindPhone': () => Promise.reject(new ApiError({ statusCode: 1012, message: '需要合并', result: users })),
        'user.merge': () => Promise.reject(new ApiError({ statusCode: 417, message: '两个账号都有会员，无法合并' })),
      },
      { page: 'bindphone' },
    )
    await screen.findByRole('heading', { name: '绑定手机号' })
    type('手机号', '13800138000')
    type('验证码', '123456')
    fireEvent.click(screen.getByTestId('bind-submit'))
    fireEvent.click(await screen.findByTestId('keep-loginUser'))
    fireEvent.click(screen.getByTestId('merge-next'))
    fireEvent.click(await screen.findByTestId('merge-confirm'))
    expect((await screen.findByRole('alert')).textContent).toBe('两个账号都有会员，无法合并')
  })
})

describe('login dialog — GeeTest captcha (server captcha port is GeeTest)', () => {
  afterEach(() => {
    delete window.initGeetest
  })

  it('runs initGeetest with the gt-init answer and resends with its challenge, validate and seccode', async () => {
    const configs: Record<string, unknown>[] = []
    window.initGeetest = (config, cb) => {
      configs.push(config)
      const handlers: Record<string, () => void> = {}
      const captcha = {
        onReady: (f: () => void) => ((handlers.ready = f), captcha),
        onSuccess: (f: () => void) => ((handlers.success = f), captcha),
        onError: (f: () => void) => ((handlers.error = f), captcha),
        onClose: (f: () => void) => ((handlers.close = f), captcha),
        getValidate: () => ({ geetest_challenge: 'gc', geetest_validate: 'gv', geetest_seccode: 'gv|jordan' }),
        verify: () => handlers.success?.(),
      }
      cb(captcha)
      handlers.ready?.()
    }
    const { http } = openDialog({
      'sms.messageCode': captchaFirst(),
      'sms.gtInit': { gt: 'real-gt-id', challenge: 'x'.repeat(32), success: 0, new_captcha: true },
    })
    await flush()
    type('手机号', '13800138000')
    fireEvent.click(screen.getByTestId('send-code'))
    await waitFor(() => expect(http.callsTo('sms.messageCode')).toHaveLength(2))
    expect(configs[0]).toMatchObject({ gt: 'real-gt-id', challenge: 'x'.repeat(32), offline: true, product: 'bind' })
    expect(http.callsTo('sms.messageCode')[1]!.input!.body).toMatchObject({ challenge: 'gc', validate: 'gv', seccode: 'gv|jordan' })
    expect(http.callsTo('captcha.challenge')).toHaveLength(0) // not the local slider
  })
})

describe('login dialog — WeChat QR (core/auth/wechat-qr.machine.ts)', () => {
  const code = (s: string) => ({ state: s.repeat(32), url: `http://127.0.0.1:3000/wechat/scan?state=${s}`, expireSeconds: 300 })

  it('shows the code for this page and asks about it until it expires; the refresh link shows a new one', async () => {
    vi.useFakeTimers()
    const codes = [code('a'), code('b')]
    let status = 'waiting'
    const { http } = openDialog({
      'wechat.qr': () => codes.shift(),
      'wechat.qrStatus': () => ({ status, code: null }),
    })
    await flush()
    fireEvent.click(screen.getByTestId('agree'))
    fireEvent.click(screen.getByTestId('wechat-open'))
    const img = await vi.waitFor(() => screen.getByTestId('wechat-qr'), { timeout: 5_000, interval: 20 })
    expect(http.callsTo('wechat.qr')[0]!.input!.query).toEqual({ redirect: location.pathname + location.search })
    expect(img.getAttribute('data-url')).toBe(code('a').url)
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    await act(async () => vi.advanceTimersByTimeAsync(1_500))
    expect(http.callsTo('wechat.qrStatus').at(-1)!.input!.query).toEqual({ state: code('a').state })
    status = 'expired'
    await act(async () => vi.advanceTimersByTimeAsync(1_500))
    expect(screen.queryByTestId('wechat-qr')).toBeNull()
    fireEvent.click(screen.getByTestId('wechat-refresh'))
    // the new code, then its picture: the qrcode package draws it on real time as well as the fake
    // clock's (vi.waitFor waits real time between checks and moves the fake clock by its interval)
    await vi.waitFor(() => expect(screen.getByTestId('wechat-qr').getAttribute('data-url')).toBe(code('b').url), { timeout: 5_000, interval: 20 })
    expect(screen.queryByTestId('wechat-refresh')).toBeNull()
  })

  it("a code that cannot be had shows the server's message and the refresh link", async () => {
    openDialog({ 'wechat.qr': () => Promise.reject(new ApiError({ statusCode: 429, message: '操作过于频繁，请稍后再试' })) })
    await flush()
    fireEvent.click(screen.getByTestId('agree'))
    fireEvent.click(screen.getByTestId('wechat-open'))
    expect((await screen.findByRole('alert')).textContent).toBe('操作过于频繁，请稍后再试')
    expect(screen.getByTestId('wechat-refresh').textContent).toBe('二维码已失效，点击刷新')
  })
})

describe('login dialog — calling codes', () => {
  it('the country list comes from the server through the one read helper (86 until it comes)', async () => {
    const { http } = openDialog({
      'sms.countryCodes': [
        { text: '中国', code: '86', region: 'CN' },
        { text: '中国香港', code: '852', region: 'HK' },
      ],
    })
    expect(screen.getByRole('combobox', { name: '国家/地区' }).textContent).toContain('+86')
    expect(await screen.findByRole('option', { name: '中国香港 +852' })).toBeTruthy()
    expect(http.callsTo('sms.countryCodes')).toHaveLength(1)
  })
})
