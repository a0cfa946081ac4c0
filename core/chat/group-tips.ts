// Group tips as readable text — spec 001 §4: "Group block notices: 当前群聊已被禁用 (block On), 当前群聊已解封 (block Off).
// A rename shows 群名称已修改为: {name}. Kick messages are shown only to admins or owners. Group-tip messages are translated to readable text."
// Operation types are the messaging service's group-tip types (1 join … 7 member profile updated).
// Core decides what a tip says and to whom; the words are the view's (i18next keys under chat.tip, with
// the spec's sentences in ui/i18n/zh-cn-chat.ts), so a zh-hk reader sees them in traditional script and
// Hong Kong wording like every other text.

export const GROUP_TIP = {
  memberJoined: 1,
  memberQuit: 2,
  memberKickedOut: 3,
  adminSet: 4,
  adminCancelled: 5,
  groupProfileUpdated: 6,
  memberProfileUpdated: 7,
} as const

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

/** One sentence of a tip: the key of its text under `chat.tip` and the names it quotes. */
export interface TipPart {
  readonly key: GroupTipKey
  readonly params?: Readonly<Record<string, string>>
}
export const GROUP_TIP_KEYS = [
  'joined', 'quit', 'kicked', 'kickedBy', 'adminSet', 'adminCancelled', 'blocked', 'unblocked', 'renamed',
  'muteAllOn', 'muteAllOff', 'profileUpdated', 'membersUpdated', 'memberMuted', 'memberUnmuted', 'other',
] as const
export type GroupTipKey = (typeof GROUP_TIP_KEYS)[number]

/** Spec 001 §4: the block field's notice (当前群聊已被禁用 / 当前群聊已解封), or null for any other value. */
export const groupBlockNotice = (value: string | undefined): TipPart | null =>
  value === 'On' ? { key: 'blocked' } : value === 'Off' ? { key: 'unblocked' } : null

const names = (list: readonly string[] | undefined, fallback: string | undefined): string => {
  const shown = (list ?? []).filter((n) => n !== '')
  return shown.length > 0 ? shown.join('、') : (fallback ?? '')
}

/**
 * What a group tip says — one part, or one per member for a member update — or null when this viewer
 * should not see it (kicks are shown only to admins and owners).
 */
export const groupTip = (tip: GroupTipPayload, viewer: { readonly isAdminOrOwner: boolean }): readonly TipPart[] | null => {
  const targets = names(tip.targetNames, tip.operatorName)
  switch (tip.operationType) {
    case GROUP_TIP.memberJoined:
      return [{ key: 'joined', params: { names: targets } }]
    case GROUP_TIP.memberQuit:
      return [{ key: 'quit', params: { names: names(undefined, tip.operatorName) || targets } }]
    case GROUP_TIP.memberKickedOut:
      if (!viewer.isAdminOrOwner) return null
      return [tip.operatorName ? { key: 'kickedBy', params: { names: targets, operator: tip.operatorName } } : { key: 'kicked', params: { names: targets } }]
    case GROUP_TIP.adminSet:
      return [{ key: 'adminSet', params: { names: targets } }]
    case GROUP_TIP.adminCancelled:
      return [{ key: 'adminCancelled', params: { names: targets } }]
    case GROUP_TIP.groupProfileUpdated: {
      const profile = tip.newGroupProfile
      const block = groupBlockNotice(profile?.groupCustomField?.find((f) => f.key === GROUP_BLOCK_FIELD)?.value)
      if (block !== null) return [block]
      if (profile?.name !== undefined) return [{ key: 'renamed', params: { name: profile.name } }]
      if (profile?.muteAllMembers !== undefined) return [{ key: profile.muteAllMembers ? 'muteAllOn' : 'muteAllOff' }]
      return [{ key: 'profileUpdated' }]
    }
    case GROUP_TIP.memberProfileUpdated: {
      const members = tip.memberList ?? []
      if (members.length === 0) return [{ key: 'membersUpdated' }]
      return members.map((m) => ({ key: m.muteTime > 0 ? 'memberMuted' : 'memberUnmuted', params: { name: m.name } }))
    }
    default:
      return [{ key: 'other' }]
  }
}
