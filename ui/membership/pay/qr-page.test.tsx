// @vitest-environment jsdom
// The QR page renders the qr-payment machine (spec 001 §4, §8, §9): the seconds left, 对不起，支付超时！ at
// zero with the refresh link, and a refreshed code restarting the countdown. Time is the machine's
// delays on fake timers.
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { CreatedOrder, OrderRequest, PaymentResult } from '../../../core/api/payment'
import { QR_CLOSED_TITLE, QR_TIMEOUT_HINT, QR_TIMEOUT_TITLE, qrPaymentMachine } from '../../../core/payment/qr-payment.machine'
import { initI18n } from '../../i18n/i18n'
import { QrPage } from './qr-page'
import { renderUi } from '../../testing/render'

await initI18n('zh-cn')

const order = (id: string): CreatedOrder => ({ id, amount: 8_900, data: { codeUrl: `http://127.0.0.1/sandbox/pay/${id}` }, subject: '黄金会员 月卡' })
const request: OrderRequest = { goodsId: 101, channel: 'wx_pub_qr', publicKey: 'k', userToken: 't' }

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const flush = () => act(async () => {
  await vi.advanceTimersByTimeAsync(0)
})

describe('the QR page', () => {
  it('in local mode also links the sandbox pay page (no phone needed on one machine); a WeChat code is never a link', async () => {
    const token = 'T'.repeat(32)
    const idle = fromPromise<PaymentResult, { orderId: string }>(() => new Promise(() => {}))
    const never = fromPromise<CreatedOrder, OrderRequest>(() => new Promise(() => {}))
    const machine = qrPaymentMachine.provide({ actors: { pollPayment: idle, createQrOrder: never } })
    const local = createActor(machine, { input: { order: order(token), request, validitySeconds: 300 } }).start()
    renderUi(<QrPage actor={local} totalText="¥89.00" />)
    await flush()
    expect(screen.getByTestId('qr-sandbox-link').getAttribute('href')).toBe(`http://127.0.0.1/sandbox/pay/${token}`)
    expect(screen.getByTestId('qr-sandbox-link').textContent).toBe('本地沙箱：在新标签页打开支付页')
    cleanup()
    const wechat = createActor(machine, { input: { order: { ...order(token), data: { codeUrl: 'weixin://wxpay/bizpayurl?pr=abc' } }, request, validitySeconds: 300 } }).start()
    renderUi(<QrPage actor={wechat} totalText="¥89.00" />)
    await flush()
    expect(screen.queryByTestId('qr-sandbox-link')).toBeNull()
  })

  it('counts down, polls every 5 s, times out with the refresh link, and a new code restarts at the full time', async () => {
    const polled: string[] = []
    const refreshed: OrderRequest[] = []
    const actor = createActor(
      qrPaymentMachine.provide({
        actors: {
          pollPayment: fromPromise<PaymentResult, { orderId: string }>(async ({ input }) => {
            polled.push(input.orderId)
            return { payStatus: 'failed' }
          }),
          createQrOrder: fromPromise<CreatedOrder, OrderRequest>(async ({ input }) => {
            refreshed.push(input)
            return order('B2')
          }),
        },
      }),
      { input: { order: order('A1'), request, validitySeconds: 10 } },
    ).start()
    renderUi(<QrPage actor={actor} totalText="¥89.00" />)
    await flush()
    expect(screen.getByTestId('qr-remaining').textContent).toContain('10')
    expect(screen.getByTestId('qr-code').getAttribute('data-code-url')).toContain('/A1')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000)
    })
    expect(screen.getByTestId('qr-remaining').textContent).toContain('5')
    expect(polled).toEqual(['A1'])
    expect(screen.queryByText(QR_TIMEOUT_TITLE)).toBeNull()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000)
    })
    expect(screen.getByText(QR_TIMEOUT_TITLE)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: QR_TIMEOUT_HINT }))
    await flush()
    await flush()
    expect(refreshed).toEqual([request])
    expect(screen.queryByText(QR_TIMEOUT_TITLE)).toBeNull()
    expect(screen.getByTestId('qr-remaining').textContent).toContain('10')
    expect(screen.getByTestId('qr-code').getAttribute('data-code-url')).toContain('/B2')
    actor.stop()
  })

  it('an order the payer refused shows 支付未完成 at once, without the countdown, and the link makes a new code', async () => {
    let status: PaymentResult['payStatus'] = 'closed'
    const actor = createActor(
      qrPaymentMachine.provide({
        actors: {
          pollPayment: fromPromise<PaymentResult, { orderId: string }>(async () => ({ payStatus: status })),
          createQrOrder: fromPromise<CreatedOrder, OrderRequest>(async () => order('C3')),
        },
      }),
      { input: { order: order('A1'), request, validitySeconds: 300 } },
    ).start()
    renderUi(<QrPage actor={actor} totalText="¥89.00" />)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000)
    })
    expect(screen.getByRole('alert').textContent).toContain(QR_CLOSED_TITLE)
    expect(screen.queryByText(QR_TIMEOUT_TITLE)).toBeNull()
    expect(screen.queryByTestId('qr-remaining')).toBeNull()
    status = 'failed'
    fireEvent.click(screen.getByRole('button', { name: QR_TIMEOUT_HINT }))
    await flush()
    await flush()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByTestId('qr-code').getAttribute('data-code-url')).toContain('/C3')
    expect(screen.getByTestId('qr-remaining').textContent).toContain('300')
    actor.stop()
  })
})
