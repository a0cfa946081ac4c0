import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { AT_ALL_TEXT, AT_ME_TEXT, atMarker, badgeText, orderConversations, unreadMarker } from './conversation-list'
import type { Conversation } from './messaging-port'
import { formatBadge } from '../format/big-number'

const conv = (id: string, lastTime: number, isPinned = false, extra: Partial<Conversation> = {}): Conversation => ({
  conversationID: id,
  type: 'C2C',
  lastMessage: { messageForShow: `msg ${id} ${lastTime}`, lastTime },
  unreadCount: 0,
  isPinned,
  ...extra,
})

const arbConversation = fc
  .record({ id: fc.constantFrom('C2Ca', 'C2Cb', 'GROUPc', 'GROUPd', 'C2Ce', 'GROUPf'), lastTime: fc.integer({ min: 0, max: 50 }), pinned: fc.boolean() })
  .map(({ id, lastTime, pinned }) => conv(id, lastTime, pinned))
const arbList = fc.array(arbConversation, { maxLength: 20 })
const arbDeleted = fc.subarray(['C2Ca', 'C2Cb', 'GROUPc', 'GROUPd', 'C2Ce', 'GROUPf']).map((ids) => new Set(ids))
const time = (c: Conversation) => c.lastMessage?.lastTime ?? 0

describe('orderConversations', () => {
  it('puts pinned first, then newest first, hiding deleted and duplicates', () => {
    const list = [conv('C2Ca', 10), conv('C2Cb', 30), conv('GROUPc', 5, true), conv('C2Ca', 40), conv('C2Cd', 20), conv('GROUPe', 1, true)]
    const ordered = orderConversations(list, new Set(['C2Cd']))
    expect(ordered.map((c) => [c.conversationID, time(c)])).toEqual([
      ['GROUPc', 5],
      ['GROUPe', 1],
      ['C2Ca', 40],
      ['C2Cb', 30],
    ])
  })

  it('keeps the newest copy of a duplicated conversation', () => {
    expect(orderConversations([conv('C2Ca', 40), conv('C2Ca', 10)]).map(time)).toEqual([40])
    expect(orderConversations([conv('C2Ca', 10), conv('C2Ca', 40)]).map(time)).toEqual([40])
  })

  it('ids are unique, none deleted, and every other input id survives', () => {
    fc.assert(
      fc.property(arbList, arbDeleted, (list, deleted) => {
        const ids = orderConversations(list, deleted).map((c) => c.conversationID)
        expect(new Set(ids).size).toBe(ids.length)
        expect(ids.filter((id) => deleted.has(id))).toEqual([])
        expect(new Set(ids)).toEqual(new Set(list.map((c) => c.conversationID).filter((id) => !deleted.has(id))))
      }),
    )
  })

  it('pinned come first and time never increases within each group', () => {
    fc.assert(
      fc.property(arbList, arbDeleted, (list, deleted) => {
        const ordered = orderConversations(list, deleted)
        const firstUnpinned = ordered.findIndex((c) => !c.isPinned)
        if (firstUnpinned >= 0) expect(ordered.slice(firstUnpinned).every((c) => !c.isPinned)).toBe(true)
        ordered.forEach((c, i) => {
          const next = ordered[i + 1]
          if (next && next.isPinned === c.isPinned) expect(time(c)).toBeGreaterThanOrEqual(time(next))
        })
      }),
    )
  })

  it('each kept conversation is a newest copy among its duplicates', () => {
    fc.assert(
      fc.property(arbList, (list) => {
        for (const kept of orderConversations(list)) {
          const copies = list.filter((c) => c.conversationID === kept.conversationID)
          expect(time(kept)).toBe(Math.max(...copies.map(time)))
          expect(copies).toContain(kept)
        }
      }),
    )
  })

  it('is idempotent', () => {
    fc.assert(fc.property(arbList, arbDeleted, (list, deleted) => {
      const once = orderConversations(list, deleted)
      expect(orderConversations(once, deleted)).toEqual(once)
    }))
  })
})

describe('badgeText', () => {
  it('caps at 99+ (spec 001 §9)', () => {
    expect(badgeText(0)).toBeNull()
    expect(badgeText(1)).toBe('1')
    expect(badgeText(99)).toBe('99')
    expect(badgeText(100)).toBe('99+')
  })
  it('shows the count up to 99 and 99+ above', () => {
    fc.assert(fc.property(fc.integer({ min: -1000, max: 100_000 }), (n) => {
      expect(badgeText(n)).toBe(n <= 0 ? null : n > 99 ? '99+' : String(n))
    }))
  })
  it('is the one badge rule of core/format/big-number (formatBadge), only null where that shows nothing', () => {
    fc.assert(fc.property(fc.double(), (n) => {
      expect(badgeText(n) ?? '').toBe(formatBadge(n))
    }))
  })
})

describe('unreadMarker', () => {
  it('a muted conversation shows the count in brackets', () => {
    expect(unreadMarker({ unreadCount: 3, messageRemindType: 'AcceptNotNotify' })).toEqual({ kind: 'muted', text: '[3]' })
    expect(unreadMarker({ unreadCount: 120, messageRemindType: 'AcceptNotNotify' })).toEqual({ kind: 'muted', text: '[99+]' })
    expect(unreadMarker({ unreadCount: 0, messageRemindType: 'AcceptNotNotify' })).toEqual({ kind: 'muted', text: null })
  })
  it('a notifying conversation shows a badge', () => {
    expect(unreadMarker({ unreadCount: 3, messageRemindType: 'AcceptAndNotify' })).toEqual({ kind: 'badge', text: '3' })
    expect(unreadMarker({ unreadCount: 100 })).toEqual({ kind: 'badge', text: '99+' })
    expect(unreadMarker({ unreadCount: 0 })).toEqual({ kind: 'none' })
  })
  it('muted iff AcceptNotNotify, and the bracketed text wraps the badge text', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1000 }), fc.constantFrom('AcceptNotNotify' as const, 'AcceptAndNotify' as const, undefined), (n, remind) => {
      const marker = unreadMarker({ unreadCount: n, messageRemindType: remind })
      expect(marker.kind === 'muted').toBe(remind === 'AcceptNotNotify')
      if (marker.kind === 'muted' && marker.text !== null) expect(marker.text).toBe(`[${badgeText(n)}]`)
    }))
  })
})

describe('atMarker', () => {
  it('types 1 or 3 show 有人@你; type 2 shows @所有人', () => {
    expect(atMarker([{ atType: 1 }])).toBe('有人@你')
    expect(atMarker([{ atType: 3 }])).toBe('有人@你')
    expect(atMarker([{ atType: 2 }])).toBe('@所有人')
    expect(atMarker([])).toBeNull()
    expect(atMarker(undefined)).toBeNull()
  })
  it('a mention of me wins over @all, in any order', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 4 }).map((atType) => ({ atType }))), (list) => {
      const types = list.map((i) => i.atType)
      const expected = types.includes(1) || types.includes(3) ? AT_ME_TEXT : types.includes(2) ? AT_ALL_TEXT : null
      expect(atMarker(list)).toBe(expected)
    }))
  })
})
