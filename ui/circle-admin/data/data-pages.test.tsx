// @vitest-environment jsdom
// The console's data pages (issue 29): the order list by goods type with its filters, pages, CSV link and
// the moves the delivery machine allows; a refund only for the owner and only after its confirm dialog;
// the sales and members pages with their period picker and uPlot charts (uPlot is replaced by a recorder:
// jsdom draws no canvas).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdminOrder } from '../../../core/api/circle-admin-data'
import { clearPlots, plots } from '../../testing/fake-uplot'
import { renderForAdviser } from '../../testing/adviser'
import { DataOrderPage } from './order-page'
import { DataSalePage } from './sale-page'
import { DataUserPage } from './user-page'

vi.mock('uplot', () => import('../../testing/fake-uplot'))
vi.mock('uplot/dist/uPlot.min.css', () => ({}))

afterEach(() => {
  cleanup()
  clearPlots()
})

const order = (over: Partial<AdminOrder> = {}): AdminOrder => ({
  orderId: 'GMH20261127AAAA',
  circleId: 3,
  circleName: '老周港股实战圈',
  goodsType: 'financialCircle',
  goodsName: '老周港股实战圈',
  buyer: { id: 41, nick: '港漂投资日记', avatar: '/a.png' },
  amount: 99_900,
  payMethod: 'wechat',
  payTimestamp: 1_795_000_000,
  deliveryStatus: 'IN_PROCESS',
  refundTimestamp: null,
  role: 'owner',
  ...over,
})
const circles = { list: [{ id: 3, name: '老周港股实战圈' }], hasMore: false, total: 1, page: 1 }

function renderPage(ui: React.ReactElement, answers: Record<string, unknown>, path = '/circle-admin/data/order') {
  return renderForAdviser(ui, { answers: { 'circleAdmin.circles': circles, ...answers }, path, adviser: { id: 7, nick: '港股老周' } }).http
}

describe('data/order', () => {
  it('shows each order with buyer, amount, payment, time and status, and asks with the filters', async () => {
    const http = renderPage(<DataOrderPage type="financialCircle" />, {
      'circleAdmin.data.orders': { list: [order(), order({ orderId: 'GMH2', payMethod: 'gurucoin', deliveryStatus: 'DELIVERED', role: 'admin' })], hasMore: true, total: 45, page: 1 },
    })
    const rows = await screen.findAllByTestId('data-order-row')
    expect(rows).toHaveLength(2)
    expect(rows[0]!.textContent).toContain('港漂投资日记')
    expect(rows[0]!.textContent).toContain('¥999.00')
    expect(rows[0]!.textContent).toContain('微信支付')
    expect(rows[0]!.textContent).toContain('处理中')
    expect(rows[1]!.textContent).toContain('格隆贝')
    // the machine's moves: in process may start delivery or be refunded; a delivered order of an admin's circle offers nothing
    expect(within(rows[0]!).getByTestId('data-order-ship')).toBeTruthy()
    expect(within(rows[0]!).getByTestId('data-order-refund')).toBeTruthy()
    expect(within(rows[1]!).queryByTestId('data-order-refund')).toBeNull()
    expect(within(rows[1]!).queryByTestId('data-order-ship')).toBeNull()
    expect(http.callsTo('circleAdmin.data.orders')[0]!.input?.query).toMatchObject({ type: 'financialCircle', page: 1, count: 20 })
    // the goods-type tabs: this one marked
    expect(within(screen.getByTestId('data-order-types')).getByRole('link', { current: 'page' }).textContent).toBe('圈子')

    fireEvent.change(screen.getByTestId('data-order-status-filter'), { target: { value: 'REFUNDED' } })
    fireEvent.change(screen.getByTestId('data-order-from'), { target: { value: '2026-11-01' } })
    fireEvent.change(screen.getByTestId('data-order-search'), { target: { value: ' 港漂 ' } })
    fireEvent.submit(screen.getByRole('search'))
    await waitFor(() => expect(http.callsTo('circleAdmin.data.orders').at(-1)!.input?.query).toMatchObject({ type: 'financialCircle', status: 'REFUNDED', from: '2026-11-01', keyword: '港漂', page: 1 }))
    const href = screen.getByTestId('data-order-export').getAttribute('href')!
    expect(href.split('?')[0]).toBe('/api/circle-admin/data/order/export/v1')
    expect(Object.fromEntries(new URLSearchParams(href.split('?')[1]))).toEqual({ type: 'financialCircle', status: 'REFUNDED', from: '2026-11-01', keyword: '港漂' })
    // numbered pages
    fireEvent.click(within(await screen.findByTestId('console-pager')).getByRole('button', { name: '下一页' }))
    await waitFor(() => expect(http.callsTo('circleAdmin.data.orders').at(-1)!.input?.query).toMatchObject({ page: 2 }))
  })

  it('refunds only after the dialog is confirmed, then reads the list again', async () => {
    let refunded = false
    const http = renderPage(<DataOrderPage type={undefined} />, {
      'circleAdmin.data.orders': () => ({ list: [order(refunded ? { deliveryStatus: 'REFUNDED', refundTimestamp: 1_795_000_100 } : {})], hasMore: false, total: 1, page: 1 }),
      'circleAdmin.data.orderRefund': () => {
        refunded = true
        return order({ deliveryStatus: 'REFUNDED', refundTimestamp: 1_795_000_100 })
      },
    })
    fireEvent.click(await screen.findByTestId('data-order-refund'))
    const dialog = screen.getByTestId('data-order-refund-dialog')
    expect(dialog.textContent).toContain('确认给 港漂投资日记 退款 ¥999.00？')
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }))
    expect(http.callsTo('circleAdmin.data.orderRefund')).toHaveLength(0)
    fireEvent.click(screen.getByTestId('data-order-refund'))
    fireEvent.click(screen.getByTestId('data-order-refund-confirm'))
    expect((await screen.findByTestId('data-order-note')).textContent).toBe('已退款，款项原路退回')
    expect(http.callsTo('circleAdmin.data.orderRefund')[0]!.input).toEqual({ params: { orderId: 'GMH20261127AAAA' }, body: {} })
    await waitFor(() => expect(screen.getByTestId('data-order-status').textContent).toBe('已退款'))
    // a refunded order may be deleted (after its own confirmation), not refunded again
    expect(screen.queryByTestId('data-order-refund')).toBeNull()
    expect(screen.getByTestId('data-order-delete')).toBeTruthy()
  })

  it('a refused move shows the server’s message', async () => {
    const { ApiError } = await import('../../../core/api/api-error')
    renderPage(<DataOrderPage type={undefined} />, {
      'circleAdmin.data.orders': { list: [order()], hasMore: false, total: 1, page: 1 },
      'circleAdmin.data.orderDelivery': () => {
        throw new ApiError({ statusCode: 400, message: '当前订单状态不能进行该操作' })
      },
    })
    fireEvent.click(await screen.findByTestId('data-order-ship'))
    expect((await screen.findByRole('alert')).textContent).toBe('当前订单状态不能进行该操作')
  })
})

const days = (n: number) => Array.from({ length: n }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`)

describe('data/sale and data/user', () => {
  it('sales: totals and a chart of the period; another period asks again', async () => {
    const http = renderPage(<DataSalePage />, {
      'circleAdmin.data.sales': (input: { query?: { period?: number } }) => {
        const d = days(input.query?.period === 7 ? 7 : 30)
        return { from: d[0], to: d.at(-1), days: d.map((date, i) => ({ date, amount: i === 2 ? 99_900 : 0, count: i === 2 ? 1 : 0, refundAmount: 0, refundCount: 0 })), totalAmount: 99_900, totalCount: 1, refundAmount: 0, refundCount: 0 }
      },
    }, '/circle-admin/data/sale')
    expect((await screen.findByTestId('data-sale-amount')).textContent).toBe('¥999.00')
    expect(screen.getByTestId('data-sale-count').textContent).toBe('1')
    await waitFor(() => expect(plots().length).toBeGreaterThan(0))
    expect(plots().at(-1)!.data[1]![2]).toBe(999)
    expect(plots().at(-1)!.opts.series.map((s) => s.label)).toEqual(['日期', '销售额（元）', '退款额（元）', '订单数'])
    fireEvent.click(screen.getByTestId('data-period-7'))
    await waitFor(() => expect(http.callsTo('circleAdmin.data.sales').at(-1)!.input?.query).toMatchObject({ period: 7 }))
    await waitFor(() => expect(plots().at(-1)!.data[0]).toHaveLength(7))
  })

  it('members: active now, joins, expiries, the chart and the CSV link of a circle', async () => {
    const http = renderPage(<DataUserPage />, {
      'circleAdmin.data.members': { from: '2026-11-01', to: '2026-11-30', days: days(30).map((date, i) => ({ date, joins: i % 7 === 0 ? 1 : 0, expiries: 0, active: 10 + Math.floor(i / 7) })), activeNow: 14, joins: 5, expiries: 0 },
    }, '/circle-admin/data/user')
    expect((await screen.findByTestId('data-user-active')).textContent).toBe('14')
    await waitFor(() => expect(plots().at(-1)!.opts.series.map((s) => s.label)).toEqual(['日期', '有效成员', '新加入', '到期']))
    expect(screen.getByTestId('data-user-export').getAttribute('href')).toBe('/api/circle-admin/data/user/export/v1')
    await screen.findByRole('option', { name: '老周港股实战圈' })
    fireEvent.change(screen.getByTestId('data-user-circle'), { target: { value: '3' } })
    await waitFor(() => expect(http.callsTo('circleAdmin.data.members').at(-1)!.input?.query).toEqual({ circleId: 3, period: 30 }))
    expect(screen.getByTestId('data-user-export').getAttribute('href')).toBe('/api/circle-admin/data/user/export/v1?circleId=3')
  })
})
