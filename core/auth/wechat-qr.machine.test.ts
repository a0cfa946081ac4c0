import { describe, expect, it, vi, afterEach, beforeEach } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { WECHAT_QR_TTL_MS } from '../accounts/limits'
import { expectFullCoverage, expectToBeIn } from '../testing/model-coverage'
import { edgePaths, ownEvents, replayPaths } from '../testing/path-replay'
import {
  isWechatOpenPage,
  WECHAT_QR_FAILED,
  WECHAT_QR_POLL_MS,
  WECHAT_QR_RETRY_MS,
  wechatQrMachine,
  type WechatQrCode,
  type WechatQrStatus,
} from './wechat-qr.machine'
import { fakeTimersPerTest } from '../testing/fake-timers'

const local: WechatQrCode = { state: 'a'.repeat(32), url: 'http://127.0.0.1:3000/wechat/scan?state=aaa', expireSeconds: 300 }
const second: WechatQrCode = { state: 'b'.repeat(32), url: 'http://127.0.0.1:3000/wechat/scan?state=bbb', expireSeconds: 300 }
const real: WechatQrCode = { state: 'c'.repeat(32), url: 'https://open.weixin.qq.com/connect/qrconnect?appid=wx1', expireSeconds: 300 }

fakeTimersPerTest({ beforeEach, afterEach, vi })

describe('wechatQrMachine — model', () => {
  const events = ownEvents([
    { type: 'xstate.done.actor.createQr', output: local },
    { type: 'xstate.done.actor.createQr', output: real },
    { type: 'xstate.error.actor.createQr', error: new Error('操作过于频繁，请稍后再试') },
    { type: 'xstate.done.actor.drawQr', output: 'data:image/png;base64,AAAA' },
    { type: 'xstate.error.actor.drawQr', error: new Error('canvas') },
    { type: 'xstate.done.actor.checkStatus', output: { status: 'waiting', code: null } },
    { type: 'xstate.done.actor.checkStatus', output: { status: 'confirmed', code: 'wx-code-1' } },
    { type: 'xstate.done.actor.checkStatus', output: { status: 'expired', code: null } },
    { type: 'xstate.error.actor.checkStatus', error: new Error('网络异常') },
  ])
  const paths = edgePaths(wechatQrMachine, { events })
  const prepare = (m: typeof wechatQrMachine) => m.provide({ actions: { goToWechat: () => undefined, returnWithCode: () => undefined } })

  it('reaches every state and takes every transition', () => {
    expectFullCoverage(wechatQrMachine, paths)
  })

  it('a real actor on fake timers follows every path', async () => {
    const steps = await replayPaths(wechatQrMachine, paths, {
      deferredActors: ['createQr', 'drawQr', 'checkStatus'],
      advanceTime: (ms) => vi.advanceTimersByTimeAsync(ms),
      prepare: prepare as never,
    })
    expect(steps).toBeGreaterThan(paths.length)
  })
})

describe('wechatQrMachine — behaviour', () => {
  function start(statuses: Array<WechatQrStatus | Error>, codes: Array<WechatQrCode | Error> = [local, second]) {
    const createQr = vi.fn(async () => {
      const next = codes.shift() ?? second
      if (next instanceof Error) throw next
      return next
    })
    const checkStatus = vi.fn(async ({ input }: { input: { state: string } }) => {
      expect(input.state).toMatch(/^[0-9a-f]{32}$/)
      const next = statuses.shift() ?? { status: 'waiting', code: null }
      if (next instanceof Error) throw next
      return next
    })
    const goToWechat = vi.fn()
    const returnWithCode = vi.fn()
    const actor = createActor(
      wechatQrMachine.provide({
        actors: {
          createQr: fromPromise(createQr),
          drawQr: fromPromise(async ({ input }: { input: { url: string } }) => `data:image/png;qr=${input.url}`),
          checkStatus: fromPromise(checkStatus),
        },
        actions: { goToWechat: (_, p) => goToWechat(p.url), returnWithCode: (_, p) => returnWithCode(p.code) },
      }),
    ).start()
    return { actor, createQr, checkStatus, goToWechat, returnWithCode }
  }

  it('shows the code as an image and asks every 1.5 s until the person confirms, then comes back with the code', async () => {
    const { actor, checkStatus, returnWithCode } = start([
      { status: 'waiting', code: null },
      { status: 'waiting', code: null },
      { status: 'confirmed', code: 'wx-code-1' },
    ])
    await vi.advanceTimersByTimeAsync(0)
    expectToBeIn(actor, 'showing.waiting')
    expect(actor.getSnapshot().context).toMatchObject({ qr: local, image: `data:image/png;qr=${local.url}`, error: null })
    await vi.advanceTimersByTimeAsync(WECHAT_QR_POLL_MS - 1)
    expect(checkStatus).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(checkStatus).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(2 * WECHAT_QR_POLL_MS)
    expect(checkStatus).toHaveBeenCalledTimes(3)
    expectToBeIn(actor, 'confirmed')
    expect(returnWithCode).toHaveBeenCalledWith('wx-code-1')
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('stops asking after 5 minutes; the refresh link asks for a new code and starts again', async () => {
    const { actor, checkStatus, createQr } = start([])
    await vi.advanceTimersByTimeAsync(WECHAT_QR_TTL_MS - 1)
    expectToBeIn(actor, 'showing')
    await vi.advanceTimersByTimeAsync(1)
    expectToBeIn(actor, 'expired')
    const asked = checkStatus.mock.calls.length
    expect(asked).toBe(Math.floor(WECHAT_QR_TTL_MS / WECHAT_QR_POLL_MS) - 1)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(checkStatus).toHaveBeenCalledTimes(asked)
    actor.send({ type: 'qr.refresh' })
    await vi.advanceTimersByTimeAsync(0)
    expect(createQr).toHaveBeenCalledTimes(2)
    expectToBeIn(actor, 'showing.waiting')
    expect(actor.getSnapshot().context.qr).toEqual(second)
    await vi.advanceTimersByTimeAsync(WECHAT_QR_POLL_MS)
    expect(checkStatus.mock.calls.at(-1)?.[0].input).toEqual({ state: second.state })
  })

  it('the server saying expired ends the asking at once', async () => {
    const { actor, checkStatus } = start([{ status: 'expired', code: null }])
    await vi.advanceTimersByTimeAsync(WECHAT_QR_POLL_MS)
    expectToBeIn(actor, 'expired')
    await vi.advanceTimersByTimeAsync(10 * WECHAT_QR_POLL_MS)
    expect(checkStatus).toHaveBeenCalledTimes(1)
  })

  it('a failed status call asks again after 3 s', async () => {
    const { actor, checkStatus } = start([new Error('网络异常'), { status: 'waiting', code: null }])
    await vi.advanceTimersByTimeAsync(WECHAT_QR_POLL_MS)
    expectToBeIn(actor, 'showing.retrying')
    await vi.advanceTimersByTimeAsync(WECHAT_QR_RETRY_MS - 1)
    expect(checkStatus).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(checkStatus).toHaveBeenCalledTimes(2)
    expectToBeIn(actor, 'showing.waiting')
  })

  it("the real WeChat's QR page: the reader goes there, nothing is drawn or asked", async () => {
    const { actor, checkStatus, goToWechat } = start([], [real])
    await vi.advanceTimersByTimeAsync(WECHAT_QR_POLL_MS * 3)
    expectToBeIn(actor, 'leaving')
    expect(goToWechat).toHaveBeenCalledWith(real.url)
    expect(checkStatus).not.toHaveBeenCalled()
  })

  it("asking for a code fails: the server's message (else a Chinese one) and the refresh link", async () => {
    const a = start([], [new Error('操作过于频繁，请稍后再试')])
    await vi.advanceTimersByTimeAsync(0)
    expectToBeIn(a.actor, 'expired')
    expect(a.actor.getSnapshot().context.error).toBe('操作过于频繁，请稍后再试')
    const b = start([], [new Error(''), local])
    await vi.advanceTimersByTimeAsync(0)
    expect(b.actor.getSnapshot().context.error).toBe(WECHAT_QR_FAILED)
    b.actor.send({ type: 'qr.refresh' })
    await vi.advanceTimersByTimeAsync(0)
    expect(b.actor.getSnapshot().context).toMatchObject({ qr: local, error: null })
  })
})

describe('isWechatOpenPage', () => {
  it("is WeChat's own QR page only", () => {
    expect(isWechatOpenPage(real.url)).toBe(true)
    expect(isWechatOpenPage(local.url)).toBe(false)
    expect(isWechatOpenPage('https://open.weixin.qq.com.evil.example/')).toBe(false)
  })
})
