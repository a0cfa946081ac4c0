import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CircleRole } from '../api/circles'
import { roomAccess } from './access'
import { LIVE_MESSAGES } from './limits'

const ROLES: readonly CircleRole[] = ['guest', 'owner', 'admin', 'member', 'reviewer', 'expired', 'stranger']

describe('roomAccess', () => {
  it('a paid column: the circle’s readers watch; a guest logs in, an expired member renews, a stranger buys', () => {
    const of = (role: CircleRole) => roomAccess({ role, paid: true, inviteRequired: false, invitePassed: false })
    expect(ROLES.filter((r) => of(r).canWatch)).toEqual(['owner', 'admin', 'member', 'reviewer'])
    expect(of('guest').message).toBe(LIVE_MESSAGES.loginFirst)
    expect(of('expired').message).toBe(LIVE_MESSAGES.expired)
    expect(of('stranger').message).toBe(LIVE_MESSAGES.joinFirst)
    expect(ROLES.filter((r) => of(r).canManage)).toEqual(['owner', 'admin'])
  })

  it('a free column: everyone watches; a guest does not comment', () => {
    for (const role of ROLES) {
      const a = roomAccess({ role, paid: false, inviteRequired: false, invitePassed: false })
      expect(a.canWatch).toBe(true)
      expect(a.canComment).toBe(role !== 'guest')
    }
  })

  it('a roadshow’s invite code: the owner and admins enter; others once they entered it; a guest logs in first', () => {
    const of = (role: CircleRole, invitePassed: boolean) => roomAccess({ role, paid: false, inviteRequired: true, invitePassed })
    expect(ROLES.filter((r) => of(r, false).canWatch)).toEqual(['owner', 'admin'])
    expect(of('member', false)).toMatchObject({ needInviteCode: true, message: LIVE_MESSAGES.inviteCodeRequired })
    expect(of('guest', false)).toMatchObject({ needInviteCode: false, message: LIVE_MESSAGES.loginFirst })
    expect(ROLES.filter((r) => of(r, true).canWatch)).toEqual(ROLES.filter((r) => r !== 'guest'))
  })

  it('a viewer kicked out of the room (issue 29 userManage) watches nothing there, whatever their membership', () => {
    const of = (role: CircleRole) => roomAccess({ role, paid: false, inviteRequired: false, invitePassed: false, kicked: true })
    expect(ROLES.filter((r) => of(r).canWatch)).toEqual(['owner', 'admin'])
    expect(of('member')).toMatchObject({ canComment: false, message: LIVE_MESSAGES.removedFromRoom })
  })

  it('laws: a message exactly when one may not watch; commenting needs watching and an account; managers always watch', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ROLES), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (role, paid, inviteRequired, invitePassed, kicked) => {
        const a = roomAccess({ role, paid, inviteRequired, invitePassed, kicked })
        expect(a.message === '').toBe(a.canWatch)
        expect(a.canComment).toBe(a.canWatch && role !== 'guest')
        if (role === 'owner' || role === 'admin') expect(a.canWatch && a.canManage).toBe(true)
        if (a.needInviteCode) expect(inviteRequired && !invitePassed && role !== 'guest').toBe(true)
        // a kicked-out reader watches nothing unless they manage the column
        if (kicked && role !== 'owner' && role !== 'admin') expect(a).toMatchObject({ canWatch: false, message: LIVE_MESSAGES.removedFromRoom })
      }),
    )
  })
})
