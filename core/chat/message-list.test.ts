import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { mergeMessages, messageLine, visibleMessages } from './message-list'
import type { ChatMessage } from './messaging-port'

const msg = (ID: string, text = ID): ChatMessage => ({ ID, conversationID: 'C2C1', from: '1', time: 0, type: 'TIMTextElem', payload: { text } })
const arbMsg = fc.record({ id: fc.constantFrom('1', '2', '3', '4', '5'), text: fc.string({ maxLength: 3 }) }).map(({ id, text }) => msg(id, text))

describe('mergeMessages', () => {
  it('replaces a known id in place and appends new ones', () => {
    const merged = mergeMessages([msg('1'), msg('2')], [msg('2', 'edited'), msg('3')])
    expect(merged.map((m) => [m.ID, (m.payload as { text: string }).text])).toEqual([['1', '1'], ['2', 'edited'], ['3', '3']])
  })
  it('keeps messages unique by ID and holds the latest version of each', () => {
    fc.assert(fc.property(fc.array(arbMsg), fc.array(arbMsg), (a, b) => {
      const merged = mergeMessages(a, b)
      expect(new Set(merged.map((m) => m.ID)).size).toBe(merged.length)
      expect(new Set(merged.map((m) => m.ID))).toEqual(new Set([...a, ...b].map((m) => m.ID)))
      for (const m of b) expect(merged.find((x) => x.ID === m.ID)).toBe([...b].reverse().find((x) => x.ID === m.ID))
    }))
  })
})

describe('visibleMessages', () => {
  it('drops queued ids and keeps order', () => {
    expect(visibleMessages([msg('1'), msg('2'), msg('3')], ['2']).map((m) => m.ID)).toEqual(['1', '3'])
  })
  it('never shows a hidden id and never drops an unhidden one', () => {
    fc.assert(fc.property(fc.array(arbMsg), fc.subarray(['1', '2', '3', '4', '5']), (list, hidden) => {
      const shown = visibleMessages(list, hidden)
      expect(shown.some((m) => hidden.includes(m.ID))).toBe(false)
      expect(shown).toEqual(list.filter((m) => !hidden.includes(m.ID)))
    }))
  })
})

describe('messageLine', () => {
  const base = { ID: 'm', conversationID: 'GROUPg', from: '1', time: 0 }
  it('revoked, text, image, tips by the viewer, custom hidden', () => {
    expect(messageLine({ ...base, type: 'TIMTextElem', payload: { text: 'hi' }, isRevoked: true }, { isAdminOrOwner: false })).toEqual({ kind: 'revoked' })
    expect(messageLine({ ...base, type: 'TIMTextElem', payload: { text: 'hi' } }, { isAdminOrOwner: false })).toEqual({ kind: 'text', text: 'hi' })
    expect(messageLine({ ...base, type: 'TIMImageElem', payload: { imageInfoArray: [{ url: '/i.png' }] } }, { isAdminOrOwner: false })).toEqual({ kind: 'image', url: '/i.png' })
    expect(messageLine({ ...base, type: 'TIMImageElem', payload: null }, { isAdminOrOwner: false })).toEqual({ kind: 'image', url: '' })
    expect(messageLine({ ...base, type: 'TIMCustomElem', payload: { data: '{}' } }, { isAdminOrOwner: true })).toBeNull()
    // a kick tip only for admins and owners (core/chat/group-tips)
    const kick = { ...base, type: 'TIMGroupTipElem', payload: { operationType: 3, operatorName: '群主', targetNames: ['小王'] } }
    expect(messageLine(kick, { isAdminOrOwner: false })).toBeNull()
    expect(messageLine(kick, { isAdminOrOwner: true })?.kind).toBe('tip')
  })
})
