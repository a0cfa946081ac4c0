import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { unreadPageMarker } from './unread-title'

describe('unreadPageMarker', () => {
  it('spec example: unread count in the title and the unread favicon', () => {
    expect(unreadPageMarker(5, '港美汇')).toEqual({ title: '您有5条未读消息', favicon: 'unread' })
    expect(unreadPageMarker(120, '港美汇')).toEqual({ title: '您有120条未读消息', favicon: 'unread' })
  })
  it('at 0 the default title and icon return', () => {
    expect(unreadPageMarker(0, '港美汇')).toEqual({ title: '港美汇', favicon: 'default' })
  })
  it('unread favicon iff unread above 0; the base title shows iff nothing is unread', () => {
    fc.assert(fc.property(fc.integer({ min: -5, max: 10_000 }), fc.string(), (n, base) => {
      const marker = unreadPageMarker(n, base)
      expect(marker.favicon === 'unread').toBe(n > 0)
      expect(marker.title).toBe(n > 0 ? `您有${n}条未读消息` : base)
    }))
  })
})
