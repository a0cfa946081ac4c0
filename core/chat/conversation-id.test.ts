import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { c2cConversationId, groupConversationId, isGroupChatV2, parseConversationId } from './conversation-id'

describe('conversation ids', () => {
  it('recognises newer group chats by GROUP_CHAT_V2', () => {
    expect(parseConversationId('GROUPGROUP_CHAT_V2_123')).toEqual({ kind: 'group', groupID: 'GROUP_CHAT_V2_123', v2: true })
    expect(parseConversationId('GROUP@TGS#1ABC')).toEqual({ kind: 'group', groupID: '@TGS#1ABC', v2: false })
    expect(isGroupChatV2('GROUPGROUP_CHAT_V2_9')).toBe(true)
    expect(isGroupChatV2('C2C42')).toBe(false)
  })
  it('parses one-to-one and system ids', () => {
    expect(parseConversationId('C2C42')).toEqual({ kind: 'c2c', userID: '42' })
    expect(parseConversationId('@TIM#SYSTEM')).toEqual({ kind: 'system' })
    expect(parseConversationId('')).toEqual({ kind: 'unknown', conversationID: '' })
  })
  it('round-trips user and group ids', () => {
    const id = fc.string({ minLength: 1 })
    fc.assert(fc.property(id, (userID) => {
      expect(parseConversationId(c2cConversationId(userID))).toEqual({ kind: 'c2c', userID })
    }))
    fc.assert(fc.property(id, fc.boolean(), (raw, v2) => {
      const groupID = v2 ? `GROUP_CHAT_V2_${raw}` : raw
      expect(parseConversationId(groupConversationId(groupID))).toEqual({ kind: 'group', groupID, v2: v2 || raw.includes('GROUP_CHAT_V2') })
    }))
  })
})
