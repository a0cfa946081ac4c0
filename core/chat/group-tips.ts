// Group tips as readable text — spec 001 §4: "Group block notices: 当前群聊已被禁用 (block On), 当前群聊已解封 (block Off).
// A rename shows 群名称已修改为: {name}. Kick messages are shown only to admins or owners. Group-tip messages are translated to readable text."
// Operation types are the messaging service's group-tip types (1 join … 7 member profile updated).
// Texts the spec does not give are written here in plain simplified Chinese.

export const GROUP_TIP = {
  memberJoined: 1,
  memberQuit: 2,
  memberKickedOut: 3,
  adminSet: 4,
  adminCancelled: 5,
  groupProfileUpdated: 6,
  memberProfileUpdated: 7,
} as const

export const GROUP_BLOCKED_TEXT = '当前群聊已被禁用'
export const GROUP_UNBLOCKED_TEXT = '当前群聊已解封'
export const groupRenamedText = (name: string): string => `群名称已修改为: ${name}`
export const MUTE_ALL_ON_TEXT = '群主或管理员开启了全员禁言'
export const MUTE_ALL_OFF_TEXT = '群主或管理员解除了全员禁言'

export interface GroupTipPayload {
  readonly operationType: number
  /** Display name of whoever did it. */
  readonly operatorName?: string
  /** Display names of the members it was done to. */
  readonly targetNames?: readonly string[]
  readonly newGroupProfile?: {
    readonly name?: string
    /** mute all switched on or off (the SDK's group profile field) */
    readonly muteAllMembers?: boolean
    readonly groupCustomField?: readonly { readonly key: string; readonly value: string }[]
  }
  /** For member profile updates: mute time in seconds, 0 meaning unmuted. */
  readonly memberList?: readonly { readonly name: string; readonly muteTime: number }[]
}

/** The custom group field that carries the block state (On / Off). */
export const GROUP_BLOCK_FIELD = 'block'

export const groupBlockNotice = (value: string | undefined): string | null =>
  value === 'On' ? GROUP_BLOCKED_TEXT : value === 'Off' ? GROUP_UNBLOCKED_TEXT : null

const names = (list: readonly string[] | undefined, fallback: string | undefined): string => {
  const shown = (list ?? []).filter((n) => n !== '')
  return shown.length > 0 ? shown.join('、') : (fallback ?? '')
}

/**
 * The sentence to show for a group tip, or null when this viewer should not see it
 * (kicks are shown only to admins and owners).
 */
export const groupTipText = (tip: GroupTipPayload, viewer: { readonly isAdminOrOwner: boolean }): string | null => {
  const targets = names(tip.targetNames, tip.operatorName)
  switch (tip.operationType) {
    case GROUP_TIP.memberJoined:
      return `${targets} 加入了群聊`
    case GROUP_TIP.memberQuit:
      return `${names(undefined, tip.operatorName) || targets} 退出了群聊`
    case GROUP_TIP.memberKickedOut:
      if (!viewer.isAdminOrOwner) return null
      return tip.operatorName ? `${targets} 被 ${tip.operatorName} 移出了群聊` : `${targets} 被移出了群聊`
    case GROUP_TIP.adminSet:
      return `${targets} 被设置为管理员`
    case GROUP_TIP.adminCancelled:
      return `${targets} 被取消了管理员`
    case GROUP_TIP.groupProfileUpdated: {
      const profile = tip.newGroupProfile
      const block = groupBlockNotice(profile?.groupCustomField?.find((f) => f.key === GROUP_BLOCK_FIELD)?.value)
      if (block !== null) return block
      if (profile?.name !== undefined) return groupRenamedText(profile.name)
      if (profile?.muteAllMembers !== undefined) return profile.muteAllMembers ? MUTE_ALL_ON_TEXT : MUTE_ALL_OFF_TEXT
      return '群资料已更新'
    }
    case GROUP_TIP.memberProfileUpdated: {
      const members = tip.memberList ?? []
      if (members.length === 0) return '群成员资料已更新'
      return members.map((m) => (m.muteTime > 0 ? `${m.name} 被禁言` : `${m.name} 被解除禁言`)).join('，')
    }
    default:
      return '群提示消息'
  }
}
