import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { ownChatProfile } from './own-profile'

describe('ownChatProfile', () => {
  it('uses the default avatar when the user has none, and lets anyone add the user', () => {
    expect(ownChatProfile({ nick: '老王', avatar: '' }, '/default.png')).toEqual({
      nick: '老王', avatar: '/default.png', gender: 'Gender_Type_Unknown', selfSignature: '', allowType: 'AllowType_Type_AllowAny',
    })
    expect(ownChatProfile({ nick: '老王', avatar: 'https://a/b.png' }, '/default.png').avatar).toBe('https://a/b.png')
  })
  it('gender, signature and allow type never depend on the user', () => {
    fc.assert(fc.property(fc.string(), fc.option(fc.string()), (nick, avatar) => {
      const p = ownChatProfile({ nick, avatar }, '/d.png')
      expect([p.gender, p.selfSignature, p.allowType]).toEqual(['Gender_Type_Unknown', '', 'AllowType_Type_AllowAny'])
      expect(p.avatar).toBe(avatar ? avatar : '/d.png')
      expect(p.nick).toBe(nick)
    }))
  })
})
