import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { GROUP_TIP, GROUP_TIP_KEYS, groupBlockNotice, groupTip } from './group-tips'

const admin = { isAdminOrOwner: true }
const member = { isAdminOrOwner: false }

describe('groupTip', () => {
  it('spec tips: block on/off, rename, mute all', () => {
    const block = (value: string) => ({ operationType: GROUP_TIP.groupProfileUpdated, newGroupProfile: { groupCustomField: [{ key: 'block', value }] } })
    expect(groupTip(block('On'), member)).toEqual([{ key: 'blocked' }])
    expect(groupTip(block('Off'), member)).toEqual([{ key: 'unblocked' }])
    expect(groupTip({ operationType: GROUP_TIP.groupProfileUpdated, newGroupProfile: { name: '港股交流群' } }, member)).toEqual([{ key: 'renamed', params: { name: '港股交流群' } }])
    expect(groupBlockNotice('On')).toEqual({ key: 'blocked' })
    expect(groupBlockNotice(undefined)).toBeNull()
    // mute all (the SDK's group profile field muteAllMembers): said as such, not as a profile update
    const muteAll = (on: boolean) => ({ operationType: GROUP_TIP.groupProfileUpdated, newGroupProfile: { muteAllMembers: on } })
    expect(groupTip(muteAll(true), member)).toEqual([{ key: 'muteAllOn' }])
    expect(groupTip(muteAll(false), member)).toEqual([{ key: 'muteAllOff' }])
  })

  it('kicks show only to admins or owners, naming who removed whom', () => {
    const kick = { operationType: GROUP_TIP.memberKickedOut, operatorName: '群主', targetNames: ['小王'] }
    expect(groupTip(kick, admin)).toEqual([{ key: 'kickedBy', params: { names: '小王', operator: '群主' } }])
    expect(groupTip(kick, member)).toBeNull()
  })

  it('member tips quote the names', () => {
    expect(groupTip({ operationType: GROUP_TIP.memberJoined, targetNames: ['甲', '乙'] }, member)).toEqual([{ key: 'joined', params: { names: '甲、乙' } }])
    expect(groupTip({ operationType: GROUP_TIP.memberQuit, operatorName: '丙' }, member)).toEqual([{ key: 'quit', params: { names: '丙' } }])
    expect(groupTip({ operationType: GROUP_TIP.adminSet, targetNames: ['丁'] }, member)).toEqual([{ key: 'adminSet', params: { names: '丁' } }])
    expect(groupTip({ operationType: GROUP_TIP.adminCancelled, targetNames: ['丁'] }, member)).toEqual([{ key: 'adminCancelled', params: { names: '丁' } }])
    expect(groupTip({ operationType: GROUP_TIP.memberProfileUpdated, memberList: [{ name: '戊', muteTime: 600 }, { name: '己', muteTime: 0 }] }, member)).toEqual([
      { key: 'memberMuted', params: { name: '戊' } },
      { key: 'memberUnmuted', params: { name: '己' } },
    ])
  })

  it('every tip except a kick seen by a non-admin says something, with a known key', () => {
    fc.assert(fc.property(fc.integer({ min: -1, max: 12 }), fc.boolean(), fc.array(fc.string({ minLength: 1 }), { maxLength: 3 }), fc.option(fc.string({ minLength: 1 }), { nil: undefined }), (operationType, isAdminOrOwner, targetNames, operatorName) => {
      const parts = groupTip({ operationType, targetNames, operatorName }, { isAdminOrOwner })
      if (operationType === GROUP_TIP.memberKickedOut && !isAdminOrOwner) expect(parts).toBeNull()
      else {
        expect(parts!.length).toBeGreaterThan(0)
        for (const p of parts!) expect(GROUP_TIP_KEYS).toContain(p.key)
      }
    }))
  })
})
