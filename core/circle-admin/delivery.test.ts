import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { applyDeliveryEvent, deliveryActions, deliveryStatusOf, DELIVERY_STATUSES, EVENT_OF_TARGET, type DeliveryStatus } from './delivery'
import type { DeliveryEvent } from './delivery.machine'

const EVENTS: DeliveryEvent[] = [{ type: 'delivery.ship' }, { type: 'delivery.deliver' }, { type: 'order.refund' }, { type: 'order.delete' }]

// the oracle: the moves of spec 001 §3's statuses as the machine's comment draws them
const ORACLE: Record<DeliveryStatus, Partial<Record<DeliveryEvent['type'], DeliveryStatus>>> = {
  IN_PROCESS: { 'delivery.ship': 'IN_DELIVERY', 'order.refund': 'REFUNDED' },
  IN_DELIVERY: { 'delivery.deliver': 'DELIVERED', 'order.refund': 'REFUNDED' },
  DELIVERED: { 'order.refund': 'REFUNDED' },
  REFUNDED: { 'order.delete': 'DELETE' },
  DELETE: {},
}

describe('applyDeliveryEvent', () => {
  it('equals the table for every status × event', () => {
    for (const s of DELIVERY_STATUSES) for (const e of EVENTS) expect([s, e.type, applyDeliveryEvent(s, e)]).toEqual([s, e.type, ORACLE[s][e.type] ?? null])
  })

  it('never reaches IN_PROCESS again and never leaves DELETE; a refund is the only way into REFUNDED', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...EVENTS), { maxLength: 12 }), (events) => {
        let s: DeliveryStatus = 'IN_PROCESS'
        for (const e of events) {
          const next = applyDeliveryEvent(s, e)
          if (next === null) continue
          expect(next).not.toBe('IN_PROCESS')
          if (next === 'REFUNDED') expect(e.type).toBe('order.refund')
          expect(s).not.toBe('DELETE')
          s = next
        }
      }),
    )
  })

  it('the console targets map to their events', () => {
    expect(applyDeliveryEvent('IN_PROCESS', EVENT_OF_TARGET.IN_DELIVERY)).toBe('IN_DELIVERY')
    expect(applyDeliveryEvent('IN_DELIVERY', EVENT_OF_TARGET.DELIVERED)).toBe('DELIVERED')
    expect(applyDeliveryEvent('REFUNDED', EVENT_OF_TARGET.DELETE)).toBe('DELETE')
    expect(applyDeliveryEvent('DELIVERED', EVENT_OF_TARGET.DELETE)).toBeNull()
  })
})

describe('deliveryActions', () => {
  it('enables exactly the moves the machine takes', () => {
    for (const s of DELIVERY_STATUSES) {
      const a = deliveryActions(s)
      expect(a).toEqual({ ship: !!ORACLE[s]['delivery.ship'], deliver: !!ORACLE[s]['delivery.deliver'], refund: !!ORACLE[s]['order.refund'], delete: !!ORACLE[s]['order.delete'] })
    }
  })
})

describe('deliveryStatusOf', () => {
  it('a paid order is in process until moved; money returned reads refunded (deleted stays deleted)', () => {
    expect(deliveryStatusOf('paid', null)).toBe('IN_PROCESS')
    expect(deliveryStatusOf('paid', 'DELIVERED')).toBe('DELIVERED')
    expect(deliveryStatusOf('refunding', null)).toBe('REFUNDED')
    expect(deliveryStatusOf('refunded', 'DELIVERED')).toBe('REFUNDED')
    expect(deliveryStatusOf('refunded', 'DELETE')).toBe('DELETE')
  })
})
