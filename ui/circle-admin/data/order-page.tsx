// data/order and data/order/{type} (spec 001 §2; §3 'Order goods by type' and 'Order delivery statuses';
// issue 29): the paid orders of the reader's circles — goods, buyer, amount, payment method, time and
// delivery status — by goods type, circle, status, keyword and payment dates, in numbered pages, with a
// CSV export. The delivery moves the machine allows (core/circle-admin/delivery.ts) and, for the owner
// (core/circle-admin/access.ts mayRefund), a refund asked about first: the money goes back, the member's
// access ends.
import { useState } from 'react'
import { Link } from 'wouter'
import { GoodsType } from '../../../core/api/order'
import type { AdminOrder } from '../../../core/api/circle-admin-data'
import { normaliseError } from '../../../core/api/api-error'
import { mayRefund } from '../../../core/circle-admin/access'
import { deliveryActions, DELIVERY_STATUSES, type DeliveryStatus, type DeliveryTarget } from '../../../core/circle-admin/delivery'
import { ORDER_PAGE_COUNT } from '../../../core/circle-admin/data'
import { formatDateTime } from '../../../core/format/date-time'
import { formatPriceCents } from '../../../core/format/money'
import { Empty, Failed, Loading } from '../../common/status'
import { useInvalidate, useRead } from '../../common/use-read'
import { Img } from '../../common/img'
import { t } from '../../i18n/i18n'
import { pill } from '../../styles/buttons'
import { field, smallButton } from '../../styles/controls'
import { css } from '@linaria/core'
import { tokens } from '../../styles/tokens'
import { ConsoleFrame } from '../console-frame'
import { DATA_ADMIN_READS, useDataAdminApi, type OrderFilters } from './api'
import { Badge, ConfirmButton, message, okMessage, Pager, table, toolbar, type BadgeTone } from '../parts'
import { CircleSelect } from './parts'
import '../../i18n/texts/circleAdminData'
import { TableHead } from '../../common/table-head'

const ORDER_BASE = '/circle-admin/data/order'

const typeNav = css`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 18px;
  margin: 0 0 16px;
  border-bottom: 1px solid ${tokens.border};
  a {
    padding: 8px 0;
    color: ${tokens.textSecondary};
    text-decoration: none;
    font-size: 14px;
    border-bottom: 2px solid transparent;
  }
  a[aria-current='page'] {
    color: ${tokens.brand};
    border-bottom-color: ${tokens.brand};
    font-weight: 600;
  }
`

const DELIVERY_TONES: Record<DeliveryStatus, BadgeTone | undefined> = { IN_PROCESS: 'warn', IN_DELIVERY: 'info', DELIVERED: 'success', REFUNDED: 'undone', DELETE: undefined }

/** spec 001 §3 'Order goods by type', as the tabs of data/order/{type}. */
function TypeNav({ type }: { type: GoodsType | undefined }) {
  return (
    <nav className={typeNav} aria-label={t('circleAdminData.orders.title')} data-testid="data-order-types">
      <Link href={ORDER_BASE} aria-current={type === undefined ? 'page' : undefined}>
        {t('circleAdminData.orders.allTypes')}
      </Link>
      {GoodsType.literals.map((g) => (
        <Link key={g} href={`${ORDER_BASE}/${g}`} aria-current={type === g ? 'page' : undefined}>
          {t(`circleAdminData.goodsType.${g}`)}
        </Link>
      ))}
    </nav>
  )
}

function OrderRow({ o, onMove, onRefund }: { o: AdminOrder; onMove: (target: DeliveryTarget) => void; onRefund: () => void }) {
  const can = deliveryActions(o.deliveryStatus)
  return (
    <tr data-testid="data-order-row" data-order-id={o.orderId}>
      <td>
        {o.orderId}
        <div className="muted">{o.circleName}</div>
      </td>
      <td>
        {o.goodsName}
        <div className="muted">{t(`circleAdminData.goodsType.${o.goodsType}`)}</div>
      </td>
      <td>
        <span className="buyer">
          <Img src={o.buyer.avatar} alt="" width={28} height={28} />
          {o.buyer.nick}
        </span>
      </td>
      <td className="num">¥{formatPriceCents(o.amount)}</td>
      <td>{t(`circleAdminData.payMethod.${o.payMethod}`)}</td>
      <td className="num">{formatDateTime(o.payTimestamp)}</td>
      <td>
        <Badge tone={DELIVERY_TONES[o.deliveryStatus]} status={o.deliveryStatus} testId="data-order-status">
          {t(`circleAdminData.delivery.${o.deliveryStatus}`)}
        </Badge>
        {o.refundTimestamp !== null ? <div className="muted">{t('circleAdminData.orders.refundedAt', { time: formatDateTime(o.refundTimestamp) })}</div> : null}
      </td>
      <td className="actions">
        {can.ship ? (
          <button type="button" className={smallButton} onClick={() => onMove('IN_DELIVERY')} data-testid="data-order-ship">
            {t('circleAdminData.orders.ship')}
          </button>
        ) : null}
        {can.deliver ? (
          <button type="button" className={smallButton} onClick={() => onMove('DELIVERED')} data-testid="data-order-deliver">
            {t('circleAdminData.orders.deliver')}
          </button>
        ) : null}
        {can.refund && mayRefund(o.role) ? (
          <ConfirmButton
            label={t('circleAdminData.orders.refund')}
            question={t('circleAdminData.orders.refundQuestion', { nick: o.buyer.nick, amount: formatPriceCents(o.amount) })}
            onConfirm={onRefund}
            testId="data-order-refund"
            tone="danger"
          />
        ) : null}
        {can.delete ? <ConfirmButton label={t('circleAdminData.orders.delete')} question={t('circleAdminData.orders.deleteQuestion')} onConfirm={() => onMove('DELETE')} testId="data-order-delete" /> : null}
      </td>
    </tr>
  )
}

export function DataOrderPage({ type }: { type: GoodsType | undefined }) {
  const api = useDataAdminApi()
  const invalidate = useInvalidate()
  const [page, setPage] = useState(1)
  const [typed, setTyped] = useState('')
  const [filters, setFilters] = useState<Omit<OrderFilters, 'type'>>({})
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null)
  const all: OrderFilters = { ...filters, type }
  const list = useRead(api.orders(page, all))
  const filter = (patch: Partial<OrderFilters>) => {
    setPage(1)
    setFilters((f) => ({ ...f, ...patch }))
  }
  const write = (run: () => Promise<unknown>, done?: string) => {
    setNote(null)
    run().then(
      () => {
        invalidate(DATA_ADMIN_READS)
        if (done) setNote({ ok: true, text: done })
      },
      (e: unknown) => setNote({ ok: false, text: normaliseError(e).message }),
    )
  }
  return (
    <ConsoleFrame title={t('circleAdminData.orders.title')} active="dataOrder">
      <TypeNav type={type} />
      <form
        className={toolbar}
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          filter({ keyword: typed })
        }}
      >
        <CircleSelect value={filters.circleId} onChange={(circleId) => filter({ circleId })} testId="data-order-circle" />
        <select className={field} aria-label={t('circleAdminData.orders.allStatuses')} value={filters.status ?? ''} onChange={(e) => filter({ status: (e.target.value || undefined) as DeliveryStatus | undefined })} data-testid="data-order-status-filter">
          <option value="">{t('circleAdminData.orders.allStatuses')}</option>
          {DELIVERY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`circleAdminData.delivery.${s}`)}
            </option>
          ))}
        </select>
        <input type="date" className={field} aria-label={t('circleAdminData.orders.from')} value={filters.from ?? ''} onChange={(e) => filter({ from: e.target.value || undefined })} data-testid="data-order-from" />
        <input type="date" className={field} aria-label={t('circleAdminData.orders.to')} value={filters.to ?? ''} onChange={(e) => filter({ to: e.target.value || undefined })} data-testid="data-order-to" />
        <input type="search" className={field} value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={t('circleAdminData.orders.search')} aria-label={t('circleAdminData.orders.search')} data-testid="data-order-search" />
        <button type="submit" className={pill}>
          {t('circleAdminData.orders.searchButton')}
        </button>
        <a className={`${pill} export`} href={api.ordersCsv(all)} download="orders.csv" data-testid="data-order-export">
          {t('circleAdminData.orders.export')}
        </a>
      </form>
      {note ? (
        <p className={note.ok ? okMessage : message} role={note.ok ? 'status' : 'alert'} data-testid="data-order-note">
          {note.text}
        </p>
      ) : null}
      {list.status === 'loading' ? <Loading rows={4} /> : null}
      {list.status === 'failed' ? <Failed message={list.message} onRetry={list.reload} /> : null}
      {list.status === 'ready' && list.data.list.length === 0 ? <Empty text={t('circleAdminData.orders.none')} /> : null}
      {list.status === 'ready' && list.data.list.length > 0 ? (
        <>
          <table className={table} data-testid="data-order-table">
            <TableHead columns={[t('circleAdminData.orders.orderId'), t('circleAdminData.orders.goods'), t('circleAdminData.orders.buyer'), t('circleAdminData.orders.amount'), t('circleAdminData.orders.payMethod'), t('circleAdminData.orders.payTime'), t('circleAdminData.orders.status'), t('circleAdminData.orders.actions')]} />
            <tbody>
              {list.data.list.map((o) => (
                <OrderRow
                  key={o.orderId}
                  o={o}
                  onMove={(target) => write(() => api.move(o.orderId, target))}
                  onRefund={() => write(() => api.refund(o.orderId), t('circleAdminData.orders.refunded'))}
                />
              ))}
            </tbody>
          </table>
          <Pager page={page} total={list.data.total ?? list.data.list.length} count={ORDER_PAGE_COUNT} onPage={setPage} />
        </>
      ) : null}
    </ConsoleFrame>
  )
}
