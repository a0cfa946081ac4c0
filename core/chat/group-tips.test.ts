import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { GROUP_TIP, groupBlockNotice, groupTipText, MUTE_ALL_OFF_TEXT, MUTE_ALL_ON_TEXT } from './group-tips'

const admin = { isAdminOrOwner: true }
const member = { isAdminOrOwner: false }

describe('groupTipText', () => {
  it('spec texts: block on/off and rename', () => {
    const block = (value: string) => ({ operationType: GROUP_TIP.groupProfileUpdated, newGroupProfile: { groupCustomField: [{ key: 'block', value }] } })
    expect(groupTipText(block('On'), member)).toBe('当前群聊已被禁用')
    expect(groupTipText(block('Off'), member)).toBe('当前群聊已解封')
    expect(groupTipText({ operationType: GROUP_TIP.groupProfileUpdated, newGroupProfile: { name: '港股交流群' } }, member)).toBe('群名称已修改为: 港股交流群')
    expect(groupBlockNotice('On')).toBe('当前群聊已被禁用')
    // mute all (the SDK's group profile field muteAllMembers): said as such, not as a profile update
    const muteAll = (on: boolean) => ({ operationType: GROUP_TIP.groupProfileUpdated, newGroupProfile: { muteAllMembers: on } })
    expect(groupTipText(muteAll(true), member)).toBe(MUTE_ALL_ON_TEXT)
    expect(groupTipText(muteAll(false), member)).toBe(MUTE_ALL_OFF_TEXT)
    expect(groupBlockNotice(undefined)).toBeNull()
  })

  it('kicks show only to admins or owners', () => {
    const kick = { operationType: GROUP_TIP.memberKickedOut, operatorName: '群主', targetNames: ['小王'] }
    expect(groupTipText(kick, admin)).toBe('小王 被 群主 移出了群聊')
    expect(groupTipText(kick, member)).toBeNull()
  })

  it('member tips read as sentences', () => {
    expect(groupTipText({ operationType: GROUP_TIP.memberJoined, targetNames: ['甲', '乙'] }, member)).toBe('甲、乙 加入了群聊')
    expect(groupTipText({ operationType: GROUP_TIP.memberQuit, operatorName: '丙' }, member)).toBe('丙 退出了群聊')
    expect(groupTipText({ operationType: GROUP_TIP.adminSet, targetNames: ['丁'] }, member)).toBe('丁 被设置为管理员')
    expect(groupTipText({ operationType: GROUP_TIP.adminCancelled, targetNames: ['丁'] }, member)).toBe('丁 被取消了管理员')
    expect(groupTipText({ operationType: GROUP_TIP.memberProfileUpdated, memberList: [{ name: '戊', muteTime: 600 }] }, member)).toBe('戊 被禁言')
    expect(groupTipText({ operationType: GROUP_TIP.memberProfileUpdated, memberList: [{ name: '戊', muteTime: 0 }] }, member)).toBe('戊 被解除禁言')
  })

  it('every tip except a kick seen by a non-admin becomes non-empty text', () => {
    fc.assert(fc.property(fc.integer({ min: -1, max: 12 }), fc.boolean(), fc.array(fc.string({ minLength: 1 }), { maxLength: 3 }), fc.option(fc.string({ minLength: 1 }), { nil: undefined }), (operationType, isAdminOrOwner, targetNames, operatorName) => {
      const text = groupTipText({ operationType, targetNames, operatorName }, { isAdminOrOwner })
      if (operationType === GROUP_TIP.memberKickedOut && !isAdminOrOwner) expect(text).toBeNull()
      else expect(typeof text === 'string' && text.length > 0).toBe(true)
    }))
  })
})
